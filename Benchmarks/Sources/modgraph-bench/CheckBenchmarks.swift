import BenchmarkKit
import ModGraphCore
import ModGraphRules

/// `modgraph check` on a 5,000-target graph with 200 isolated verticals (issue
/// target: under 1 s), with planted vertical → vertical edges so that the
/// isolation search finds and reports chains.
func checkBenchmarks() -> [Measurement] {
    let graph = SyntheticGraph.modularApp(targets: 5_000, verticals: 200, verticalEdges: 50, seed: 3)
    let yaml = """
    layers:
      - name: app
        targets: [App]
      - name: features
        targets: ["Feature{vertical}Part*"]
        isolated: true
      - name: interfaces
        targets: [VerticalInterfaces]
      - name: core
        targets: ["Core*"]
    limits:
      depth: 40
      fanOut: 250
    """
    guard let config = try? ConfigParser.parse(yaml, file: "benchmark.yml") else {
        fatalError("the benchmark's configuration does not parse")
    }
    let checker = Checker(config: config)
    var findings = 0
    let measurement = measure("check: \(graph.targets.count) targets, 200 isolated verticals", target: 1) {
        findings = (try? checker.check(graph).findings.count) ?? -1
    }
    precondition(findings > 0, "the planted vertical edges must be found")
    return [measurement]
}
