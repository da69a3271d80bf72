import ArgumentParser
import Foundation
import ModGraphKit

/// `modgraph init`: a starter `.modgraph.yml` for the graph. See docs/configuration.md.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a starter .modgraph.yml for the graph: layers inferred from it, commented, that check passes today.",
        discussion:
            "Apps and executables on top, feature-like modules as an isolated layer, interface modules below them, the rest as core; today's violations of those layers become exceptions, so that only new ones fail. Never overwrites a file without --force."
    )

    @OptionGroup var load: LoadOptions

    @Flag(help: "Replace an existing .modgraph.yml.")
    var force = false

    @Option(name: .shortAndLong, help: "Write here instead of .modgraph.yml in the folder loaded (- for standard output).")
    var output: String?

    func run() throws {
        let loaded = try load.load()
        let initial = try InitRun(on: loaded, requestedPath: load.path, destination: output == "-" ? nil : output)
        let target = output ?? initial.path
        if target != "-", !force, FileManager.default.fileExists(atPath: target) {
            throw CommandError("\(DisplayPath.of(target)) exists; pass --force to replace it")
        }
        try OutputFile.write(initial.text, to: target)
        if target != "-" {
            Console.info(
                "wrote \(DisplayPath.of(target)): layers \(initial.layerSummary)"
                    + (initial.exceptionCount > 0
                        ? ", \(initial.exceptionCount) exception\(initial.exceptionCount == 1 ? "" : "s") for today's violations" : ""))
        }
        if initial.remaining > 0 {
            let rules = initial.remainingByRule.map { "\($0.count) \($0.rule)" }.joined(separator: ", ")
            Console.warning(
                "check still finds \(initial.remaining) error\(initial.remaining == 1 ? "" : "s") no exception covers (\(rules)): "
                    + "fix them, or record them with modgraph check --write-baseline FILE and check with --baseline FILE")
        }
    }
}
