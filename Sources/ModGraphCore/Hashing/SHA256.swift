/// SHA-256 (FIPS 180-4), small and dependency-free (Linux has no CryptoKit):
/// the manifest cache needs a hash that does not change between runs,
/// machines or Swift versions (`Hasher` is seeded per process) and a checksum
/// to catch damaged entries; index.html's Content-Security-Policy names its
/// script by its digest.
public struct SHA256: Sendable {
    private var state: [UInt32] = [
        0x6A09_E667, 0xBB67_AE85, 0x3C6E_F372, 0xA54F_F53A, 0x510E_527F, 0x9B05_688C, 0x1F83_D9AB, 0x5BE0_CD19,
    ]
    /// Bytes not yet hashed: always fewer than one 64-byte block.
    private var pending: [UInt8] = []
    private var byteCount: UInt64 = 0

    public init() {
        pending.reserveCapacity(64)
    }

    /// The digest of `bytes`, as 64 lowercase hex digits.
    public static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalizeHex()
    }

    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            update(UnsafeRawBufferPointer(buffer))
        }
        if done == nil {
            let copy = Array(bytes)
            copy.withUnsafeBytes { update($0) }
        }
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        if !pending.isEmpty {
            let taken = min(64 - pending.count, bytes.count)
            pending += bytes[0..<taken]
            offset = taken
            guard pending.count == 64 else { return }
            let block = pending
            block.withUnsafeBytes { compress($0) }
            pending.removeAll(keepingCapacity: true)
        }
        while bytes.count - offset >= 64 {
            compress(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + 64)]))
            offset += 64
        }
        pending += bytes[offset...]
    }

    public mutating func update(_ text: String) {
        update(text.utf8)
    }

    /// The 32-byte digest; the hasher must not be used afterwards.
    public mutating func finalize() -> [UInt8] {
        let bitLength = (byteCount + UInt64(pending.count)) &* 8
        var tail = pending
        pending.removeAll()
        tail.append(0x80)
        let zeros = (tail.count <= 56 ? 56 : 120) - tail.count
        tail += [UInt8](repeating: 0, count: zeros)
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        tail.withUnsafeBytes { buffer in
            for start in stride(from: 0, to: buffer.count, by: 64) {
                compress(UnsafeRawBufferPointer(rebasing: buffer[start..<(start + 64)]))
            }
        }
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for word in state {
            digest += [
                UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
                UInt8(truncatingIfNeeded: word),
            ]
        }
        return digest
    }

    public mutating func finalizeHex() -> String {
        Self.hex(digest: finalize())
    }

    /// `digest` (any bytes) as lower-case hexadecimal digits, two a byte: how digests are written.
    /// Written from the bytes' own storage into the string's: a warm `check` turns every kept scan key
    /// back into text, and a byte at a time through the generic collection (unspecialised across
    /// modules), with a table and a buffer made for each, was a visible part of that run.
    public static func hex<Bytes: Collection>(digest: Bytes) -> String where Bytes.Element == UInt8 {
        if let text = digest.withContiguousStorageIfAvailable(hex(buffer:)) { return text }
        return Array(digest).withUnsafeBufferPointer(hex(buffer:))
    }

    private static func hex(buffer: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: buffer.count * 2) { text in
            var index = 0
            for byte in buffer {
                text[index] = hexDigit(byte >> 4)
                text[index + 1] = hexDigit(byte & 0x0F)
                index += 2
            }
            return index
        }
    }

    /// The lower-case hexadecimal digit of `value` (0 to 15).
    @inline(__always)
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") - 10 + value
    }

    private static let roundConstants: [UInt32] = [
        0x428A_2F98, 0x7137_4491, 0xB5C0_FBCF, 0xE9B5_DBA5, 0x3956_C25B, 0x59F1_11F1, 0x923F_82A4, 0xAB1C_5ED5,
        0xD807_AA98, 0x1283_5B01, 0x2431_85BE, 0x550C_7DC3, 0x72BE_5D74, 0x80DE_B1FE, 0x9BDC_06A7, 0xC19B_F174,
        0xE49B_69C1, 0xEFBE_4786, 0x0FC1_9DC6, 0x240C_A1CC, 0x2DE9_2C6F, 0x4A74_84AA, 0x5CB0_A9DC, 0x76F9_88DA,
        0x983E_5152, 0xA831_C66D, 0xB003_27C8, 0xBF59_7FC7, 0xC6E0_0BF3, 0xD5A7_9147, 0x06CA_6351, 0x1429_2967,
        0x27B7_0A85, 0x2E1B_2138, 0x4D2C_6DFC, 0x5338_0D13, 0x650A_7354, 0x766A_0ABB, 0x81C2_C92E, 0x9272_2C85,
        0xA2BF_E8A1, 0xA81A_664B, 0xC24B_8B70, 0xC76C_51A3, 0xD192_E819, 0xD699_0624, 0xF40E_3585, 0x106A_A070,
        0x19A4_C116, 0x1E37_6C08, 0x2748_774C, 0x34B0_BCB5, 0x391C_0CB3, 0x4ED8_AA4A, 0x5B9C_CA4F, 0x682E_6FF3,
        0x748F_82EE, 0x78A5_636F, 0x84C8_7814, 0x8CC7_0208, 0x90BE_FFFA, 0xA450_6CEB, 0xBEF9_A3F7, 0xC671_78F2,
    ]

    /// One 64-byte block. The message schedule and the round constants are read through
    /// unsafe buffers and the working variables kept in locals: with array subscripts
    /// (bounds and uniqueness checks) a warm `check` of 20 MB of Swift spent a sixth of its
    /// time here; each file read for the wiring is hashed whole on every run.
    private mutating func compress(_ block: UnsafeRawBufferPointer) {
        byteCount &+= 64
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            for index in 0..<16 {
                let base = index * 4
                schedule[index] =
                    UInt32(block[base]) << 24 | UInt32(block[base + 1]) << 16 | UInt32(block[base + 2]) << 8 | UInt32(block[base + 3])
            }
            for index in 16..<64 {
                let previous15 = schedule[index - 15]
                let previous2 = schedule[index - 2]
                let sigma0 = previous15.rotatedRight(7) ^ previous15.rotatedRight(18) ^ (previous15 >> 3)
                let sigma1 = previous2.rotatedRight(17) ^ previous2.rotatedRight(19) ^ (previous2 >> 10)
                schedule[index] = schedule[index - 16] &+ sigma0 &+ schedule[index - 7] &+ sigma1
            }
            Self.roundConstants.withUnsafeBufferPointer { constants in
                state.withUnsafeMutableBufferPointer { state in
                    Self.rounds(UnsafeBufferPointer(schedule), constants: constants, state: state)
                }
            }
        }
    }

    /// The 64 rounds, eight at a time: each round names the working variables in the order the one
    /// before left them, instead of moving all eight along (a tuple assignment the compiler kept as
    /// register moves in every round).
    private static func rounds(
        _ schedule: UnsafeBufferPointer<UInt32>, constants: UnsafeBufferPointer<UInt32>, state: UnsafeMutableBufferPointer<UInt32>
    ) {
        var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
        var index = 0
        while index < 64 {
            round(a, b, c, &d, e, f, g, &h, constants[index] &+ schedule[index])
            round(h, a, b, &c, d, e, f, &g, constants[index + 1] &+ schedule[index + 1])
            round(g, h, a, &b, c, d, e, &f, constants[index + 2] &+ schedule[index + 2])
            round(f, g, h, &a, b, c, d, &e, constants[index + 3] &+ schedule[index + 3])
            round(e, f, g, &h, a, b, c, &d, constants[index + 4] &+ schedule[index + 4])
            round(d, e, f, &g, h, a, b, &c, constants[index + 5] &+ schedule[index + 5])
            round(c, d, e, &f, g, h, a, &b, constants[index + 6] &+ schedule[index + 6])
            round(b, c, d, &e, f, g, h, &a, constants[index + 7] &+ schedule[index + 7])
            index += 8
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
        state[5] &+= f
        state[6] &+= g
        state[7] &+= h
    }

    /// One round, where the next round's `a` is written into `h` and its `e` into `d`; `added` is the
    /// round's constant plus its word of the schedule.
    @inline(__always)
    private static func round(
        _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32,
        _ added: UInt32
    ) {
        let sum1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
        let choose = g ^ (e & (f ^ g))
        let temporary1 = h &+ sum1 &+ choose &+ added
        let sum0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
        let majority = (a & b) | (c & (a | b))
        d &+= temporary1
        h = temporary1 &+ sum0 &+ majority
    }
}

private extension UInt32 {
    func rotatedRight(_ count: UInt32) -> UInt32 {
        (self >> count) | (self << (32 - count))
    }
}
