import ArgumentParser
import ModGraphKit

extension DiffFormat: ExpressibleByArgument {}

/// `modgraph diff`: what a change did to the graph, its findings and its shape. See docs/affected.md.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare the graph with the base: targets and dependencies, findings, depth, critical path, budgets.",
        discussion:
            "The base is the merge base of --base and --head, checked out in a private temporary folder, or --base-path (a dump JSON or any input). Findings are judged by the head's configuration; the new ones are what the change must fix. With budgets: in .modgraph.yml, the command exits 1 when the change exceeds one. See docs/affected.md."
    )

    @OptionGroup var load: LoadOptions

    @Option(help: "The commit, branch or tag to compare with (from its merge base with --head).")
    var base: String?

    @Option(help: "The commit to compare (default: the working tree).")
    var head: String?

    @Option(
        parsing: .singleValue,
        help: ArgumentHelp("What to load as the base instead of a commit (repeat for several inputs).", valueName: "path"))
    var basePath: [String] = []

    @Option(
        help:
            "The configuration whose rules judge both graphs and whose budgets: gate the change (default: .modgraph.yml, found as check finds it)."
    )
    var config: String?

    @Option(help: ArgumentHelp(OptionBounds.workersHelp))
    var workers: Int = ScheduleRequest.defaultWorkers

    @Option(help: ArgumentHelp(OptionBounds.weightsHelp))
    var weights: String = WeightsChoice.defaultArgument

    @Option(help: "Output format: text, json, markdown (a pull-request comment within GitHub's limit).")
    var format: DiffFormat = .text

    @Option(name: .shortAndLong, help: "Write to this file (atomically) instead of standard output.")
    var output: String?

    func validate() throws {
        for (option, ref) in [("--base", base), ("--head", head)] where ref?.isEmpty == true {
            throw ValidationError("\(option): the ref is empty; give a branch, tag or commit, such as origin/main")
        }
        try OptionBounds.check(workers, in: OptionBounds.workers, option: "--workers")
        switch (base, basePath.isEmpty) {
        case (nil, true): throw ValidationError("say what to compare with: --base REF (with git), or --base-path PATH")
        case (.some, false): throw ValidationError("--base and --base-path cannot be used together")
        case (nil, false) where head != nil: throw ValidationError("--head needs --base")
        default: break
        }
    }

    func run() throws {
        let loaded = try load.load(configuration: config)
        let baseChoice: DiffRequest.Base = basePath.isEmpty ? .git(ref: base ?? "", head: head) : .paths(basePath)
        let request = DiffRequest(
            load: load.request(configuration: config), base: baseChoice,
            workers: workers, weights: WeightsChoice(argument: weights))
        let run = try DiffRun(request, head: loaded, warnings: Console.warning)
        try OutputFile.write(run.render(as: format), to: output)
        for check in run.report.exceeded {
            Console.error("budget \(check.name) exceeded: allowed \(check.limit), the change made it \(check.actual)")
        }
        if run.exitCode != 0 { throw ExitCode(run.exitCode) }
    }
}
