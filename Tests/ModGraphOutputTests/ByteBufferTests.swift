import ModGraphTestSupport
import Testing

@testable import ModGraphOutput

@Suite("ByteBuffer")
struct ByteBufferTests {
    /// Any sequence of appends and cuts leaves the bytes an array given the
    /// same steps holds, across growth from the smallest capacity.
    @Test(arguments: [1, 2, 3, 4, 5])
    func appendsAndCutsMatchAnArray(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var buffer = ByteBuffer(capacity: 1)
        var model: [UInt8] = []
        for _ in 0..<2_000 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                let byte = UInt8.random(in: 0...255, using: &random)
                buffer.append(byte)
                model.append(byte)
            case 4..<8:
                // Up to a few hundred bytes: more than the buffer holds early on.
                let piece = (0..<Int.random(in: 0..<300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                piece.withUnsafeBufferPointer { buffer.append($0) }
                model += piece
            case 8:
                buffer.append("\": ")
                model += Array("\": ".utf8)
            default:
                let cut = Int.random(in: 0...model.count, using: &random)
                buffer.truncate(to: cut)
                model.removeSubrange(cut...)
            }
            #expect(buffer.count == model.count)
        }
        #expect(buffer.array == model)
        buffer.withBytes { #expect(Array($0) == model) }
    }

    /// A buffer made from an array holds it, and another buffer appended holds both.
    @Test func copiedAndJoinedBuffersHoldTheirBytes() {
        let first: [UInt8] = Array("<script type=\"application/json\">".utf8)
        var buffer = ByteBuffer(copying: first, reserving: 0)
        var second = ByteBuffer(capacity: 1)
        second.append("{\"a\":1}")
        buffer.append(second)
        #expect(buffer.array == first + Array("{\"a\":1}".utf8))
        second.truncate(to: 0)
        #expect(second.isEmpty && second.array.isEmpty)
        let empty = ByteBuffer(copying: [])
        #expect(empty.array.isEmpty)
    }
}
