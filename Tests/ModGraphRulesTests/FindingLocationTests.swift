import ModGraphCore
import Testing
@testable import ModGraphRules

/// A manifest known line by line, without reading a file.
private struct PlantedManifest: ManifestLines {
    /// Packages whose manifest can be read.
    var readable: Set<PackageIdentity> = [PackageIdentity("app")]
    /// `Target` → line of its declaration.
    var targets: [String: Int] = [:]
    /// `Target → Dependency` as written → line.
    var dependencies: [String: Int] = [:]

    func manifestFile(of package: PackageIdentity) -> String? {
        readable.contains(package) ? "\(package)/Package.swift" : nil
    }

    func line(ofTarget target: String, package: PackageIdentity) -> Int? { targets[target] }

    func line(ofDependency dependency: String, inTarget target: String, package: PackageIdentity) -> Int? {
        dependencies["\(target) → \(dependency)"]
    }

    func reportedPath(_ path: String) -> String { "shown/" + path }
}

/// Each finding points where it should from the moment it is created: the
/// manifest line of the offending dependency, else the target's declaration,
/// else the configuration entry; source findings at their source line.
@Suite("finding locations")
struct FindingLocationTests {
    private static let layers = """
        layers:
          - name: app
            targets: [App]
          - name: core
            targets: [Core]
        unassigned: error
        """

    private func check(
        _ graph: ModuleGraph, _ yaml: String, _ manifest: PlantedManifest,
        sourceFindings: [Finding] = []
    ) throws -> CheckResult {
        try Checker(config: config(yaml)).check(graph, sourceFindings: sourceFindings, manifestLines: manifest)
    }

    @Test func aDependencyFindingPointsAtTheLineThatWritesTheDependency() throws {
        let result = try check(graph("Core -> App"), Self.layers, PlantedManifest(targets: ["Core": 7], dependencies: ["Core → App": 9]))
        let layering = try #require(result.findings.first { $0.rule == .layering })
        #expect(layering.location == SourcePosition(file: "app/Package.swift", line: 9))
    }

    @Test func withoutTheDependencyItPointsAtTheTargetThenAtLineOne() throws {
        let declared = try check(graph("Core -> App"), Self.layers, PlantedManifest(targets: ["Core": 7]))
        #expect(declared.findings.first { $0.rule == .layering }?.location == SourcePosition(file: "app/Package.swift", line: 7))
        let unknown = try check(graph("Core -> App"), Self.layers, PlantedManifest())
        #expect(unknown.findings.first { $0.rule == .layering }?.location == SourcePosition(file: "app/Package.swift", line: 1))
    }

    @Test func anUnreadableManifestLeavesTheConfigurationEntry() throws {
        let result = try check(graph("App -> Core", isolated: ["Stray"]), Self.layers, PlantedManifest(readable: []))
        let unassigned = try #require(result.findings.first { $0.rule == .unassigned })
        #expect(unassigned.location == SourcePosition(file: "shown/.modgraph.yml", line: 6))
        // Without any lookup, the entry as written.
        let plain = try Checker(config: config(Self.layers)).check(graph("App -> Core", isolated: ["Stray"]))
        #expect(plain.findings.first { $0.rule == .unassigned }?.location == SourcePosition(file: ".modgraph.yml", line: 6))
    }

    @Test func aProductDependencyIsFoundByTheProductName() throws {
        let app = PackageIdentity("app")
        let kit = PackageIdentity("kit")
        let graph = ModuleGraph(
            packages: [
                Package(identity: app, name: "App", path: ".", origin: .root, location: nil, isLoaded: true),
                Package(identity: kit, name: "Kit", path: "Kit", origin: .local, location: nil, isLoaded: true),
            ],
            targets: [
                Target(id: TargetID(package: app, name: "App"), type: .regular, path: nil),
                Target(id: TargetID(package: kit, name: "KitCore"), type: .regular, path: nil),
            ],
            products: [],
            edges: [
                Edge(from: TargetID(package: app, name: "App"), to: TargetID(package: kit, name: "KitCore"), kind: .product, product: "Kit")
            ])
        let result = try check(graph, "forbidden:\n  - from: App\n    to: KitCore\n", PlantedManifest(dependencies: ["App → Kit": 12]))
        #expect(result.findings.first { $0.rule == .forbidden }?.location == SourcePosition(file: "app/Package.swift", line: 12))
    }

    @Test func configurationFindingsPointAtTheirEntry() throws {
        let result = try check(
            graph("App -> Core"), Self.layers + "\nexceptions:\n  - from: App\n    to: Core\n    reason: none needed\n", PlantedManifest())
        let stale = result.findings.filter { $0.rule == .staleConfig }
        #expect(stale.map(\.location) == [SourcePosition(file: "shown/.modgraph.yml", line: 8)])
    }

    @Test func sourceFindingsKeepTheirSourceLineWithTheFileNamedForReports() throws {
        let app = PackageIdentity("app")
        let chain = [TargetID(package: app, name: "App"), TargetID(package: app, name: "Core")]
        let imported = Finding(
            rule: .undeclaredImport, severity: .error, chain: chain, message: "m", source: nil,
            sourcePosition: SourcePosition(file: "/abs/App/main.swift", line: 3, column: 1))
        let unused = Finding(rule: .unusedDependency, severity: .warning, chain: chain, message: "m", source: nil)
        let result = try check(
            graph("App -> Core"), "sources: {}\n", PlantedManifest(dependencies: ["App → Core": 4]),
            sourceFindings: [imported, unused])
        #expect(
            result.findings.map(\.location) == [
                SourcePosition(file: "shown//abs/App/main.swift", line: 3, column: 1),
                SourcePosition(file: "app/Package.swift", line: 4),
            ])
        // The scanned position stays as it was, so sorting and fingerprints do not move.
        #expect(result.findings.first?.sourcePosition?.file == "/abs/App/main.swift")
        #expect(result.findings.map(\.fingerprint) == [imported.fingerprint, unused.fingerprint])
    }

    @Test func excusedAndBaselinedFindingsKeepTheirLocations() throws {
        let manifest = PlantedManifest(dependencies: ["Core → App": 9])
        let excusing = Self.layers + "\nexceptions:\n  - from: Core\n    to: App\n    reason: until the split\n"
        let excused = try check(graph("Core -> App"), excusing, manifest)
        #expect(excused.excused.map(\.finding.location) == [SourcePosition(file: "app/Package.swift", line: 9)])

        var result = try check(graph("Core -> App"), Self.layers, manifest)
        Baseline(recording: result.findings).apply(to: &result)
        #expect(result.baselined.map(\.location) == [SourcePosition(file: "app/Package.swift", line: 9)])
    }
}
