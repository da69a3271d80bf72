import ArgumentParser
import ModGraphKit

/// `modgraph weights`: weights files from other tools' records of a build.
struct WeightsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weights",
        abstract: "Make weights files from other tools' records of a build.",
        subcommands: [WeightsImportCommand.self]
    )
}

/// `modgraph weights import FILE [PATH]`: XCLogParser's JSON report or a
/// Chrome trace-event file, matched to the graph's targets, as a weights file.
struct WeightsImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read per-target build times from XCLogParser's JSON report or a Chrome trace-event file into a weights file.",
        discussion: """
            FILE is `xclogparser parse --reporter json` (or flatJson) output of an Xcode build, or a trace-event \
            file (SwiftPM's --experimental-trace-events-file, swift-build). Target names are matched to the graph \
            of PATH; a name that several targets have, or none, is left out with a warning, never guessed. \
            `schedule --weights FILE` reads such files directly too. Fields used: docs/planning.md.
            """
    )

    @Argument(help: "The report or trace to read.")
    var file: String

    @OptionGroup var load: LoadOptions

    @Option(name: .shortAndLong, help: "Write the weights file here (atomically) instead of standard output.")
    var output: String?

    func run() throws {
        let loaded = try load.load()
        try OutputFile.write(WeightsImportRun.run(file: file, on: loaded, warnings: Console.warning), to: output)
    }
}
