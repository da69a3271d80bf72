import ModGraphCore
import ModGraphTestSupport
import Testing
@testable import ModGraphChanges

@Suite("affected selection")
struct AffectedSelectionTests {
    private let app = PackageIdentity("app")
    private func id(_ name: String) -> TargetID { TargetID(package: app, name: name) }

    /// Core ← Feed, Profile ← App; FeedTests → Feed, CoreTests → Core; Interfaces alone.
    private func graph() -> ModuleGraph {
        let names: [(String, TargetType)] = [
            ("App", .executable), ("Core", .regular), ("CoreTests", .test), ("Feed", .regular),
            ("FeedTests", .test), ("Interfaces", .regular), ("Profile", .regular),
        ]
        let edges = [
            ("App", "Feed"), ("App", "Profile"), ("Feed", "Core"), ("Profile", "Core"), ("FeedTests", "Feed"), ("CoreTests", "Core"),
        ]
        return ModuleGraph(
            packages: [Package(identity: app, name: "App", path: ".", origin: .root, location: nil, isLoaded: true)],
            targets: names.map { Target(id: id($0.0), type: $0.1, path: "Sources/\($0.0)") },
            products: [], edges: edges.map { Edge(from: id($0.0), to: id($0.1), kind: .target) })
    }

    @Test func aCoreChangeSelectsEveryTransitiveDependentAndItsTests() {
        let selection = AffectedSelection(graph: graph(), seeds: [id("Core"): .changedFiles(["Sources/Core/A.swift"], count: 1)])
        #expect(selection.targets.map(\.target.name) == ["App", "Core", "CoreTests", "Feed", "FeedTests", "Profile"])
        #expect(selection.tests.map(\.target.name) == ["CoreTests", "FeedTests"])
        #expect(selection.selected(id("App"))?.reason == .dependency(through: id("Feed"), changed: id("Core"), steps: 2))
        #expect(selection.chain(of: id("App")) == [id("App"), id("Feed"), id("Core")])
        #expect(selection.graphTargetCount == 7 && selection.graphTestCount == 2)
    }

    @Test func aVerticalChangeSelectsOnlyItTheAppAndItsTests() {
        let selection = AffectedSelection(graph: graph(), seeds: [id("Feed"): .changedFiles(["Sources/Feed/F.swift"], count: 1)])
        #expect(selection.targets.map(\.target.name) == ["App", "Feed", "FeedTests"])
        #expect(selection.tests.map(\.target.name) == ["FeedTests"])
    }

    @Test func nothingChangedSelectsNothingAndEverythingSelectsAll() {
        #expect(AffectedSelection(graph: graph(), seeds: [:]).targets.isEmpty)
        // A seed the filters removed is ignored.
        #expect(AffectedSelection(graph: graph(), seeds: [id("Gone"): .added("new")]).targets.isEmpty)
        let all = AffectedSelection(graph: graph(), seeds: [:], everything: EverythingReason(file: "x", message: "x is unowned"))
        #expect(all.targets.count == 7)
        #expect(all.targets.allSatisfy { $0.reason == .everything("x is unowned") })
    }

    /// Property: on random graphs, the selection is exactly the seeds and
    /// everything that reaches one (reachability computed here, independently,
    /// by a fixed point), and every dependent's reason names a selected
    /// dependency it really has, one step closer to its changed target.
    @Test func theSelectionIsExactlyWhatReachesASeed() {
        var random = SplitMix64(seed: 16)
        for _ in 0..<300 {
            let count = random.next(in: 1...14)
            let names = (0..<count).map { "T\($0)" }
            var edges: [(Int, Int)] = []
            for _ in 0..<random.next(in: 0...(count * 2)) { edges.append((random.next(below: count), random.next(below: count))) }
            let graph = ModuleGraph(
                packages: [Package(identity: app, name: "App", path: ".", origin: .root, location: nil, isLoaded: true)],
                targets: names.map { Target(id: id($0), type: .regular, path: nil) }, products: [],
                edges: edges.map { Edge(from: id(names[$0.0]), to: id(names[$0.1]), kind: .target) })
            let seeds = Set((0..<random.next(in: 0...3)).map { _ in random.next(below: count) })
            var reaches = Set(seeds)
            var grew = true
            while grew {
                grew = false
                for (from, to) in edges where reaches.contains(to) && reaches.insert(from).inserted { grew = true }
            }
            let selection = AffectedSelection(
                graph: graph, seeds: Dictionary(uniqueKeysWithValues: seeds.map { (id(names[$0]), .added("seed")) }))
            #expect(Set(selection.targets.map(\.target)) == Set(reaches.map { id(names[$0]) }))
            for selected in selection.targets {
                guard case let .dependency(through, changed, steps) = selected.reason else {
                    #expect(seeds.contains(names.firstIndex(of: selected.target.name) ?? -1))
                    continue
                }
                #expect(edges.contains { names[$0.0] == selected.target.name && names[$0.1] == through.name })
                let next = selection.selected(through)?.reason
                if case let .dependency(_, nextChanged, nextSteps)? = next {
                    #expect(nextChanged == changed && nextSteps == steps - 1)
                } else {
                    #expect(through == changed && steps == 1)
                }
            }
        }
    }
}
