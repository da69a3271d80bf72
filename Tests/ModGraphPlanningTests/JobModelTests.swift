import ModGraphCore
@testable import ModGraphPlanning
import Testing

/// The job-level model on graphs small enough to schedule by hand: a Swift
/// module's dependents start once its interface is emitted, its compile jobs
/// share the cores, a link waits for every object below it.
@Suite("Job-level model")
struct JobModelTests {
    // Edges go from a target to its dependency: B (1) depends on A (0).
    let chain = Digraph(vertexCount: 2, edges: [(1, 0)])

    @Test func dependentsStartOnceTheInterfaceIsEmitted() throws {
        // A: emit 1, compile 3 and 3; B: emit 1, compile 2. Module-level spans: A 4, B 2.
        let jobs = [0: TargetJobs(emitModule: 1, compile: [3, 3]), 1: TargetJobs(emitModule: 1, compile: [2])]
        // Plenty of cores: B's jobs run from 1 to 3 beside A's compiles, which end at 3.
        let wide = try JobPlan(targets: chain, weights: [4, 2], jobs: jobs, workers: 8, dependentsWait: .interface)
        #expect(wide.build.makespan == 3)
        // Two cores, by hand: A.emit 0–1 and A.c1 0–3; at 1, A.c2 (level 3) 1–4; at 3, B.c1 (level 2) 3–5; at 4, B.emit 4–5.
        let two = try JobPlan(targets: chain, weights: [4, 2], jobs: jobs, workers: 2, dependentsWait: .interface)
        #expect(two.build.makespan == 5)
        #expect(two.build.start == [0, 0, 1, 4, 3])
        // The module-level model waits for all of A: 4 + 2 on any number of workers.
        #expect(try chain.simulateBuild(weights: [4, 2], workers: 8).makespan == 6)
        // SwiftPM's native build waits for all of A's jobs too (3), then B's (2); its jobs still share the cores.
        #expect(try JobPlan(targets: chain, weights: [4, 2], jobs: jobs, workers: 8).build.makespan == 5)
        // -j 2: A's emit and first compile 0–1 and 0–3, its second compile 1–4, then B's jobs 4–5 and 4–6.
        #expect(try JobPlan(targets: chain, weights: [4, 2], jobs: jobs, workers: 2).build.makespan == 6)
    }

    @Test func batchJobsShareTheCores() throws {
        // Two independent modules of two 2 s batch jobs each. Jobs on 2 cores: 8 s of work take 4 s,
        // where the module-level model gives each module a worker and its 2 s span.
        let pair = Digraph(vertexCount: 2, edges: [])
        let jobs = [0: TargetJobs(compile: [2, 2]), 1: TargetJobs(compile: [2, 2])]
        #expect(try JobPlan(targets: pair, weights: [2, 2], jobs: jobs, workers: 2, dependentsWait: .interface).build.makespan == 4)
        #expect(try pair.simulateBuild(weights: [2, 2], workers: 2).makespan == 2)
        // SwiftPM's -j 2 runs two modules with two jobs each: four jobs share the 2 cores at half speed, 4 s too.
        let swiftPM = try JobPlan(targets: pair, weights: [2, 2], jobs: jobs, workers: 2)
        #expect(swiftPM.build.makespan == 4)
        #expect(swiftPM.build.start == [0, 0, 0, 0])
    }

    // A (0) and B (1) independent, C (2) depends on A. A: emit 1, compiles 2 and 2; B: compile 3; C: compile 1.
    let threeModules = Digraph(vertexCount: 3, edges: [(2, 0)])
    let threeModulesJobs = [0: TargetJobs(emitModule: 1, compile: [2, 2]), 1: TargetJobs(compile: [3]), 2: TargetJobs(compile: [1])]

    private func close(_ left: [Double], _ right: [Double]) -> Bool {
        left.count == right.count && zip(left, right).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    @Test func swiftPMRunsNModulesOfNJobsEach() throws {
        // Module levels: A 3 + 1, B 3, C 1. -j 2, by hand: A takes slot 1 and starts its emit and first compile,
        // B slot 2; three jobs on 2 cores run at 2/3 speed. A's emit ends at 1.5 (Ac1 and Bc1 have 1 and 2 left),
        // its second compile starts; at 3 Ac1 ends (Bc1 and Ac2 have 1 left); two jobs, full speed: both end at 4.
        // C takes A's slot: 4–5.
        let plan = try JobPlan(targets: threeModules, weights: [3, 3, 1], jobs: threeModulesJobs, workers: 2)
        #expect(abs(plan.build.makespan - 5) < 1e-9)
        #expect(close(plan.build.start, [0, 0, 1.5, 0, 4]))
        #expect(close(plan.build.end, [1.5, 3, 4, 4, 5]))
        #expect(plan.build.worker == [0, 0, 0, 1, 0])
        // -j 1: one module at a time, one job at a time: the sum of the jobs, 9.
        #expect(try JobPlan(targets: threeModules, weights: [3, 3, 1], jobs: threeModulesJobs, workers: 1).build.makespan == 9)
    }

    @Test func eachModuleStartsTheMeasuredDelayAfterItMay() throws {
        // The modules above with a module start of 0.5, by hand: A and B take the slots at 0 and start their
        // jobs at 0.5; three jobs at 2/3 speed: A's emit ends at 2.0 (Ac1 and Bc1 have 1 and 2 left) and Ac2
        // starts; at 3.5 Ac1 ends (1 and 1 left), both end at 4.5; C takes a slot at 4.5 and runs 5.0–6.0.
        func plan(workers: Int, moduleStart: Double) throws -> JobPlan {
            try JobPlan(targets: threeModules, weights: [3, 3, 1], jobs: threeModulesJobs, workers: workers, moduleStart: moduleStart)
        }
        let delayed = try plan(workers: 2, moduleStart: 0.5)
        #expect(abs(delayed.build.makespan - 6) < 1e-9)
        #expect(close(delayed.build.start, [0.5, 0.5, 2, 0.5, 5]))
        #expect(close(delayed.build.end, [2, 3.5, 4.5, 4.5, 6]))
        #expect(delayed.build.worker == [0, 0, 0, 1, 0])
        // -j 1: the sum of the jobs and one delay per module, 9 + 3 × 0.5; without a delay, the plan above.
        #expect(abs(try plan(workers: 1, moduleStart: 0.5).build.makespan - 10.5) < 1e-9)
        #expect(abs(try plan(workers: 2, moduleStart: 0).build.makespan - 5) < 1e-9)
    }

    @Test func swiftPMStartsTheReadyModuleWhoseNameIsGreatest() throws {
        // C (2) and B (1) depend on A (0); D (3) depends on B: the chain A, B, D is the longest.
        // One slot (-j 1) after A: by bottom level B goes first; by name, SwiftPM's queue starts "C".
        let graph = Digraph(vertexCount: 4, edges: [(1, 0), (2, 0), (3, 1)])
        let jobs = [0: TargetJobs(compile: [1]), 1: TargetJobs(compile: [2]), 2: TargetJobs(compile: [1]), 3: TargetJobs(compile: [2])]
        let byLevel = try JobPlan(targets: graph, weights: [1, 2, 1, 2], jobs: jobs, workers: 1)
        #expect(byLevel.build.start == [0, 1, 5, 3])
        let byName = try JobPlan(targets: graph, weights: [1, 2, 1, 2], jobs: jobs, workers: 1, moduleNames: ["A", "B", "C", "D"])
        #expect(byName.build.start == [0, 2, 1, 4])
        // Byte order of the name and a dash, as in `C.<name>-<triple>-debug.module`: "Ab" sorts after "A".
        let prefixed = try JobPlan(targets: graph, weights: [1, 2, 1, 2], jobs: jobs, workers: 1, moduleNames: ["Z", "Ab", "A", "D"])
        #expect(prefixed.build.start == [0, 1, 5, 3])
        // A split target's second half is named `_2` after it, as the split suggests.
        let split = JobGraph(targets: graph, weights: [1, 2, 1, 2], jobs: jobs, moduleNames: ["A", "B", "C", "D"], change: .splitTarget(1))
        #expect(split.startOrder?.count == 5)
        #expect((split.startOrder?[4] ?? 0) > (split.startOrder?[1] ?? 0))
        #expect((split.startOrder?[4] ?? 0) < (split.startOrder?[2] ?? 0))
    }

    @Test func withoutJobsItIsTheModuleLevelModel() throws {
        let graph = Digraph(vertexCount: 4, edges: [(0, 1), (0, 2), (1, 3)])
        let weights = [2.0, 3, 1, 4]
        for workers in 1...3 {
            let plan = try JobPlan(targets: graph, weights: weights, jobs: [:], workers: workers)
            #expect(plan.jobGraph.jobs.map(\.kind) == [.module, .module, .module, .module])
            #expect(plan.build == (try graph.simulateBuild(weights: weights, workers: workers)))
            #expect(plan.criticalPathLength == (try graph.criticalPathAnalysis(weights: weights)).length)
        }
    }

    @Test func aLinkWaitsForEveryObjectBelowIt() throws {
        // App (1) links and depends on A (0). A: emit 1, compile 3; App: compile 1, link 2.
        let jobs = [0: TargetJobs(emitModule: 1, compile: [3]), 1: TargetJobs(compile: [1], link: 2)]
        let plan = try JobPlan(targets: chain, weights: [3, 1], jobs: jobs, workers: 4, dependentsWait: .interface)
        // A.emit 0–1, A.c1 0–3, App.c1 1–2; the link waits for A's objects too: 3–5.
        #expect(plan.build.makespan == 5)
        let link = try #require(plan.jobGraph.jobs.firstIndex(of: BuildJob(target: 1, kind: .link)))
        #expect(plan.build.start[link] == 3)
        // The chain that sets it: A's compile, its objects, App's objects, the link.
        #expect(
            plan.criticalPath.map { plan.jobGraph.jobs[$0] } == [
                BuildJob(target: 0, kind: .compile(0)), BuildJob(target: 0, kind: .objectsReady),
                BuildJob(target: 1, kind: .objectsReady), BuildJob(target: 1, kind: .link),
            ])
        #expect(plan.criticalPathLength == 5)
    }

    @Test func bottlenecksAreReSimulatedJobByJob() throws {
        // A: emit 2, compile 4; B: compile 1. On 4 cores: A's compile ends at 4, B runs 2–3.
        let jobs = [0: TargetJobs(emitModule: 2, compile: [4]), 1: TargetJobs(compile: [1])]
        let plan = try JobPlan(targets: chain, weights: [4, 1], jobs: jobs, workers: 4, dependentsWait: .interface)
        #expect(plan.build.makespan == 4)
        // Splitting A halves each of its jobs: compiles of 2 side by side, B at 1–2. Dropping B → A saves nothing.
        #expect(plan.bottlenecks.ranked == [Bottleneck(change: .splitTarget(0), makespan: 2)])
        #expect(plan.bottlenecks.baseline == 4)
    }

    @Test func aSplitsHalvesKeepTheirDependenciesAndDependents() {
        let graph = JobGraph(
            targets: chain, weights: [4, 1], jobs: [0: TargetJobs(emitModule: 2, compile: [4])], dependentsWait: .interface,
            change: .splitTarget(0))
        // A's emit and compile, B as one job, then A's second half (vertex 2).
        #expect(graph.jobs.map(\.target) == [0, 0, 1, 2, 2])
        #expect(graph.weights == [1, 2, 1, 1, 2])
        // B waits for both halves' interfaces.
        #expect(Set(graph.graph.successors(of: 2)) == [0, 3])
    }
}
