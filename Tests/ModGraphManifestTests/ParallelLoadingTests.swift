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

/// Waits up to `seconds` for `condition`, polling.
private func eventually(within seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.005)
    }
    return condition()
}

/// Records which folders have started and finished loading.
private final class Timeline: @unchecked Sendable {
    private let lock = NSLock()
    private var started: Set<String> = []
    private var finished: Set<String> = []

    func start(_ folder: String) { lock.withLock { _ = started.insert(folder) } }
    func finish(_ folder: String) { lock.withLock { _ = finished.insert(folder) } }
    func hasStarted(_ folder: String) -> Bool { lock.withLock { started.contains(folder) } }
    func hasFinished(_ folder: String) -> Bool { lock.withLock { finished.contains(folder) } }
}

@Suite("parallel loading")
struct ParallelLoadingTests {
    @Test func theResultDoesNotDependOnJobsOrOnWhichManifestFinishesFirst() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (root, dumps) = try layeredWorkspace(in: folder, count: 40, seed: 3)
        let reference = try WorkspaceLoader(provider: CannedProvider(dumps), jobs: 1).load(directory: root)
        #expect(reference.packages.count > 10)
        let referenceGraph = try GraphBuilder().build(reference)
        for (jobs, seed) in [(2, 1), (4, 2), (8, 3), (16, 4)] as [(Int, UInt64)] {
            // A different random delay per folder in each round changes the order of completion.
            let delays = Dictionary(
                uniqueKeysWithValues: dumps.keys.map { folder in
                    (folder, Double(folder.utf8.reduce(seed) { $0 &* 31 &+ UInt64($1) } % 8) / 1000)
                })
            let provider = CannedProvider(dumps) { delays[$0] ?? 0 }
            let workspace = try WorkspaceLoader(provider: provider, jobs: jobs).load(directory: root)
            #expect(workspace == reference, "jobs \(jobs)")
            #expect(try GraphBuilder().build(workspace) == referenceGraph)
            // Each package is loaded once, and only those the workspace reaches.
            #expect(provider.calls.count == reference.packages.count)
            #expect(Set(provider.calls).count == provider.calls.count)
        }
    }

    @Test func noMoreThanJobsManifestsLoadAtOnce() throws {
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
        let provider = CannedProvider(dumps) { _ in 0.02 }
        let workspace = try WorkspaceLoader(provider: provider, jobs: 3).load(directory: root)
        #expect(workspace.packages.count == 13)
        // Twelve leaves of 20 ms each on three workers overlap, but never more than three at once.
        #expect(provider.maximumRunning <= 3)
        #expect(provider.maximumRunning >= 2)
    }

    @Test func aPackagesDependenciesStartBeforeItsLevelEnds() throws {
        // Root → Slow, Fast; Fast → Deep. Level by level, Deep would wait for Slow.
        // Slow holds its worker until Deep has started (or 10 s pass), so the
        // test fails, slowly, if loading waits for a level to end.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var paths: [String] = []
        for name in ["Root", "Slow", "Fast", "Deep"] {
            try folder.write("\(name)/Package.swift", "")
            paths.append(try #require(Paths.canonical(folder.path + "/\(name)")))
        }
        let (root, slow, fast, deep) = (paths[0], paths[1], paths[2], paths[3])
        let dumps = [
            root: cannedDump("Root", folder: root, dependsOn: [slow, fast]),
            slow: cannedDump("Slow", folder: slow),
            fast: cannedDump("Fast", folder: fast, dependsOn: [deep]),
            deep: cannedDump("Deep", folder: deep),
        ]
        let timeline = Timeline()
        let provider = CannedProvider(dumps) { folder in
            if folder == slow, eventually(within: 10, { timeline.hasStarted(deep) }) {
                timeline.finish("Deep started while Slow was loading")
            }
            return 0
        }
        provider.onStart = { timeline.start($0) }
        let workspace = try WorkspaceLoader(provider: provider, jobs: 2).load(directory: root)
        #expect(workspace.packages.count == 4)
        #expect(timeline.hasFinished("Deep started while Slow was loading"))
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
        // even when Beta fails first.
        for alphaDelay in [0.0, 0.05] {
            let provider = CannedProvider(dumps) { $0 == alpha ? alphaDelay : 0 }
            let error = try #require(throws: LoadError.self) {
                try WorkspaceLoader(provider: provider, jobs: 2).load(directory: root)
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
        for slow in [one, mid, two] {
            let provider = CannedProvider(dumps) { $0 == slow ? 0.05 : 0 }
            #expect(throws: LoadError.identityClash(identity: "shared", firstPath: one, secondPath: two)) {
                try WorkspaceLoader(provider: provider, jobs: 4).load(directory: root)
            }
        }
    }

    @Test func progressCountsEveryPackageAndEndsComplete() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (root, dumps) = try layeredWorkspace(in: folder, count: 25, seed: 9)
        let events = EventLog()
        let workspace = try WorkspaceLoader(provider: CannedProvider(dumps), jobs: 3) { events.append($0) }.load(directory: root)
        let all = events.all
        let last = try #require(all.last)
        #expect(last == LoadProgress(done: workspace.packages.count, total: workspace.packages.count, inProgress: []))
        // Done never goes back, and never passes the total known at the time.
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.done <= $1.done && $0.total <= $1.total })
        #expect(all.allSatisfy { $0.done <= $0.total && $0.inProgress.count <= 3 })
        #expect(all.contains { !$0.inProgress.isEmpty })
    }
}

private final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [LoadProgress] = []

    func append(_ event: LoadProgress) { lock.withLock { events.append(event) } }
    var all: [LoadProgress] { lock.withLock { events } }
}
