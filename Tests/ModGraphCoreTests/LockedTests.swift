import Foundation
import ModGraphCore
import Testing

@Suite("Locked state")
struct LockedTests {
    @Test func everyChangeGoesThroughTheLock() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<10_000 { counter.withLock { $0 += 1 } } }
            }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test func aWaiterWakesWhenTheStateIsReady() {
        let state = Locked([Int]())
        let done = Locked(false)
        let thread = Thread {
            let seen = state.withLock(waitingUntil: { $0.count == 3 }) { $0 }
            done.withLock { $0 = seen == [1, 2, 3] }
        }
        thread.start()
        for value in 1...3 {
            usleep(2_000)
            state.withLock { $0.append(value) }
        }
        #expect(done.withLock(waitingUntil: { $0 }) { $0 })
    }

    @Test func typedErrorsPassThrough() {
        struct Refused: Error, Equatable {}
        let state = Locked(1)
        #expect(throws: Refused()) {
            try state.withLock { (value: inout Int) throws(Refused) -> Void in
                value = 2
                throw Refused()
            }
        }
        #expect(state.withLock { $0 } == 2)
    }

    /// Every index is worked on exactly once, whatever the cores.
    @Test func forEachCallsEachIndexOnce() {
        let calls = Locked([Int](repeating: 0, count: 1_000))
        Concurrently.forEach(1_000) { index in calls.withLock { $0[index] += 1 } }
        #expect(calls.withLock { $0 } == [Int](repeating: 1, count: 1_000))
        Concurrently.forEach(0) { _ in Issue.record("no index to work on") }
    }

    /// A long list worked out in pieces on the cores is the list worked out in order.
    @Test func mapKeepsTheOrder() {
        for count in [0, 1, 4_095, 50_001] {
            #expect(Concurrently.map(count) { $0 * 3 } == (0..<count).map { $0 * 3 }, "\(count) items")
        }
    }

    /// Both results come back; when the first piece throws, the second has
    /// still finished before the call returns.
    @Test func bothWaitsForTheSecondPiece() {
        struct Stop: Error {}
        let (one, two) = Concurrently.both({ 1 }, { "two" })
        #expect(one == 1 && two == "two")
        let finished = Locked(false)
        #expect(throws: Stop.self) {
            _ = try Concurrently.both(
                { () throws(Stop) -> Int in throw Stop() },
                {
                    usleep(20_000)
                    finished.withLock { $0 = true }
                })
        }
        #expect(finished.withLock { $0 })
    }

    /// Started work runs beside the caller: `start` returns before it is done
    /// (the work waits for a flag set only afterwards), and the value waits for it.
    @Test func startedWorkRunsBesideTheCaller() {
        let released = Locked(false)
        let pending = Concurrently.start { () -> String in
            for _ in 0..<2_000 {
                if released.withLock({ $0 }) { return "released" }
                usleep(1_000)
            }
            return "never released"
        }
        released.withLock { $0 = true }
        #expect(pending.value == "released")
        #expect(pending.value == "released", "taken twice, the same value")
    }

    /// Work whose value is never taken is still waited for when it is let go.
    @Test func untakenWorkIsWaitedForWhenLetGo() {
        let finished = Locked(false)
        do {
            _ = Concurrently.start {
                usleep(20_000)
                finished.withLock { $0 = true }
            }
        }
        #expect(finished.withLock { $0 })
    }

    /// A discarded value is freed, and not on the caller's thread.
    @Test func aDiscardedValueIsFreedOnAnotherThread() {
        final class Tracked: Sendable {
            let freedOn: Locked<pthread_t?>
            init(_ freedOn: Locked<pthread_t?>) { self.freedOn = freedOn }
            deinit { freedOn.withLock { $0 = pthread_self() } }
        }
        let freedOn = Locked<pthread_t?>(nil)
        Concurrently.discard(Tracked(freedOn))
        var waited = 0
        while freedOn.withLock({ $0 }) == nil, waited < 2_000 {
            usleep(1_000)
            waited += 1
        }
        let thread = freedOn.withLock { $0 }
        #expect(thread != nil, "freed within two seconds")
        if let thread { #expect(pthread_equal(thread, pthread_self()) == 0, "freed on another thread") }
    }

    /// Work too small for a thread runs both pieces here, in order.
    @Test func bothRunsHereWhenNotOnTwoCores() {
        let caller = pthread_self()
        let order = Locked<[String]>([])
        let (_, ranHere) = Concurrently.both(
            { order.withLock { $0.append("first") } },
            { () -> Bool in
                order.withLock { $0.append("second") }
                return pthread_equal(pthread_self(), caller) != 0
            }, onTwoCores: false)
        #expect(ranHere)
        #expect(order.withLock { $0 } == ["first", "second"])
    }
}
