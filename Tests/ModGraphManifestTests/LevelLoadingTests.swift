import Foundation
import Testing
import ModGraphCore
@testable import ModGraphManifest

/// A workspace of `count` packages `P0` (the root) … `P{count-1}` in
/// folders under `folder`, each depending on a few later ones, so that
/// there are diamonds and several levels; the same `seed` gives the same one.
private func layeredWorkspace(in folder: TemporaryFolder, count: Int, seed: UInt64) throws -> (root: String, dumps: [String: String]) {
    var state = seed
    func random(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
    var folders: [String] = []
    for index in 0..<count {
        try folder.write("P\(index)/Package.swift", "// canned\n")
        folders.append(try #require(Paths.canonical(folder.path + "/P\(index)")))
    }
    var dumps: [String: String] = [:]
    for index in 0..<count {
        let later = Array((index + 1)..<count)
        var chosen = Set<Int>()
        if !later.isEmpty {
            for _ in 0..<min(3, later.count) { chosen.insert(later[random(later.count)]) }
        }
        // Relative paths, as manifests write them.
        let paths = chosen.sorted().map { "../P\($0)" }
        dumps[folders[index]] = cannedDump("P\(index)", folder: folders[index], dependsOn: paths)
    }
    return (folders[0], dumps)
}

/// Runs a batch of units in an order of its own (seeded), one after another,
/// and records each batch: the loader must give the same workspace whatever
/// order a runner completes units in, and must hand a level over at once.
private final class ShuffledRunner: UnitRunner, @unchecked Sendable {
    private let lock = NSLock()
    private var state: UInt64
    private var recorded: [Int] = []

    init(seed: UInt64) {
        state = seed
    }

    /// The size of each batch handed over, in order.
    var batches: [Int] { lock.withLock { recorded } }

    func map<Result: Sendable>(_ count: Int, _ unit: @escaping @Sendable (Int) -> Result) -> [Result] {
        let order: [Int] = lock.withLock {
            recorded.append(count)
            var order = Array(0..<count)
            for index in order.indices.reversed() where index > 0 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                order.swapAt(index, Int((state >> 33) % UInt64(index + 1)))
            }
            return order
        }
        var results = [Result?](repeating: nil, count: count)
        for index in order { results[index] = unit(index) }
        return results.compactMap { $0 }
    }
}

@Suite("loading level by level")
struct LevelLoadingTests {
    @Test func theResultDoesNotDependOnTheOrderUnitsRunIn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (root, dumps) = try layeredWorkspace(in: folder, count: 40, seed: 3)
        let reference = try WorkspaceLoader(provider: CannedProvider(dumps)).load(directory: root)
        #expect(reference.packages.count > 10)
        let referenceGraph = try GraphBuilder().build(reference)
        for seed in 1...4 as ClosedRange<UInt64> {
            let provider = CannedProvider(dumps)
            let runner = ShuffledRunner(seed: seed)
            let workspace = try WorkspaceLoader(provider: provider, runner: runner).load(directory: root)
            #expect(workspace == reference, "seed \(seed)")
            #expect(try GraphBuilder().build(workspace) == referenceGraph)
            // Each package is loaded once, and only those the workspace reaches.
            #expect(provider.calls.count == reference.packages.count)
            #expect(Set(provider.calls).count == provider.calls.count)
            // Levels go to the runner whole: fewer batches than packages.
            #expect(runner.batches.count < reference.packages.count)
        }
    }

    @Test func aLevelsManifestsGoToTheRunnerTogether() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var dumps: [String: String] = [:]
        try folder.write("Root/Package.swift", "")
        let root = try #require(Paths.canonical(folder.path + "/Root"))
        var leaves: [String] = []
        for index in 0..<12 {
            try folder.write("Leaf\(index)/Package.swift", "")
            let leaf = try #require(Paths.canonical(folder.path + "/Leaf\(index)"))
            dumps[leaf] = cannedDump("Leaf\(index)", folder: leaf)
            leaves.append(leaf)
        }
        dumps[root] = cannedDump("Root", folder: root, dependsOn: leaves)
        let runner = ShuffledRunner(seed: 7)
        let workspace = try WorkspaceLoader(provider: CannedProvider(dumps), runner: runner).load(directory: root)
        #expect(workspace.packages.count == 13)
        #expect(runner.batches == [1, 12])
    }

    @Test func theFirstErrorInLoadingOrderIsReportedWhicheverFailsFirst() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var paths: [String] = []
        for name in ["Root", "Alpha", "Beta"] {
            try folder.write("\(name)/Package.swift", "")
            paths.append(try #require(Paths.canonical(folder.path + "/\(name)")))
        }
        let (root, alpha, beta) = (paths[0], paths[1], paths[2])
        let dumps = [
            root: cannedDump("Root", folder: root, dependsOn: [beta, alpha]),
            alpha: cannedDump("Alpha", folder: alpha, broken: true),
            beta: cannedDump("Beta", folder: beta, broken: true),
        ]
        // Alpha and Beta are one level, settled in identity order: Alpha's error wins,
        // whichever of the two the runner loads first.
        for seed in 1...6 as ClosedRange<UInt64> {
            let error = try #require(throws: LoadError.self) {
                try WorkspaceLoader(provider: CannedProvider(dumps), runner: ShuffledRunner(seed: seed)).load(directory: root)
            }
            guard case let .invalidDump(source, _, _) = error else {
                Issue.record("unexpected error \(error)")
                continue
            }
            #expect(source == alpha + "/Package.swift")
        }
    }

    @Test func identityClashesAreFoundWhateverTheOrderOfCompletion() throws {
        // Root → one/Shared, Mid; Mid → two/Shared: the clash is found on the second level.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var paths: [String: String] = [:]
        for name in ["Root", "Mid", "one/Shared", "two/Shared"] {
            try folder.write("\(name)/Package.swift", "")
            let canonical: String = try #require(Paths.canonical(folder.path + "/\(name)"))
            paths[name] = canonical
        }
        let (root, mid, one, two) = try (
            #require(paths["Root"]), #require(paths["Mid"]), #require(paths["one/Shared"]), #require(paths["two/Shared"])
        )
        let dumps = [
            root: cannedDump("Root", folder: root, dependsOn: ["../one/Shared", "../Mid"]),
            mid: cannedDump("Mid", folder: mid, dependsOn: ["../two/Shared"]),
            one: cannedDump("Shared", folder: one),
            two: cannedDump("Shared", folder: two),
        ]
        // Whichever of the two Shared folders is loaded first, the one reached first wins.
        for seed in 1...6 as ClosedRange<UInt64> {
            #expect(throws: LoadError.identityClash(identity: "shared", firstPath: one, secondPath: two)) {
                try WorkspaceLoader(provider: CannedProvider(dumps), runner: ShuffledRunner(seed: seed)).load(directory: root)
            }
        }
    }

    @Test func progressCountsEveryPackageAndEndsComplete() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (root, dumps) = try layeredWorkspace(in: folder, count: 25, seed: 9)
        let events = EventLog()
        let workspace = try WorkspaceLoader(provider: CannedProvider(dumps)) { events.append($0) }.load(directory: root)
        let all = events.all
        let last = try #require(all.last)
        #expect(last == LoadProgress(done: workspace.packages.count, total: workspace.packages.count, inProgress: []))
        // Done never goes back, and never passes the total known at the time.
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.done <= $1.done })
        #expect(all.allSatisfy { $0.done <= $0.total && $0.done + $0.inProgress.count == $0.total })
        #expect(all.contains { $0.inProgress.count > 1 })
    }
}

private final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [LoadProgress] = []

    func append(_ event: LoadProgress) { lock.withLock { events.append(event) } }
    var all: [LoadProgress] { lock.withLock { events } }
}
