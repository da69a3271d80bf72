import ModGraphCore
import ModGraphTestSupport
@testable import ModGraphPlanning
import Testing

/// Jobs that slow down beside one another (``CoreSharing``), on graphs small
/// enough to schedule by hand.
@Suite("Jobs that share the machine")
struct CoreSharingTests {
    private func close(_ left: Double, _ right: Double) -> Bool { abs(left - right) < 1e-9 }

    @Test func factorsAreLinearInTheBusyCores() {
        let sharing = CoreSharing(slowdownPerCore: 0.2, measuredBusyCores: 1.5)
        #expect(close(sharing.factor(busy: 1), 1))
        #expect(close(sharing.factor(busy: 2), 1.2))
        #expect(close(sharing.factor(busy: 3), 1.4))
        // Measured with 1.5 cores busy on average: a 11 s job is 11 ÷ 1.1 = 10 s alone.
        #expect(close(sharing.alone(11), 10))
        // Out of range values are brought into range: no negative slowdown, at least one busy core.
        #expect(CoreSharing(slowdownPerCore: -1, measuredBusyCores: 0) == CoreSharing(slowdownPerCore: 0, measuredBusyCores: 1))
        #expect(CoreSharing(slowdownPerCore: .nan, measuredBusyCores: .infinity).slowdownPerCore == 0)
        #expect(CoreSharing(slowdownPerCore: 1e9, measuredBusyCores: 2).slowdownPerCore == 10)
    }

    @Test func aListScheduleRunsAtThePaceOfTheBusyWorkers() {
        // B (1) depends on A (0); C (2) is independent; 10 s each alone; a job is 50% slower beside another.
        let graph = Digraph(vertexCount: 3, edges: [(1, 0)])
        let order = [0, 2, 1]
        let sharing = CoreSharing(slowdownPerCore: 0.5, measuredBusyCores: 1)
        // Two workers, by hand: A and C run together at 1 ÷ 1.5 speed and end at 15; B runs alone, 15–25.
        let two = graph.listSchedule(weights: [10, 10, 10], workers: 2, dependenciesFirst: order, patch: .none, sharing: sharing)
        #expect(close(two.makespan, 25))
        #expect(two.start.map { ($0 * 1e9).rounded() / 1e9 } == [0, 15, 0])
        #expect(two.end.map { ($0 * 1e9).rounded() / 1e9 } == [15, 25, 15])
        // One worker: nothing runs beside anything, 30 s as without the slowdown.
        let one = graph.listSchedule(weights: [10, 10, 10], workers: 1, dependenciesFirst: order, patch: .none, sharing: sharing)
        #expect(close(one.makespan, 30))
        // Without it, two workers take 20 s.
        #expect(graph.listSchedule(weights: [10, 10, 10], workers: 2, dependenciesFirst: order, patch: .none).makespan == 20)
    }

    @Test func swiftPMsJobsSlowWithTheBusyCores() throws {
        // Two independent modules of one 12 s job each, measured with 2 cores busy; 20% slower per other core:
        // 10 s each alone. -j 2: both run together at 1 ÷ 1.2 and end at 12, as measured; -j 1: 10 + 10 = 20,
        // where taking the measured times as fixed predicts 24.
        let pair = Digraph(vertexCount: 2, edges: [])
        let jobs = [0: TargetJobs(compile: [12]), 1: TargetJobs(compile: [12])]
        let sharing = CoreSharing(slowdownPerCore: 0.2, measuredBusyCores: 2, measuredJobs: 2, calibration: "test")
        let two = try JobPlan(targets: pair, weights: [12, 12], jobs: jobs, workers: 2, sharing: sharing)
        #expect(close(two.build.makespan, 12))
        let one = try JobPlan(targets: pair, weights: [12, 12], jobs: jobs, workers: 1, sharing: sharing)
        #expect(close(one.build.makespan, 20))
        #expect(close(try JobPlan(targets: pair, weights: [12, 12], jobs: jobs, workers: 1).build.makespan, 24))
        // The weights the plan holds are the jobs' times alone.
        #expect(two.jobGraph.weights.allSatisfy { close($0, 10) })
        // Four jobs on -j 2 (two modules of two): only two cores are ever busy, so each runs at ½ ÷ 1.2.
        let four = [0: TargetJobs(compile: [12, 12]), 1: TargetJobs(compile: [12, 12])]
        #expect(close(try JobPlan(targets: pair, weights: [12, 12], jobs: four, workers: 2, sharing: sharing).build.makespan, 24))
    }

    /// An acyclic graph of 1 to `largest` vertices, each edge from a later vertex to an earlier one with chance ⅓.
    static func randomGraph(_ generator: inout SplitMix64, largest: Int) -> (Digraph, Int) {
        let count = Int(generator.next() % UInt64(largest)) + 1
        var edges: [(Int, Int)] = []
        for from in 0..<count {
            for to in 0..<from where generator.next() % 3 == 0 { edges.append((from, to)) }
        }
        return (Digraph(vertexCount: count, edges: edges), count)
    }

    @Test func noSlowdownChangesNothing() throws {
        // Any graph: a sharing without a slowdown gives the schedule of none, byte for byte.
        var generator = SplitMix64(seed: 54)
        for _ in 0..<50 {
            let (graph, count) = Self.randomGraph(&generator, largest: 12)
            let weights = (0..<count).map { _ in Double(generator.next() % 100) / 10 }
            let jobs = Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, TargetJobs(compile: [weights[$0], weights[$0] / 2])) })
            let workers = Int(generator.next() % 3) + 1
            let flat = CoreSharing(slowdownPerCore: 0, measuredBusyCores: 1.7, measuredJobs: 2)
            for wait in [DependentsWait.interface, .wholeModule] {
                let plain = try JobPlan(targets: graph, weights: weights, jobs: jobs, workers: workers, dependentsWait: wait)
                let shared = try JobPlan(targets: graph, weights: weights, jobs: jobs, workers: workers, dependentsWait: wait, sharing: flat)
                #expect(plain.build == shared.build)
            }
        }
    }

    @Test func aSlowdownNeverShortensABuild() throws {
        var generator = SplitMix64(seed: 4)
        for _ in 0..<50 {
            let (graph, count) = Self.randomGraph(&generator, largest: 10)
            let jobs = Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, TargetJobs(compile: [Double(generator.next() % 50) / 10 + 0.1])) })
            let weights = (0..<count).map { jobs[$0]?.compile[0] ?? 0 }
            let workers = Int(generator.next() % 3) + 1
            for wait in [DependentsWait.interface, .wholeModule] {
                let plain = try JobPlan(targets: graph, weights: weights, jobs: jobs, workers: workers, dependentsWait: wait).build.makespan
                let slowed = try JobPlan(
                    targets: graph, weights: weights, jobs: jobs, workers: workers, dependentsWait: wait,
                    sharing: CoreSharing(slowdownPerCore: 0.3, measuredBusyCores: 1)
                ).build.makespan
                // Times alone as measured (1 busy core): sharing only slows; on one worker nothing shares.
                #expect(slowed >= plain - 1e-9)
                if workers == 1 { #expect(abs(slowed - plain) < 1e-9) }
            }
        }
    }

    @Test func theDriverCutsAModulesFilesIntoBatchesByTheJobs() {
        // max(-j, ⌈files ÷ 25⌉), never more than the files: as the ledger's builds showed.
        #expect(DriverBatches.count(files: 10, jobs: 1) == 1)
        #expect(DriverBatches.count(files: 10, jobs: 2) == 2)
        #expect(DriverBatches.count(files: 41, jobs: 1) == 2)
        #expect(DriverBatches.count(files: 41, jobs: 2) == 2)
        #expect(DriverBatches.count(files: 100, jobs: 2) == 4)
        #expect(DriverBatches.count(files: 5, jobs: 8) == 5)
        #expect(DriverBatches.count(files: 0, jobs: 2) == 0)
        // One batch of 6.5 s measured at -j 1 is two of 3.25 s at -j 2.
        #expect(DriverBatches.rebatched([6.5], files: 10, measuredJobs: 1, workers: 2) == [3.25, 3.25])
        // Two batches at -j 2 are one at -j 1, of their sum.
        #expect(DriverBatches.rebatched([2.5, 3.5], files: 10, measuredJobs: 2, workers: 1) == [6])
        // As measured when the count is the same, the files or the -j unknown, or the jobs not the rule's batches.
        #expect(DriverBatches.rebatched([4, 4], files: 41, measuredJobs: 1, workers: 2) == nil)
        #expect(DriverBatches.rebatched([6.5], files: nil, measuredJobs: 1, workers: 2) == nil)
        #expect(DriverBatches.rebatched([6.5], files: 10, measuredJobs: nil, workers: 2) == nil)
        #expect(DriverBatches.rebatched([1, 1, 1], files: 10, measuredJobs: 1, workers: 2) == nil)
    }

    @Test func aModuleMeasuredAtOneJobCompilesInTwoBatchesAtTwo() throws {
        // One module of 10 files measured at -j 1: emit 1 s, one batch of 6 s. At -j 2, by hand: the emit job and
        // the first 3 s batch start at 0; the emit ends at 1 and the second batch starts; they end at 3 and 4.
        let one = Digraph(vertexCount: 1, edges: [])
        let measured = CoreSharing(slowdownPerCore: 0, measuredBusyCores: 1, measuredJobs: 1)
        let jobs = [0: TargetJobs(emitModule: 1, compile: [6], swiftFiles: 10)]
        let two = try JobPlan(targets: one, weights: [7], jobs: jobs, workers: 2, sharing: measured)
        #expect(close(two.build.makespan, 4))
        #expect(two.jobGraph.rebatched == [0])
        #expect(two.jobGraph.weights == [1, 3, 3])
        // Planned as measured (files unknown), the one batch holds the build: 6 s.
        let asMeasured = try JobPlan(targets: one, weights: [7], jobs: [0: TargetJobs(emitModule: 1, compile: [6])], workers: 2, sharing: measured)
        #expect(close(asMeasured.build.makespan, 6))
        #expect(asMeasured.jobGraph.rebatched.isEmpty)
        // At the measured -j nothing is re-cut; imported records (dependents wait for interfaces) never are.
        #expect(try JobPlan(targets: one, weights: [7], jobs: jobs, workers: 1, sharing: measured).jobGraph.rebatched.isEmpty)
        #expect(
            try JobPlan(targets: one, weights: [7], jobs: jobs, workers: 2, dependentsWait: .interface, sharing: measured).jobGraph.rebatched
                .isEmpty)
    }
}
