#if canImport(CryptoKit)
    import CryptoKit
#elseif canImport(CLibCrypto)
    import CLibCrypto
#else
    #error("SHA256 needs CryptoKit or OpenSSL's libcrypto: a port adds its module here and an implementation of Engine")
#endif

/// SHA-256 (FIPS 180-4) through the platform's own library: CryptoKit on Apple's platforms,
/// OpenSSL's libcrypto (the `CLibCrypto` system module, Debian's libssl-dev) elsewhere, each
/// with the processor's SHA instructions where it has them. The manifest cache needs a hash that
/// does not change between runs, machines or Swift versions (`Hasher` is seeded per process) and
/// a checksum to catch damaged entries; the source checks key every file's scan by it and check
/// every cache shelf they read with it; index.html's Content-Security-Policy names its script by
/// its digest.
///
/// Not swift-crypto: on Linux it compiles BoringSSL from source, about 2 of the 16 minutes of a
/// clean clone's debug build on a 2-core machine, for the one hash modgraph uses; both libraries
/// here come with the system (libcrypto is installed with Graphviz's packages by setup.sh).
///
/// Here, not in the pure core, as SwiftPM keeps its hashing in `Basics`: every caller says
/// `SHA256` without choosing a backend.
public struct SHA256: Sendable {
    private var engine = Engine()

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
        engine.update(bytes)
    }

    public mutating func update(_ text: String) {
        update(text.utf8)
    }

    /// The 32-byte digest; the hasher must not be used afterwards.
    public mutating func finalize() -> [UInt8] {
        engine.finalize()
    }

    public mutating func finalizeHex() -> String {
        engine.finalize().withUnsafeBufferPointer(Self.hex(buffer:))
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

#if canImport(CryptoKit)
    extension SHA256 {
        /// CryptoKit's hasher, a value already.
        private struct Engine: Sendable {
            private var hasher = CryptoKit.SHA256()

            mutating func update(_ bytes: UnsafeRawBufferPointer) {
                hasher.update(bufferPointer: bytes)
            }

            mutating func finalize() -> [UInt8] {
                Array(hasher.finalize())
            }
        }
    }
#elseif canImport(CLibCrypto)
    extension SHA256 {
        /// libcrypto's EVP digest context, which lives on the heap: copied before it is changed
        /// when another hasher shares it, so that a copied `SHA256` goes on as a value.
        private struct Engine: Sendable {
            private var context = Context()

            mutating func update(_ bytes: UnsafeRawBufferPointer) {
                guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
                if !isKnownUniquelyReferenced(&context) { context = Context(copying: context) }
                Context.succeed(EVP_DigestUpdate(context.pointer, base, bytes.count), "EVP_DigestUpdate")
            }

            mutating func finalize() -> [UInt8] {
                if !isKnownUniquelyReferenced(&context) { context = Context(copying: context) }
                var digest = [UInt8](repeating: 0, count: 32)
                var length: UInt32 = 0
                Context.succeed(EVP_DigestFinal_ex(context.pointer, &digest, &length), "EVP_DigestFinal_ex")
                precondition(length == 32, "SHA-256 gave \(length) bytes")
                return digest
            }
        }

        /// One `EVP_MD_CTX`, owned: freed with its object. `@unchecked Sendable` because only a
        /// uniquely referenced context is ever changed (``Engine``'s copy on write).
        private final class Context: @unchecked Sendable {
            let pointer: OpaquePointer

            /// SHA-256 fetched once a process: `EVP_sha256()` makes libcrypto 3 look the
            /// algorithm up again on every `EVP_DigestInit_ex`, and a run starts thousands.
            private static let algorithm = Algorithm()

            init() {
                pointer = Self.newContext()
                Self.succeed(EVP_DigestInit_ex2(pointer, Self.algorithm.pointer, nil), "EVP_DigestInit_ex2")
            }

            init(copying other: Context) {
                pointer = Self.newContext()
                Self.succeed(EVP_MD_CTX_copy_ex(pointer, other.pointer), "EVP_MD_CTX_copy_ex")
            }

            deinit { EVP_MD_CTX_free(pointer) }

            private static func newContext() -> OpaquePointer {
                guard let pointer = EVP_MD_CTX_new() else { fatalError("libcrypto: out of memory for a digest context") }
                return pointer
            }

            /// libcrypto's calls fail only without memory or without the algorithm: not input's doing.
            static func succeed(_ status: Int32, _ call: String) {
                if status != 1 { fatalError("libcrypto: \(call) failed") }
            }
        }

        private struct Algorithm: @unchecked Sendable {
            let pointer: OpaquePointer

            init() {
                guard let pointer = EVP_MD_fetch(nil, "SHA2-256", nil) else {
                    fatalError("libcrypto has no SHA2-256: is OpenSSL's default provider installed?")
                }
                self.pointer = pointer
            }
        }
    }
#endif
