import ModGraphCore
import Testing
import ModGraphTestSupport

@Suite("Cycle groups")
struct CycleGroupTests {
    @Test func simpleCycle() {
        // 0 → 1 → 2 → 0: from 0 the nearest unvisited member is 1, then 2,
        // then back to 0.
        let cycle = graph(3, [(0, 1), (1, 2), (2, 0)])
        #expect(cycle.cycleGroups() == [CycleGroup(members: [0, 1, 2], path: [0, 1, 2, 0])])
    }

    @Test func selfLoop() {
        let selfLoop = graph(6, [(4, 5), (5, 5)])
        #expect(selfLoop.cycleGroups() == [CycleGroup(members: [5], path: [5, 5])])
    }

    @Test func twoDisjointCyclesOrderedBySmallestMember() {
        // 2 → 3 → 4 → 2 and 0 ⇄ 1; 5 is acyclic and not reported.
        let cycles = graph(6, [(4, 2), (0, 1), (2, 3), (1, 0), (3, 4), (5, 0)])
        #expect(
            cycles.cycleGroups() == [
                CycleGroup(members: [0, 1], path: [0, 1, 0]),
                CycleGroup(members: [2, 3, 4], path: [2, 3, 4, 2]),
            ])
    }

    @Test func nestedCycleWithTails() {
        // {1, 2, 3, 4} with 1 ⇄ 2 and 2 → 3 → 4 → 1; tails 0 → 1, 4 → 5.
        // 1 → 2 (nearest), 2 → 3 (1 is visited), 3 → 4, then 4 → 1 home.
        let nested = graph(6, [(0, 1), (1, 2), (2, 1), (2, 3), (3, 4), (4, 1), (4, 5)])
        #expect(nested.cycleGroups() == [CycleGroup(members: [1, 2, 3, 4], path: [1, 2, 3, 4, 1])])
    }

    @Test func greedyWalkRevisitsTheHub() {
        // Hub 0 ⇄ 1, 0 ⇄ 2, 0 ⇄ 3: every spoke is reached through 0 again.
        let star = graph(4, [(0, 1), (1, 0), (0, 2), (2, 0), (0, 3), (3, 0)])
        #expect(star.cycleGroups() == [CycleGroup(members: [0, 1, 2, 3], path: [0, 1, 0, 2, 0, 3, 0])])
    }

    @Test func equallyNearMembersGoSmallestFirst() {
        // Edges 0 → 2, 0 → 3, 2 → 0, 3 → 1, 1 → 0. From 0, members 2 and 3
        // are both one step away: 2 first. From 2 the nearest unvisited is 3,
        // via 0. From 3 it is 1, and 1 → 0 closes the walk.
        let tie = graph(4, [(0, 3), (0, 2), (2, 0), (3, 1), (1, 0)])
        #expect(tie.cycleGroups() == [CycleGroup(members: [0, 1, 2, 3], path: [0, 2, 0, 3, 1, 0])])
    }

    @Test func equallyNearMembersFoundOutOfOrderStillGoSmallestFirst() {
        // Edges 0 → 1, 1 → 2, 1 → 5, 2 → 3, 2 → 4, 3 → 1, 3 → 2, 4 → 0, 5 → 0.
        // The walk goes 0, 1, 2, 3. From 3 both 1 and 2 are visited; one step
        // further, 5 is found (via 1) before 4 (via 2), but 4 is smaller:
        // 3 → 2 → 4. From 4 the nearest unvisited is 5 via 0 and 1, then home.
        let tie = graph(6, [(0, 1), (1, 2), (1, 5), (2, 3), (2, 4), (3, 1), (3, 2), (4, 0), (5, 0)])
        #expect(
            tie.cycleGroups() == [
                CycleGroup(members: [0, 1, 2, 3, 4, 5], path: [0, 1, 2, 3, 2, 4, 0, 1, 5, 0])
            ])
    }

    @Test func acyclicAndEmptyGraphsHaveNoGroups() {
        #expect(graph(4, [(0, 1), (0, 2), (1, 3), (2, 3)]).cycleGroups() == [])
        #expect(graph(0, []).cycleGroups() == [])
        #expect(graph(1, []).cycleGroups() == [])
    }

    @Test("Random graphs: each walk is the greedy nearest-member walk", arguments: 0..<300)
    func walksAreGreedy(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let candidate = random.smallGraph(maxVertices: 14, acyclic: false)
        // Shortest paths between members of one component stay inside it,
        // so whole-graph hop counts are the in-component distances.
        let hops = BruteForce.hopDistances(candidate)
        for group in candidate.cycleGroups() where group.members.count > 1 {
            // Cut the walk into legs that each end at a newly visited member.
            // Greedy means each leg is a shortest path to the nearest
            // unvisited member (smallest index on ties), so nothing new is
            // passed on the way, and the last leg is a shortest way home.
            var visited: Set = [group.path[0]]
            var legStart = 0
            for position in group.path.indices.dropFirst() where !visited.contains(group.path[position]) {
                let from = group.path[legStart]
                let unvisited = group.members.filter { !visited.contains($0) }
                let nearest = unvisited.compactMap { hops[from][$0] }.min()
                let expectedEnd = unvisited.first { hops[from][$0] == nearest }
                #expect(group.path[position] == expectedEnd, "leg from \(from) in \(group.path)")
                #expect(position - legStart == nearest)
                visited.insert(group.path[position])
                legStart = position
            }
            #expect(visited == Set(group.members))
            let lastLeg = group.path.count - 1 - legStart
            #expect(lastLeg == hops[group.path[legStart]][group.path[0]])
        }
    }

    @Test("Random graphs: every cycle is reported with a valid closed walk", arguments: 0..<300)
    func walksAreValid(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let candidate = random.smallGraph(maxVertices: 14, acyclic: false)
        let groups = candidate.cycleGroups()
        let expectedMembers = candidate.stronglyConnectedComponents().filter { members in
            members.count > 1 || candidate.hasEdge(from: members[0], to: members[0])
        }
        #expect(groups.map(\.members) == expectedMembers)

        for group in groups {
            let path = group.path
            #expect(path.count >= 2)
            #expect(path.first == group.members.first)
            #expect(path.last == group.members.first)
            #expect(Set(path) == Set(group.members))
            for step in 1..<max(path.count, 1) {
                #expect(candidate.hasEdge(from: path[step - 1], to: path[step]), "step \(path[step - 1]) → \(path[step])")
            }
        }
    }
}
