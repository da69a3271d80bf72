import Crypto

/// SHA-256 (FIPS 180-4) through swift-crypto: CryptoKit on Apple's platforms, BoringSSL's
/// assembly elsewhere (the processor's SHA instructions where it has them). The manifest cache
/// needs a hash that does not change between runs, machines or Swift versions (`Hasher` is
/// seeded per process) and a checksum to catch damaged entries; the source checks key every
/// file's scan by it and check every cache shelf they read with it; index.html's
/// Content-Security-Policy names its script by its digest.
///
/// Here, not in the pure core, as SwiftPM keeps its hashing in `Basics`: it is the one type of
/// the project on swift-crypto, and every caller says `SHA256` without choosing a backend.
public struct SHA256: Sendable {
    private var hasher = Crypto.SHA256()

    public init() {}

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
        hasher.update(bufferPointer: bytes)
    }

    public mutating func update(_ text: String) {
        update(text.utf8)
    }

    /// The 32-byte digest; the hasher must not be used afterwards.
    public mutating func finalize() -> [UInt8] {
        Array(hasher.finalize())
    }

    public mutating func finalizeHex() -> String {
        hasher.finalize().withUnsafeBytes { Self.hex(digest: $0) }
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
}
