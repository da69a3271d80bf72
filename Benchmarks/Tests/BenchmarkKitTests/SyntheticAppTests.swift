import BenchmarkKit
import Foundation
import ModGraphCore
import ModGraphManifest
import Testing

private func scratch() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-gen-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
}

private func edgeNames(_ graph: ModuleGraph) -> [String] {
    graph.edges.map { "\($0.from) -> \($0.to)" }.sorted()
}

private func files(under folder: String) throws -> [String: Data] {
    let names = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
    var contents: [String: Data] = [:]
    for name in names {
        if let data = FileManager.default.contents(atPath: folder + "/" + name) { contents[name] = data }
    }
    return contents
}

@Suite("synthetic apps")
struct SyntheticAppTests {
    @Test(arguments: [(12, 1), (100, 1), (1_000, 1), (5_000, 1), (40, 4), (200, 10), (1_000, 50)])
    func exactlyTheTargetsAskedFor(_ targets: Int, _ packages: Int) {
        let app = SyntheticApp(targets: targets, packages: packages, seed: 3)
        #expect(app.modules.count == targets)
        #expect(app.packages.count == packages)
        #expect(Set(app.modules.map(\.name)).count == targets, "module names are unique")
        // Every package has targets, and the root has the apps.
        #expect(Set(app.modules.map(\.package)) == Set(0..<packages))
        #expect(app.modules.filter { $0.role == .app }.allSatisfy { $0.package == 0 })
        #expect(app.modules.allSatisfy { !$0.sourceLines.isEmpty })
        let graph = SyntheticGraph.moduleGraph(of: app)
        #expect(graph.targets.count == targets)
        #expect(graph.digraph.isAcyclic)
    }

    /// SwiftPM rejects packages that depend on each other in a circle (before
    /// tools 6.0), so only planted core → vertical edges may make one.
    @Test(arguments: [(60, 10, 0), (300, 10, 0), (1_000, 50, 0), (1_000, 200, 0), (2_000, 30, 0), (2_000, 30, 12)])
    func packagesDoNotDependOnEachOtherInACircle(_ targets: Int, _ packages: Int, _ violations: Int) {
        let app = SyntheticApp(targets: targets, packages: packages, seed: 11)
        let planted = SyntheticApp(targets: targets, packages: packages, violations: violations, seed: 11)
        for candidate in [app, planted] {
            var pairs: [(Int, Int)] = []
            for module in candidate.modules {
                for dependency in module.dependencies where candidate.modules[dependency].package != module.package {
                    let upward = module.role == .core && candidate.modules[dependency].role == .vertical
                    if !upward { pairs.append((module.package, candidate.modules[dependency].package)) }
                }
            }
            #expect(Digraph(vertexCount: packages, edges: pairs).isAcyclic)
        }
        // Each vertical package holds a run of verticals and is named after the first.
        for (index, name) in app.packages.enumerated() where index >= 2 && !name.hasPrefix("Core") {
            #expect(app.modules.contains { $0.package == index && $0.name == name })
        }
    }

    @Test func minimumTargetsIsTheBoundary() throws {
        for packages in [1, 4, 10, 50, 200] {
            let minimum = try #require(SyntheticApp.minimumTargets(packages: packages))
            #expect(SyntheticApp(targets: minimum, packages: packages).modules.count == minimum)
        }
        #expect(SyntheticApp.minimumTargets(packages: 2) == nil)
    }

    @Test func theLayersHold() {
        // Without planted faults: verticals use no other vertical, core uses no vertical,
        // and interfaces use only core.
        let app = SyntheticApp(targets: 300, seed: 5)
        for module in app.modules {
            for dependency in module.dependencies.map({ app.modules[$0] }) {
                switch module.role {
                case .core: #expect(dependency.role == .core)
                case .interfaces: #expect(dependency.role == .core)
                case .vertical, .test:
                    #expect(dependency.vertical == nil || dependency.vertical == module.vertical, "\(module.name) -> \(dependency.name)")
                case .app: #expect(dependency.role != .test)
                }
            }
        }
    }

    @Test func plantedViolationsAndCyclesAreThereAndOnlyThem() {
        let app = SyntheticApp(targets: 400, violations: 6, cycles: 3, seed: 9)
        #expect(app.planted.count == 9)
        var crossVertical = 0
        var upward = 0
        for module in app.modules {
            for dependency in module.dependencies.map({ app.modules[$0] }) {
                if let own = module.vertical, let other = dependency.vertical, own != other { crossVertical += 1 }
                if module.role == .core, dependency.role == .vertical { upward += 1 }
            }
        }
        #expect(crossVertical == app.planted.filter { $0.kind == .verticalToVertical }.count)
        #expect(upward == app.planted.filter { $0.kind == .coreToVertical }.count)
        #expect(upward >= 1 && crossVertical >= 1)
        let groups = SyntheticGraph.moduleGraph(of: app).digraph.cycleGroups()
        #expect(groups.count == 3)
        // Violations alone never close a cycle.
        #expect(SyntheticGraph.moduleGraph(of: SyntheticApp(targets: 400, violations: 20, seed: 9)).digraph.isAcyclic)
    }

    @Test func theSameSeedWritesTheSameFiles() throws {
        let first = try scratch(), second = try scratch(), third = try scratch()
        defer { for folder in [first, second, third] { try? FileManager.default.removeItem(atPath: folder) } }
        for format in SyntheticProjectWriter.Format.allCases {
            try SyntheticProjectWriter(app: SyntheticApp(targets: 120, packages: 6, violations: 2, seed: 4)).write(to: first + "/\(format)", format: format)
            try SyntheticProjectWriter(app: SyntheticApp(targets: 120, packages: 6, violations: 2, seed: 4)).write(to: second + "/\(format)", format: format)
            try SyntheticProjectWriter(app: SyntheticApp(targets: 120, packages: 6, violations: 2, seed: 5)).write(to: third + "/\(format)", format: format)
        }
        let (a, b, c) = (try files(under: first + "/swift"), try files(under: second + "/swift"), try files(under: third + "/swift"))
        #expect(a == b)
        #expect(a != c)
        #expect(a.keys.contains("App/Package.swift"))
        #expect(a.keys.contains { $0.hasPrefix("App/Sources/App/main.swift") })
        // JSON dumps contain the folder, so compare them with it taken out.
        let jsonA = try files(under: first + "/json").mapValues { String(decoding: $0, as: UTF8.self).replacingOccurrences(of: first, with: "") }
        let jsonB = try files(under: second + "/json").mapValues { String(decoding: $0, as: UTF8.self).replacingOccurrences(of: second, with: "") }
        #expect(jsonA == jsonB)
    }

    @Test func theJSONDumpsLoadIntoTheBlueprintsGraph() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = SyntheticApp(targets: 150, packages: 8, violations: 3, cycles: 1, seed: 2)
        let root = try SyntheticProjectWriter(app: app).write(to: folder, format: .json)
        let workspace = try WorkspaceLoader(provider: StoredDumpProvider()).load(directory: root)
        let loaded = try GraphBuilder().build(workspace)
        let expected = SyntheticGraph.moduleGraph(of: app)
        #expect(loaded.targets.map(\.id) == expected.targets.map(\.id))
        #expect(loaded.targets.map(\.type) == expected.targets.map(\.type))
        #expect(edgeNames(loaded) == edgeNames(expected))
        #expect(loaded.packages.map(\.identity) == expected.packages.map(\.identity))
    }

    /// The JSON mode stands in for the toolchain only if the toolchain agrees.
    @Test func realDumpsOfTheManifestsGiveTheSameGraphAsTheJSON() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = SyntheticApp(targets: 60, packages: 4, violations: 2, cycles: 1, seed: 8)
        let swiftRoot = try SyntheticProjectWriter(app: app).write(to: folder + "/swift", format: .swift)
        let jsonRoot = try SyntheticProjectWriter(app: app).write(to: folder + "/json", format: .json)
        let fromSwift = try GraphBuilder().build(WorkspaceLoader(provider: DumpPackageRunner()).load(directory: swiftRoot))
        let fromJSON = try GraphBuilder().build(WorkspaceLoader(provider: StoredDumpProvider()).load(directory: jsonRoot))
        #expect(fromSwift.targets == fromJSON.targets)
        #expect(fromSwift.edges == fromJSON.edges)
        #expect(fromSwift.products == fromJSON.products)
    }
}
