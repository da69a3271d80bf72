import ModGraphCore
@testable import ModGraphRules

/// A one-package graph from `"A -> B, B -> C"`; `types` overrides target types.
func graph(_ description: String, isolated extra: [String] = [], types: [String: TargetType] = [:]) -> ModuleGraph {
    let package = PackageIdentity("app")
    var names = Set(extra)
    var edges: [Edge] = []
    for item in description.split(separator: ",") {
        let ends = item.split(separator: "->").map { String($0).trimmed() }
        guard ends.count == 2 else { continue }
        names.formUnion(ends)
        edges.append(Edge(from: TargetID(package: package, name: ends[0]), to: TargetID(package: package, name: ends[1]), kind: .target))
    }
    names.formUnion(types.keys)
    return ModuleGraph(
        packages: [Package(identity: package, name: "App", path: ".", origin: .root, location: nil, isLoaded: true)],
        targets: names.map { Target(id: TargetID(package: package, name: $0), type: types[$0] ?? .regular, path: nil) },
        products: [], edges: edges
    )
}

func config(_ yaml: String) throws -> CheckConfig {
    try ConfigParser.parse(yaml, file: ".modgraph.yml")
}

func check(_ graph: ModuleGraph, _ yaml: String) throws -> CheckResult {
    try Checker(config: config(yaml)).check(graph)
}

/// `rule: A → B → C` for each finding, in report order; stale-configuration
/// warnings only when asked, since small test graphs leave many patterns unused.
func summary(_ result: CheckResult, includingStale: Bool = false) -> [String] {
    result.findings.filter { includingStale || $0.rule != .staleConfig }.map {
        "\($0.rule.rawValue): " + ($0.chain.isEmpty ? $0.message : $0.chain.map(\.name).joined(separator: " → "))
    }
}

extension String {
    func trimmed() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
