import ArgumentParser
import ModGraphKit

/// `modgraph fix`: the edits `check` asks for, as a diff or made. See docs/fix.md.
struct FixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "Make the edits check asks for: declare what targets import, remove what they do not use.",
        discussion: """
            Runs check as check runs (the same loading, .modgraph.yml, exceptions), then edits the Package.swift \
            of each target with a finding that has one obvious edit (undeclared-import, unused-dependency), keeping \
            the manifest's formatting, and removes an Xcode target's unused package product or target dependency \
            from its project.pbxproj in Xcode's layout. Prints the edits as a unified diff (git apply takes it); \
            --write makes them, then loads the graph and checks again, and puts every file back when it no longer \
            loads. What it cannot edit (a dependency to add to an Xcode target, XcodeGen specs, Podfiles) keeps \
            its finding's advice, each said with why. See docs/fix.md.

            Exit codes: 0 done or nothing to fix, 1 with --check when there is something to fix, 2 usage or input error.
            """
    )

    @OptionGroup var load: LoadOptions

    @Option(help: "The configuration file (default: .modgraph.yml found from the package folder up).")
    var config: String?

    @Option(
        name: .customLong("only"),
        help: ArgumentHelp("Fix only this kind of finding: \(FixRequest.fixableKindNames.joined(separator: ", ")) (repeatable).", valueName: "kind"))
    var only: [String] = []

    @Option(name: .customLong("target"), help: ArgumentHelp("Fix only this target's findings, by name (repeatable).", valueName: "name"))
    var targets: [String] = []

    @Flag(help: "Make the edits, then reload the graph and check again (atomically; every file put back if the graph no longer loads).")
    var write = false

    @Flag(help: "Exit 1 when there is something to fix, printing nothing but the summary (for CI: the graph is tidy).")
    var check = false

    @Option(name: .shortAndLong, help: "Write the diff to this file (atomically) instead of standard output.")
    var output: String?

    func validate() throws {
        if write && check { throw ValidationError("--write and --check cannot be used together") }
        if write && output != nil { throw ValidationError("--write makes the edits; --output writes the diff instead: use one") }
    }

    func run() throws {
        let loaded = try load.load(configuration: config)
        let request = FixRequest(load: load.request(configuration: config), only: only, targets: Set(targets))
        let fix = try FixRun(request, on: loaded, warnings: Console.warning)
        for left in fix.notFixed { Console.note("not fixed: \(left.subject): \(left.reason)") }
        let files = fix.edits.count
        let summary =
            "\(fix.fixedCount) of \(fix.fixableCount) finding\(fix.fixableCount == 1 ? "" : "s") with an edit fixed in \(files) file\(files == 1 ? "" : "s")"
        // Findings fix cannot edit are not "nothing to fix": check still reports them.
        let nothing =
            fix.fixableCount == 0
            ? "nothing to fix"
            : "none of the \(fix.fixableCount) finding\(fix.fixableCount == 1 ? "" : "s") with an edit can be made here; each `not fixed:` note says why"
        if check {
            Console.info("fix: " + (files == 0 ? nothing : summary + " when `modgraph fix --write` runs"))
            if files > 0 { throw ExitCode(1) }
            return
        }
        guard write else {
            try OutputFile.write(fix.diff, to: output)
            Console.info("fix: " + (files == 0 ? nothing : summary + " (a diff; `modgraph fix --write` makes the edits)"))
            return
        }
        guard files > 0 else {
            Console.info("fix: " + nothing)
            return
        }
        let written = try fix.write(warnings: Console.warning)
        Console.info("fix: wrote \(written.files.joined(separator: ", ")): \(summary)")
        for edge in written.edgesAdded { Console.info("fix: dependency added: \(edge)") }
        for edge in written.edgesRemoved { Console.info("fix: dependency removed: \(edge)") }
        Console.info(
            "fix: check now finds \(written.remaining) of the \(fix.fixedCount) fixed finding\(fix.fixedCount == 1 ? "" : "s")")
        if !written.findingsAdded.isEmpty || !written.findingsGone.isEmpty {
            Console.info(
                "fix: the edits changed check's other findings: \(written.findingsAdded.count) new, \(written.findingsGone.count) gone (`modgraph check` says which to act on)")
            for finding in written.findingsAdded { Console.info("fix: new finding: \(finding)") }
            for finding in written.findingsGone { Console.info("fix: finding gone: \(finding)") }
        }
    }
}
