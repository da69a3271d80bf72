import ArgumentParser
import ModGraphKit

extension WhyFormat: ExpressibleByArgument {}

/// `modgraph why A B`: the dependency paths from one target to another.
struct WhyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "why",
        abstract: "Show why one target depends on another: the paths between them, shortest first.",
        discussion: """
            Each path is a chain of declared dependencies from the first target to the second; a step that \
            applies only on some platforms or with some traits says so. Exit codes: 0 the first depends on \
            the second, 1 it does not (nothing else is wrong), 2 usage or input error.
            """
    )

    @Argument(help: ArgumentHelp("The target that depends (a name, or identity/Name when several packages use it).", valueName: "from"))
    var from: String

    @Argument(help: ArgumentHelp("The target depended on.", valueName: "to"))
    var to: String

    @OptionGroup var load: LoadOptions

    @Option(
        help:
            "Output format: text (for people), json (for programs, see docs/json-format.md), dot (Graphviz) or mermaid: the paths drawn on their own."
    )
    var format: WhyFormat = .text

    @Option(help: "How many of the shortest paths to list, \(OptionBounds.describe(OptionBounds.paths)); the count is of all of them.")
    var limit: Int = 10

    @Option(name: .shortAndLong, help: "Write to this file (atomically) instead of standard output.")
    var output: String?

    func validate() throws {
        try OptionBounds.check(limit, in: OptionBounds.paths, option: "--limit")
    }

    func run() throws {
        let loaded = try load.load()
        let answer = try WhyOutput.render(loaded.graph, from: from, to: to, limit: limit, format: format)
        try OutputFile.write(answer.content, to: output)
        if !answer.found { throw ExitCode(1) }
    }
}
