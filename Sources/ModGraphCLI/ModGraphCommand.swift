import ArgumentParser
import ModGraphKit

/// The `modgraph` command: one subcommand per question the tool answers.
public struct ModGraphCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "modgraph",
        abstract: "Module graphs of Swift packages: draw them, check their layering, plan their builds.",
        discussion: """
            Exit codes: 0 success, 1 findings (commands that check), 2 usage or input error.
            """,
        version: ModGraphVersion.current,
        subcommands: [
            InitCommand.self, GraphCommand.self, WhyCommand.self, ServeCommand.self, CheckCommand.self, FixCommand.self, ScheduleCommand.self,
            AffectedCommand.self, DiffCommand.self,
            MeasureCommand.self, WeightsCommand.self, ReportCommand.self,
        ],
        defaultSubcommand: nil
    )

    public init() {}
}
