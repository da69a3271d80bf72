import ArgumentParser
import ModGraphKit

extension AffectedFormat: ExpressibleByArgument {}

/// `modgraph affected`: the targets and tests a change can affect. See docs/affected.md.
struct AffectedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "affected",
        abstract: "Select the targets and test targets a change can affect.",
        discussion:
            "The change is git's diff from the merge base of --base and --head (or the working tree), or a list of changed files. Each file selects the targets that own it (a manifest: the targets whose declaration changed; Package.resolved: the users of the packages whose pin moved), then every target that depends on them. An empty selection exits 0. See docs/affected.md."
    )

    @OptionGroup var load: LoadOptions

    @Option(help: "The commit, branch or tag the change is compared with (from its merge base with --head).")
    var base: String?

    @Option(help: "The commit the change ends at (default: the working tree, untracked files included).")
    var head: String?

    @Option(
        help: ArgumentHelp(
            "A file listing the changed files, one a line, relative to the repository's top folder; - for standard input.",
            valueName: "file"))
    var changedFiles: String?

    @Flag(help: "Select every target and test target, with no change to read (a push to the main branch that runs every test, in the same formats).")
    var all = false

    @Option(
        help:
            "The configuration whose affected: section says what files no target owns do (default: .modgraph.yml, found as check finds it)."
    )
    var config: String?

    @Option(
        help:
            "Output format: text, json, swift-test (a --filter expression), xcodebuild (-only-testing: arguments, each ended by NUL for xargs -0), github-matrix (a strategy.matrix of shards), xctestplan (an Xcode test plan of the selected test targets), xcscheme (an Xcode scheme that tests them)."
    )
    var format: AffectedFormat = .text

    @Option(
        help: ArgumentHelp(
            "An Xcode test plan (.xctestplan) to write back with every test target that is not selected turned off (implies --format xctestplan).",
            valueName: "file"))
    var testPlan: String?

    @Option(
        help:
            "Spread the selected test targets over this many CI machines, \(OptionBounds.describe(OptionBounds.shards)), so that the slowest finishes first (github-matrix: default 1)."
    )
    var shards: Int?

    @Option(
        help:
            "What a target costs a shard's machine: sources (lines of compiled source), uniform (1 each), or a weights JSON file such as `modgraph measure` writes."
    )
    var weights: String = WeightsChoice.defaultArgument

    @Option(name: .shortAndLong, help: "Write to this file (atomically) instead of standard output.")
    var output: String?

    func validate() throws {
        for (option, ref) in [("--base", base), ("--head", head)] where ref?.isEmpty == true {
            throw ValidationError("\(option): the ref is empty; give a branch, tag or commit, such as origin/main")
        }
        try OptionBounds.check(shards, in: OptionBounds.shards, option: "--shards")
        if testPlan != nil, format != .text, format != .xctestplan {
            throw ValidationError("--test-plan writes a test plan: use it without --format, or with --format xctestplan")
        }
        if all {
            guard base == nil, head == nil, changedFiles == nil else {
                throw ValidationError("--all reads no change: use it without --base, --head and --changed-files")
            }
            return
        }
        switch (base, changedFiles) {
        case (nil, nil): throw ValidationError("say what changed: --base REF (with git), --changed-files FILE, or --all")
        case (.some, .some): throw ValidationError("--base and --changed-files cannot be used together")
        case (nil, .some) where head != nil: throw ValidationError("--head needs --base")
        default: break
        }
    }

    func run() throws {
        let loaded = try load.load(configuration: config)
        let changes: AffectedRequest.Changes =
            if all { .all } else if let changedFiles { .list(changedFiles) } else { .git(base: base ?? "", head: head) }
        let request = AffectedRequest(
            load: load.request(configuration: config), changes: changes,
            shards: shards ?? (format == .githubMatrix ? 1 : nil), weights: WeightsChoice(argument: weights), testPlan: testPlan)
        let run = try AffectedRun(request, on: loaded, warnings: Console.warning)
        try OutputFile.write(run.render(as: testPlan == nil ? format : .xctestplan), to: output)
    }
}
