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

    /// `-only-testing:` arguments for `xcodebuild test`, one a line (a
    /// workspace's scheme runs its packages' test targets the same way).
    public static func xcodebuildArguments(_ selection: AffectedSelection) -> String {
        xcodebuildArguments(selection.tests)
    }

    public static func xcodebuildArguments(_ tests: [AffectedSelection.Selected]) -> String {
        tests.filter { $0.type.isTest }.map { "-only-testing:" + Escape.text($0.target.name) + "\n" }.sorted().joined()
    }
}
