import Foundation
import ModGraphSystem
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
}
