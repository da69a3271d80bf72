import ModGraphOutput

/// The selected test targets as a test runner takes them.
public enum TestArguments {
    /// A `swift test --filter` expression that runs the selected test
    /// targets' tests and no other (`^(FeedTests|CoreTests)\.`); empty when
    /// no test target is selected, which a script must check first, as a
    /// filter that matches nothing fails `swift test`. Only the packages'
    /// test targets: Xcode's are run by `xcodebuild`.
    public static func swiftTestFilter(_ selection: AffectedSelection) -> String {
        swiftTestFilter(selection.tests)
    }

    /// ``swiftTestFilter(_:)-(AffectedSelection)`` for some of the selected tests (one shard's).
    public static func swiftTestFilter(_ tests: [AffectedSelection.Selected]) -> String {
        let modules = Set(tests.filter { $0.type == .test }.map(\.moduleName)).sorted()
        guard !modules.isEmpty else { return "" }
        return "^(" + modules.map(Escape.regex).joined(separator: "|") + ")\\.\n"
    }

    /// `-only-testing:NAME` for `xcodebuild test`, one argument per selected
    /// test target (a workspace's scheme runs its packages' test targets the
    /// same way), sorted. These are executed, so each name is exactly as
    /// declared, never escaped or rewritten, and each is one argument however
    /// it is written out (`TestArguments` leaves that to the format: NUL
    /// separators, a JSON array); a name that no argument can carry as it is
    /// (a control character, a line break, NUL) or that xcodebuild would read
    /// as more than a target (`/` separates TARGET/CLASS/METHOD) is refused.
    public static func xcodebuildArguments(_ selection: AffectedSelection) throws(UnpassableTestName) -> [String] {
        try xcodebuildArguments(selection.tests)
    }

    public static func xcodebuildArguments(_ tests: [AffectedSelection.Selected]) throws(UnpassableTestName) -> [String] {
        var arguments: [String] = []
        for test in tests where test.type.isTest {
            let name = test.target.name
            if let scalar = name.unicodeScalars.first(where: { $0 == "\u{0}" || Escape.needsSpelling($0) }) {
                throw UnpassableTestName(target: name, problem: "holds \(UnpassableTestName.code(scalar)), which an argument list cannot carry")
            }
            if name.contains("/") {
                throw UnpassableTestName(target: name, problem: "holds '/', which xcodebuild reads as TARGET/CLASS")
            }
            arguments.append("-only-testing:" + name)
        }
        return arguments.sorted()
    }
}

/// A selected test target whose name cannot be passed to `xcodebuild` as one
/// argument that means it. Failing is safer than a test run that silently
/// leaves the target out or runs only part of it.
public struct UnpassableTestName: Error, Equatable, Sendable, CustomStringConvertible {
    public let target: String
    public let problem: String

    public init(target: String, problem: String) {
        self.target = target
        self.problem = problem
    }

    /// A character as people look it up: U+000A.
    static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    public var description: String {
        "test target '\(target)' cannot be passed to xcodebuild: its name \(problem); rename it, or run it by another format (json)"
    }
}
