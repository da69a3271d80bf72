import Foundation
import ModGraphCore
import ModGraphSources
import ModGraphSyntax
import ModGraphSystem
import Testing

/// The engine starts no thread for swift-syntax: it parses on the thread that asks,
/// when that thread's stack has room, and refuses otherwise.
@Suite("stack room")
struct StackRoomTests {
    /// `body` on a new thread of `size` bytes of stack, waited for.
    private func onThread<Result: Sendable>(stack size: Int, _ body: @escaping @Sendable () -> Result) -> Result {
        let box = Locked<Result?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.withLock { $0 = body() }
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        return box.withLock { $0! }
    }

    @Test func theRoomLeftIsMeasuredOnTheCallingThread() throws {
        // glibc may hand a new thread the cached stack of an ended one up to four times as large
        // as asked for (this suite's 512 KiB one for 256 KiB): a bound from below, and the room
        // shrinking as the thread goes deeper. No thread here has a stack that 256 KiB could reuse
        // and that would give the too-deep file below room.
        let small = try #require(onThread(stack: 256 << 10) { StackRoom.remaining() })
        let large = try #require(onThread(stack: 16 << 20) { StackRoom.remaining() })
        #expect(small > 128 << 10 && small <= 4 * 256 << 10, "\(small)")
        #expect(large > 15 << 20, "\(large)")
        let (top, deep) = onThread(stack: 16 << 20) { (StackRoom.remaining() ?? 0, Self.roomAfter(levels: 64)) }
        #expect(top - deep >= 64 << 10, "\(top) at the top, \(deep) 64 frames of 1 KiB below")
    }

    /// A thread's stack is found once and kept for that thread alone: whichever thread asks first,
    /// each later one measures against its own stack, and the first thread's answers stay its own.
    @Test func eachThreadMeasuresItsOwnStackWhoeverAskedFirst() throws {
        for _ in 0..<3 {
            let (first, again) = onThread(stack: 16 << 20) { (StackRoom.remaining() ?? 0, StackRoom.remaining() ?? 0) }
            let small = try #require(onThread(stack: 256 << 10) { StackRoom.remaining() })
            #expect(first > 15 << 20 && again > 15 << 20, "\(first), \(again)")
            #expect(abs(first - again) < 64 << 10, "\(first), then \(again)")
            #expect(small > 128 << 10 && small <= 4 * 256 << 10, "\(small)")
        }
    }

    /// The room left `levels` frames of at least 1 KiB each below the caller.
    @inline(never) private static func roomAfter(levels: Int) -> Int {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { buffer in
            buffer.initialize(repeating: UInt8(truncatingIfNeeded: levels))
            let room = levels == 0 ? (StackRoom.remaining() ?? 0) : roomAfter(levels: levels - 1)
            return room + Int(buffer[levels % 1024] & 0)
        }
    }

    /// 60 levels of closures and calls: within the source budget, too deep for a 256 KiB stack.
    private static let deep: String = {
        var body = "import Foundation\nlet x = 1\n"
        for level in 0..<29 { body += "f\(level)(x: {\n" }
        return body + "1\n" + String(repeating: "})\n", count: 29)
    }()

    @Test func aFileTooDeepForTheThreadIsSkippedSayingSoNotACrash() {
        let budget = SourceBudget(maximumNesting: 64, maximumBracketNesting: 8)
        let small = onThread(stack: 256 << 10) { SourceScanner.scan(text: Self.deep, auditInterface: true, budget: budget) }
        guard case let .stack(depth)? = small.skipped else {
            Issue.record("expected a skip for want of stack, got \(String(describing: small.skipped))")
            return
        }
        #expect(depth >= 58)
        #expect(small.skipped?.description.contains("more than this thread's stack has room to parse") == true)
        let large = onThread(stack: UnitRunnerStack.size) { SourceScanner.scan(text: Self.deep, auditInterface: true, budget: budget) }
        #expect(large.skipped == nil)
        #expect(large.imports.map(\.module) == ["Foundation"])
    }

    @Test func realCodeFitsAPoolThreadOfDarwin() {
        // Real code nests 10 to 25 deep; a worker thread of Darwin's pool has 512 KiB.
        #expect(onThread(stack: 512 << 10) { SyntaxStack.hasRoom(depth: 25) })
        #expect(!onThread(stack: 512 << 10) { SyntaxStack.hasRoom(depth: 64) })
    }
}

/// The stack every unit of a runner can count on.
private enum UnitRunnerStack {
    static let size = SequentialRunner.minimumStackSize
}
