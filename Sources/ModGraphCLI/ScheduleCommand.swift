import ArgumentParser
import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphPlanning
import ModGraphDiagrams
import ModGraphReport
import ModGraphWeights

/// `modgraph schedule`: how fast the graph could build on N workers, what
/// holds it back, and what to cut first. See docs/planning.md.
struct ScheduleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Plan the build: waves, critical path, a simulated parallel build, bottlenecks.",
        discussion: "Weights: uniform (1 per target), sources (non-blank lines of compiled source), or a JSON file of seconds per target such as `modgraph measure` writes. See docs/planning.md."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, mermaid, svg
    }

    @OptionGroup var load: LoadOptions

    @Option(help: "Workers (parallel compile jobs) to simulate, \(OptionBounds.describe(OptionBounds.workers)); default: this machine's core count.")
    var workers: Int?

    @Option(help: "What a target costs: uniform, sources, or a weights JSON file (a file named like a keyword: ./uniform).")
    var weights: String = "uniform"

    @Option(help: "Output format: text (for people), json (docs/planning.md), mermaid (a gantt chart for Markdown) or svg (a Gantt chart).")
    var format: Format = .text

    @Option(name: .shortAndLong, help: "Write to this file (atomically) instead of standard output.")
    var output: String?

    @Option(help: "Target splits and dependency removals to re-simulate each, most critical first, when looking for bottlenecks (\(OptionBounds.describe(OptionBounds.bottleneckCandidates))).")
    var bottleneckCandidates: Int = 100

    func validate() throws {
        try OptionBounds.check(workers, in: OptionBounds.workers, option: "--workers")
        try OptionBounds.check(bottleneckCandidates, in: OptionBounds.bottleneckCandidates, option: "--bottleneck-candidates")
    }

    func run() throws {
        let workerCount = workers ?? min(ProcessInfo.processInfo.activeProcessorCount, OptionBounds.workers.upperBound)
        let (workspace, graph) = try load.loadWorkspaceAndGraph()
        let targetWeights = try Self.weights(weights, workspace: workspace, graph: graph)
        let plan: BuildPlan
        do {
            plan = try BuildPlan(graph: graph.digraph, weights: targetWeights.values, workers: workerCount,
                                 bottleneckLimit: bottleneckCandidates)
        } catch .cycles(let groups) {
            let cycles = groups.map { $0.path.map { graph.targets[$0].id.description }.joined(separator: " → ") }
            throw CommandError("\(load.path): cannot schedule a graph with dependency cycles: \(cycles.joined(separator: "; "))")
        } catch {
            throw CommandError("\(load.path): cannot schedule: \(error)")
        }
        let report = ScheduleReport(graph: graph, plan: plan, unit: targetWeights.unit.symbol, weightsSource: targetWeights.source,
                                    defaulted: targetWeights.defaulted, defaultWeight: targetWeights.defaultValue)
        let text = switch format {
        case .text: ScheduleText.render(report)
        case .json: ScheduleJSON.render(report)
        case .mermaid: ScheduleMermaid.render(report)
        case .svg: ScheduleSVG.render(report)
        }
        try OutputFile.write(text, to: output)
    }

    /// `uniform`, `sources` or a weights file, with its warnings printed.
    static func weights(_ specification: String, workspace: Workspace, graph: ModuleGraph) throws -> TargetWeights {
        let targetWeights: TargetWeights
        switch specification {
        case "uniform": targetWeights = .uniform(graph: graph)
        case "sources": targetWeights = SourceLineCounter(workspace: workspace).weights(for: graph)
        default:
            do {
                targetWeights = try WeightsFile.weights(at: specification, for: graph)
            } catch {
                throw CommandError(error.description)
            }
        }
        for warning in targetWeights.warnings { Console.warning(warning) }
        return targetWeights
    }
}
