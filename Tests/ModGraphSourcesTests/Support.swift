import ModGraphCore
import ModGraphRules
@testable import ModGraphSources

/// A one-package graph (identity `app`) from `"A -> B, B -> C"`; `types` overrides target types,
/// `conditions` puts a condition on an edge (`"A -> B": Condition(platforms: ["linux"])`), `platforms`
/// the platforms a target is built for (as an Xcode target's SDK says them).
func graph(
    _ description: String, types: [String: TargetType] = [:], conditions: [String: Condition] = [:], platforms: [String: [String]] = [:]
) -> ModuleGraph {
    let package = PackageIdentity("app")
    var names = Set(types.keys)
    var edges: [Edge] = []
    for item in description.split(separator: ",") {
        let ends = item.split(separator: "->").map { $0.split(separator: " ").joined() }
        guard ends.count == 2 else { continue }
        names.formUnion(ends)
        edges.append(
            Edge(
                from: TargetID(package: package, name: ends[0]), to: TargetID(package: package, name: ends[1]),
                kind: .target, condition: conditions["\(ends[0]) -> \(ends[1])"]))
    }
    return ModuleGraph(
        packages: [Package(identity: package, name: "App", path: ".", origin: .root, location: nil, isLoaded: true)],
        targets: names.map { Target(id: id($0), type: types[$0] ?? .regular, path: "Sources/\($0)", platforms: platforms[$0]) },
        products: [], edges: edges
    )
}

func id(_ name: String, _ package: String = "app") -> TargetID {
    TargetID(package: PackageIdentity(package), name: name)
}

/// The `sources:` settings of a configuration written in YAML.
func settings(_ yaml: String) throws -> CheckConfig.SourceChecks {
    let parsed = try ConfigParser.parse(yaml, file: ".modgraph.yml")
    guard let sources = parsed.sources else {
        throw ConfigError(file: ".modgraph.yml", line: nil, problem: "no sources: in the test's YAML")
    }
    return sources
}

/// Files of one target, scanned from their text: `["A.swift": "import B"]`, paths under `/src/<target>/`.
func files(_ target: String, _ texts: [String: String], interface: Bool = false) -> [ScannedFile] {
    texts.keys.sorted().map { name in
        SourceScanner.scan(text: texts[name] ?? "", path: "/src/\(target)/\(name)", auditInterface: interface)
    }
}

/// The findings of `yaml`'s source checks on `graph`, one line each: `rule: message @ file:line:column`.
func run(
    _ graph: ModuleGraph, _ yaml: String, _ scanned: [TargetID: [ScannedFile]], platform: String? = nil,
    clang: [TargetID: ClangImports.Result] = [:]
) throws -> [String] {
    let checker = SourceChecker(settings: try settings(yaml), platform: platform)
    let folders = Dictionary(uniqueKeysWithValues: scanned.keys.map { ($0, "/src/\($0.name)") })
    return checker.findings(graph, scanned: scanned, folders: folders, clang: clang).map { finding in
        let position =
            finding.sourcePosition.map {
                " @ \($0.file.split(separator: "/").suffix(2).joined(separator: "/")):\($0.line):\($0.column ?? 0)"
            } ?? ""
        return "\(finding.severity == .error ? "" : finding.severity.rawValue + " ")\(finding.rule.rawValue): \(finding.message)\(position)"
    }
}
