import ModGraphCore
import Testing
@testable import ModGraphChanges

@Suite("graph diff")
struct DiffTests {
    private let app = PackageIdentity("app")
    private func id(_ name: String) -> TargetID { TargetID(package: app, name: name) }

    private func graph(_ names: [String], _ edges: [(String, String)]) -> ModuleGraph {
        ModuleGraph(
            packages: [Package(identity: app, name: "App", path: ".", origin: .root, location: nil, isLoaded: true)],
            targets: names.map { Target(id: id($0), type: .regular, path: nil) }, products: [],
            edges: edges.map { Edge(from: id($0.0), to: id($0.1), kind: .target) })
    }

    private func metrics(depth: Int?, path: Double?, makespan: Double? = 10) -> GraphMetrics {
        GraphMetrics(
            targets: 3, dependencies: 2, depth: depth, waves: depth.map { $0 + 1 }, criticalPath: path, criticalTargets: [],
            makespan: makespan, unit: "lines")
    }

    @Test func targetsAndDependenciesAddedAndRemovedAndFanIn() {
        let base = graph(["App", "Core", "Old"], [("App", "Core"), ("App", "Old")])
        let head = graph(["App", "Core", "Feed"], [("App", "Core"), ("App", "Feed"), ("Feed", "Core")])
        let diff = GraphDiff(from: base, to: head)
        #expect(diff.addedTargets == [id("Feed")])
        #expect(diff.removedTargets == [id("Old")])
        #expect(diff.addedDependencies == [.init(from: id("App"), to: id("Feed")), .init(from: id("Feed"), to: id("Core"))])
        #expect(diff.removedDependencies == [.init(from: id("App"), to: id("Old"))])
        #expect(diff.fanInGrowth.map(\.target) == [id("Core"), id("Feed")])
        #expect(diff.fanInGrowth.first.map { ($0.before, $0.after) } ?? (0, 0) == (1, 2))
        #expect(GraphDiff(from: head, to: head).isEmpty)
    }

    @Test func budgetsSayWhatTheChangeDid() {
        var budgets = Budgets()
        budgets.depthGrowth = 0
        budgets.criticalPathGrowth = .percent(10)
        budgets.makespanGrowth = .absolute(5)
        budgets.newFindings = 0
        let diff = GraphDiff(from: graph([], []), to: graph([], []))
        let checks = budgets.evaluate(
            diff, before: metrics(depth: 2, path: 100), after: metrics(depth: 3, path: 109, makespan: 16), newFindings: 0)
        #expect(checks.map(\.name) == ["depthGrowth", "newFindings", "criticalPathGrowth", "makespanGrowth"])
        #expect(checks.map(\.isExceeded) == [true, false, false, true])
        #expect(checks.map(\.actual) == ["+1", "+0", "+9%", "+6 lines"])
        // A cycle at the head cannot be measured: the budget fails rather than pass unseen.
        let cyclic = budgets.evaluate(diff, before: metrics(depth: 2, path: 100), after: metrics(depth: nil, path: nil), newFindings: 0)
        #expect(cyclic.first?.actual == "not measurable (a cycle)" && cyclic.first?.isExceeded == true)
        #expect(Budgets().evaluate(diff, before: metrics(depth: 1, path: 1), after: metrics(depth: 9, path: 9), newFindings: 9).isEmpty)
    }

    /// However long the lists, the comment fits GitHub's limit, each section closes, and it says what it cut.
    @Test func markdownAlwaysFitsAComment() {
        let names = (0..<20_000).map { "Target\($0)_" + String(repeating: "x", count: 40) }
        let base = graph([], [])
        let head = graph(names, zip(names, names.dropFirst()).map { ($0, $1) })
        let report = DiffReport(
            base: "origin/main", head: "HEAD", graph: GraphDiff(from: base, to: head), before: metrics(depth: 0, path: 0),
            after: metrics(depth: 19_999, path: 20_000), newFindings: [], fixedFindings: [], unchangedFindings: 0,
            config: nil, budgets: [])
        let markdown = DiffMarkdown.render(report)
        #expect(markdown.utf16.count <= 65_536)
        #expect(markdown.contains("more, cut to fit a comment"))
        #expect(markdown.components(separatedBy: "<details").count == markdown.components(separatedBy: "</details>").count)
        let small = DiffMarkdown.render(
            DiffReport(
                base: "a", head: "b", graph: GraphDiff(from: base, to: base), before: metrics(depth: 0, path: 0),
                after: metrics(depth: 0, path: 0), newFindings: [], fixedFindings: [], unchangedFindings: 0,
                config: nil, budgets: []))
        #expect(small.contains("The graph did not change."))
    }

    /// New findings lead with errors, whatever their rules' names, so a comment cut short shows them (issue #34).
    @Test func markdownListsNewErrorsBeforeWarnings() {
        let base = graph([], [])
        let warnings = (0..<300).map { index in
            DiffFinding(
                fingerprint: "stale-config:\(index)", rule: "stale-config", severity: "warning",
                message: "pattern 'P\(index)' matches no target " + String(repeating: "x", count: 120))
        }
        let error = DiffFinding(
            fingerprint: "undeclared-import:a->b", rule: "undeclared-import", severity: "error", message: "App imports Core without declaring it")
        let report = DiffReport(
            base: "a", head: "b", graph: GraphDiff(from: base, to: base), before: metrics(depth: 0, path: 0),
            after: metrics(depth: 0, path: 0), newFindings: warnings + [error], fixedFindings: [], unchangedFindings: 0,
            config: nil, budgets: [])
        #expect(report.newFindings.first == error)
        let markdown = DiffMarkdown.render(report, limit: 3_000)
        #expect(markdown.contains("App imports Core without declaring it"), "\(markdown)")
    }
}
