/// Collects what the app says about itself.
public final class Logger {
    public private(set) var lines: [String] = []

    public init() {}

    public func log(_ line: String) {
        lines.append(line)
    }
}
