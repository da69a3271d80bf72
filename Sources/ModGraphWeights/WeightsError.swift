/// Why weights could not be read or measured: one line naming the file
/// (or the package) and what to do about it.
public enum WeightsError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case malformed(path: String, problem: String)
    case invalidValue(path: String, key: String, value: String)
    /// A weight above ``WeightsFile/maximumWeight``.
    case tooLarge(path: String, key: String, value: String)
    case ambiguousName(path: String, name: String, candidates: [String])
    case duplicate(path: String, target: String)
    case nothingMatches(path: String)
    case notAPackageFolder(path: String)
    case scratchNotEmpty(path: String)
    case buildFailed(package: String, status: Int32, diagnostics: String)
    case buildTimedOut(package: String, timeout: Duration)
    case noStatistics(package: String, folder: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            "\(path): cannot read: \(reason)"
        case let .malformed(path, problem):
            "\(path): not a weights file: \(problem)"
        case let .invalidValue(path, key, value):
            "\(path): the weight of '\(key)' is \(value); weights are seconds, zero or more"
        case let .tooLarge(path, key, value):
            "\(path): the weight of '\(key)' is \(value); weights are at most \(Int(WeightsFile.maximumWeight)) s (11.6 days)"
        case let .ambiguousName(path, name, candidates):
            "\(path): '\(name)' names several targets (\(candidates.joined(separator: ", "))); write identity/Name"
        case let .duplicate(path, target):
            "\(path): \(target) is given more than once"
        case let .nothingMatches(path):
            "\(path): no entry names a target of this graph; keys are identity/Name or a target name"
        case let .notAPackageFolder(path):
            "\(path): measure needs a package folder (with a Package.swift) to build"
        case let .scratchNotEmpty(path):
            "\(path): the scratch folder must be new or empty, so that the build is clean"
        case let .buildFailed(package, status, diagnostics):
            "\(package): swift build failed (exit \(status))" + (diagnostics.isEmpty ? "" : "\n\(diagnostics)")
        case let .buildTimedOut(package, timeout):
            "\(package): swift build still running after \(Self.seconds(timeout)), stopped; if the build is only slow, pass --build-timeout with more seconds"
        case let .noStatistics(package, folder):
            "\(package): the build wrote no compiler statistics to \(folder); is this a Swift package with sources?"
        }
    }

    /// `7200 s`, `0.5 s`.
    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds) s" }
        return "\(((Double(seconds) + Double(attoseconds) / 1e18) * 1000).rounded() / 1000) s"
    }
}
