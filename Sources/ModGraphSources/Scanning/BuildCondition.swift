/// The condition of an `#if` an import sits in, kept as written so that
/// reports can show it. Only `os(…)` can be judged, and only when the user
/// names a platform (`--platform`); `canImport`, `arch`, compiler versions
/// and custom flags are never guessed.
public indirect enum BuildCondition: Hashable, Sendable, Codable, CustomStringConvertible {
    /// `os(Linux)`, `canImport(UIKit)`, `arch(arm64)`, `DEBUG`, …: a name and its argument, if any.
    case check(name: String, argument: String?)
    case not(BuildCondition)
    case and(BuildCondition, BuildCondition)
    case or(BuildCondition, BuildCondition)
    /// A condition this type does not model (`swift(>=5.9)` and other shapes), as written.
    case other(String)

    /// `a && b`, or `a` alone when there is nothing to join.
    static func all(_ conditions: [BuildCondition]) -> BuildCondition? {
        guard var result = conditions.first else { return nil }
        for next in conditions.dropFirst() { result = .and(result, next) }
        return result
    }

    public var description: String { text(parent: .top) }

    private enum Context { case top, not, and, or }

    private func text(parent: Context) -> String {
        switch self {
        case let .check(name, argument):
            return argument.map { "\(name)(\($0))" } ?? name
        case let .other(text):
            return parent == .top ? text : "(\(text))"
        case let .not(.not(inner)):
            // The `#else` of `#if !X` is X, not `!!X`.
            return inner.text(parent: parent)
        case let .not(inner):
            return "!" + inner.text(parent: .not)
        case let .and(left, right):
            let body = left.text(parent: .and) + " && " + right.text(parent: .and)
            return parent == .not ? "(\(body))" : body
        case let .or(left, right):
            let body = left.text(parent: .or) + " || " + right.text(parent: .or)
            return parent == .top || parent == .or ? body : "(\(body))"
        }
    }

    /// Whether the code under this condition is compiled for `platform` (a
    /// SwiftPM platform name: `linux`, `macos`, …): `true`, `false`, or `nil`
    /// when that depends on something other than the operating system.
    public func holds(onPlatform platform: String) -> Bool? {
        holds(onPlatform: platform, defining: [:])
    }

    /// Whether the code under this condition is compiled for `platform` (`nil`: any, so `os(…)`
    /// is not decided) where the compilation conditions `flags` names are set or not
    /// (`SWIFT_PACKAGE`, which SwiftPM sets for a package's targets and Xcode for no project's),
    /// and `canImport(M)` is what `canImport` says of `M` (`nil`: not known):
    /// `true`, `false`, or `nil` when that depends on something else.
    public func holds(
        onPlatform platform: String?, defining flags: [String: Bool], canImport: (String) -> Bool? = { _ in nil }
    ) -> Bool? {
        switch self {
        case let .check(name, argument):
            if argument == nil, name == "true" || name == "false" { return name == "true" }
            if argument == nil, let value = flags[name] { return value }
            if name == "canImport", let argument {
                let module = argument.prefix { $0 != "," && $0 != "." && !$0.isWhitespace }
                // `canImport(M, _version: 2)` asks more than that M is there: not decided.
                return argument.contains(",") ? nil : canImport(String(module))
            }
            guard name == "os", let argument, let platform else { return nil }
            return Self.osNames(for: platform).contains(argument.lowercased())
        case .other:
            return nil
        case let .not(inner):
            return inner.holds(onPlatform: platform, defining: flags, canImport: canImport).map { !$0 }
        case let .and(left, right):
            let a = left.holds(onPlatform: platform, defining: flags, canImport: canImport)
            let b = right.holds(onPlatform: platform, defining: flags, canImport: canImport)
            if a == false || b == false { return false }
            return a == true && b == true ? true : nil
        case let .or(left, right):
            let a = left.holds(onPlatform: platform, defining: flags, canImport: canImport)
            let b = right.holds(onPlatform: platform, defining: flags, canImport: canImport)
            if a == true || b == true { return true }
            return a == false && b == false ? false : nil
        }
    }

    /// Whether code under this condition is compiled only where `canImport(module)` holds:
    /// `import M` under `#if canImport(M)` (alone, or `&&` something else) is optional by
    /// construction.
    public func requiresCanImport(_ module: String) -> Bool {
        switch self {
        case let .check(name, argument):
            guard name == "canImport", let argument else { return false }
            // `canImport(M, _version: 2)` and `canImport(M._Sub)` name the module first.
            let first = argument.prefix { $0 != "," && $0 != "." && !$0.isWhitespace }
            return first == module
        case .other, .not: return false
        case let .and(left, right): return left.requiresCanImport(module) || right.requiresCanImport(module)
        case let .or(left, right): return left.requiresCanImport(module) && right.requiresCanImport(module)
        }
    }

    /// `os(…)` arguments, lowercased, that are true on a SwiftPM platform.
    private static func osNames(for platform: String) -> Set<String> {
        let name = platform.lowercased()
        switch name {
        case "macos": return ["macos", "osx"]
        case "maccatalyst": return ["ios"]
        case "wasi": return ["wasi"]
        default: return [name]
        }
    }
}
