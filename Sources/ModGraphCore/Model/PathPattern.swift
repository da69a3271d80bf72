/// A glob over repository paths, as `.gitignore` and CI path filters write
/// them: `*` matches within a component, `?` one character, `**` any number
/// of components. A pattern without `/` matches a file's name in any folder
/// (`*.md`); one with `/` matches from the repository's top folder
/// (`docs/**`, `.github/workflows/*.yml`). A pattern that matches a folder
/// matches everything under it (`docs` is `docs/**`).
public struct PathPattern: Hashable, Sendable, CustomStringConvertible {
    /// The longest pattern accepted, in bytes, and the most components.
    public static let maximumLength = 1_024
    public static let maximumComponents = 64

    public let written: String
    private let components: [[UInt8]]
    private let anyFolder: Bool

    public var description: String { written }

    public init(_ text: String) throws(PathPatternError) {
        guard !text.isEmpty else { throw .empty }
        guard text.utf8.count <= Self.maximumLength else { throw .tooLong(Self.maximumLength) }
        var body = Substring(text)
        if body.hasPrefix("./") { body = body.dropFirst(2) }
        let anchored = body.hasPrefix("/")
        let parts = body.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !parts.isEmpty else { throw .empty }
        guard parts.count <= Self.maximumComponents else { throw .tooManyComponents(Self.maximumComponents) }
        guard !parts.contains("..") else { throw .leavesFolder }
        written = text
        components = parts.map { Array($0.utf8) }
        // `*.md` is any folder's `*.md`; `docs/*.md`, `/README.md` and `**/x` are anchored.
        anyFolder = !anchored && parts.count == 1 && parts[0] != "**"
    }

    /// Whether `path` (relative, `/`-separated, no `.` or `..`) or a folder holding it matches.
    ///
    /// - Complexity: O(p × c² × l) for p pattern components, c path components
    ///   and l characters a component: for each folder of the path, every
    ///   (pattern, path) position pair is tried once.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/").map { Array($0.utf8) }
        if anyFolder { return parts.contains { Self.glob(components[0], $0) } }
        guard !parts.isEmpty else { return false }
        // A prefix of the path that matches is a folder holding the file.
        for end in 1...parts.count {
            var memo = [Int8](repeating: -1, count: (components.count + 1) * (end + 1))
            if match(0, 0, parts[0..<end], &memo) { return true }
        }
        return false
    }

    /// Whether `path` (relative) is one that `included` lets in, as XcodeGen's `includes:` do: every path when
    /// the list is empty, else one that a pattern matches or that is under a folder one matches.
    public static func includes(_ included: [PathPattern], _ path: String) -> Bool {
        included.isEmpty || included.contains { $0.matches(path) }
    }

    /// Whether `path` itself matches, not a folder above it: for a walk that has tried each folder
    /// on its way down already.
    ///
    /// - Complexity: O(n) for the shapes excludes are written in (`**/*.md`, `*.md`, `Generated`: one
    ///   glob on the last component, or one comparison), else as ``matches(_:)`` for one prefix.
    public func matchesWhole(_ path: String) -> Bool {
        let isLastOnly = anyFolder || (components.count == 2 && components[0] == Array("**".utf8) && components[1] != Array("**".utf8))
        if isLastOnly {
            // Any folder's name: only the last component is compared, without splitting the path.
            let bytes = Array(path.utf8)
            let start = (bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 }) ?? 0
            return Self.glob(components[components.count - 1], Array(bytes[start...]))
        }
        let parts = path.split(separator: "/").map { Array($0.utf8) }
        guard !parts.isEmpty else { return false }
        var memo = [Int8](repeating: -1, count: (components.count + 1) * (parts.count + 1))
        return match(0, 0, parts[0..<parts.count], &memo)
    }

    private func match(_ p: Int, _ s: Int, _ parts: ArraySlice<[UInt8]>, _ memo: inout [Int8]) -> Bool {
        let key = p * (parts.count + 1) + s
        if memo[key] >= 0 { return memo[key] == 1 }
        let result: Bool
        if p == components.count {
            result = s == parts.count
        } else if components[p] == Array("**".utf8) {
            // Zero components, or one more and stay on `**`.
            result = match(p + 1, s, parts, &memo) || (s < parts.count && match(p, s + 1, parts, &memo))
        } else {
            result = s < parts.count && Self.glob(components[p], parts[parts.startIndex + s]) && match(p + 1, s + 1, parts, &memo)
        }
        memo[key] = result ? 1 : 0
        return result
    }

    /// `*` and `?` within one component.
    ///
    /// - Complexity: O(pattern × name), with the usual backtrack to the last `*`.
    static func glob(_ pattern: [UInt8], _ name: [UInt8]) -> Bool {
        var p = 0
        var n = 0
        var star = -1
        var resume = 0
        while n < name.count {
            if p < pattern.count, pattern[p] == UInt8(ascii: "?") || pattern[p] == name[n], pattern[p] != UInt8(ascii: "*") {
                p += 1
                n += 1
            } else if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
                star = p
                resume = n
                p += 1
            } else if star >= 0 {
                p = star + 1
                resume += 1
                n = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }
}

public enum PathPatternError: Error, Equatable, Sendable {
    case empty
    case tooLong(Int)
    case tooManyComponents(Int)
    case leavesFolder

    public var message: String {
        switch self {
        case .empty: "a path pattern is empty"
        case let .tooLong(limit): "a path pattern is longer than \(limit) bytes"
        case let .tooManyComponents(limit): "a path pattern has more than \(limit) components"
        case .leavesFolder: "a path pattern leaves the repository's folder (`..`)"
        }
    }
}
