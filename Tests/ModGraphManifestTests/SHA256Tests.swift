import Foundation
import Testing
@testable import ModGraphManifest
import ModGraphCore
import ModGraphSystem

@Suite("SHA-256")
struct SHA256Tests {
    @Test func standardVectors() {
        // FIPS 180-4 examples and the million-a vector.
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc".utf8) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Lengths around the block (64) and padding (56) boundaries, where one or
    /// two final blocks are needed; expected digests from Python's hashlib.
    @Test(arguments: [
        (55, "e7313d333c272e639f790978283f9eb392e843d0f29b7016828bb1daa4aac70b"),
        (56, "4324d65f3c103567f5589c710bc08f8523f929a9272e3af36fc968e52abc6c27"),
        (57, "35df609437dcfea3279283ab79fd554e2bf78f8f7ae2de532d8ee300b09e8f73"),
        (63, "81c80242132f230c3bd41b3e63bbcff16107339549214a99614ff26664625055"),
        (64, "39e3d7b6b5d075d37d053ad89b24b41bef4f3c29760c84447cab3f3be1882241"),
        (65, "aacca6ff74fdbb296d165a45cecfa04e5127bc008770fbbdd48006f2d2fae95e"),
        (119, "9ce7368e4daf32341631b492e80359dc9f594b48453cd0dd5bf0b19279cc177e"),
        (120, "7836b787757e95e58b3ca5aec90b1b004e8deba1e50e9675af9cabf1a13a04b5"),
        (128, "d2742f1f4ac6bb7ca2b239ee18402ba8b3f9f8e652d2a72973c2b9ba11c08cf6"),
        (1000, "1e9bc38cbf860b9ec31918b065f9b52476c549a782e0e7990bed8ce3868d2371"),
    ])
    func blockBoundaries(_ length: Int, _ digest: String) {
        let bytes = (0..<length).map { UInt8(($0 * 7 + 3) % 256) }
        #expect(SHA256.hex(bytes) == digest)
        #expect(SHA256.hex(Data(bytes)) == digest)
    }

    @Test func everyByteIsTwoLowerCaseDigits() {
        let all = (0...255).map(UInt8.init)
        #expect(SHA256.hex(digest: all) == all.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined())
        #expect(SHA256.hex(digest: all[250...]) == "fafbfcfdfeff")
        #expect(SHA256.hex(digest: [UInt8]()) == "")
        // Bytes without contiguous storage take the same path through a copy.
        #expect(SHA256.hex(digest: (0..<4).lazy.map { UInt8($0 * 85) }) == "0055aaff")
    }

    @Test func feedingInPiecesGivesTheSameDigest() {
        let bytes = (0..<1000).map { UInt8(($0 * 7 + 3) % 256) }
        // Pieces that straddle block edges in every way.
        for pieceLength in [1, 3, 63, 64, 65, 200] {
            var hasher = SHA256()
            var start = 0
            while start < bytes.count {
                let end = min(start + pieceLength, bytes.count)
                hasher.update(bytes[start..<end])
                start = end
            }
            #expect(hasher.finalizeHex() == "1e9bc38cbf860b9ec31918b065f9b52476c549a782e0e7990bed8ce3868d2371", "pieces of \(pieceLength)")
        }
    }

    /// A hasher is a value: a copy taken midway goes on alone (libcrypto's context lives on the
    /// heap and is copied when two hashers share it), and finishing one leaves the other usable.
    @Test func aCopiedHasherGoesOnAlone() {
        var first = SHA256()
        first.update("ab".utf8)
        var second = first
        first.update("c".utf8)
        #expect(first.finalizeHex() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // "ab" alone, then "abd": second still holds "ab".
        var third = second
        #expect(third.finalizeHex() == SHA256.hex("ab".utf8))
        second.update("d".utf8)
        #expect(second.finalizeHex() == SHA256.hex("abd".utf8))
        #expect(SHA256.hex("abd".utf8) == "a52d159f262b2c6ddb724a61840befc36eb30c88877a4030b65cbe86298449c9")
    }
}
