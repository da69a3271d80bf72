import ModGraphCore
import Foundation
import ModGraphSystem

/// One cache file: a header line with the body's length and SHA-256, then
/// the body. A file that is truncated, altered or of another format reads
/// as missing, so a damaged entry is rebuilt, never trusted.
///
/// Files are written to a temporary name in the same folder and renamed
/// into place (``ConfinedFiles``: no link below the cache folder is followed), an atomic step, so readers (other processes included) see
/// a whole old file, a whole new one, or none; two writers of one entry
/// write the same content and the last rename wins.
enum CacheFile {
    private static let magic = "modgraph-cache 1"

    /// The most bytes one entry may hold: more than any dump, bounded so that a planted file costs nothing.
    static let maximumBytes = 64 << 20

    /// The body of the file at `path` below the cache folder `root`, or `nil` when it is missing or
    /// damaged, or the way to it from `root` passes a symbolic link (``ConfinedFiles``).
    static func read(_ path: String, under root: String) -> Data? {
        guard let relative = relative(path, to: root), let bytes = ConfinedFiles.read(relative, in: root, limit: maximumBytes) else {
            return nil
        }
        return body(of: bytes)
    }

    /// The body of a cache file's `contents`, or `nil` when they are damaged.
    static func body(of data: Data) -> Data? { body(of: [UInt8](data)) }

    /// The body of a cache file's `contents`, or `nil` when they are damaged: the body's bytes are copied once, from
    /// the bytes read (the scan cache's shelves are megabytes, read on every run).
    static func body(of contents: [UInt8]) -> Data? {
        guard let newline = contents.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let header = String(decoding: contents[..<newline], as: UTF8.self).split(separator: " ")
        guard header.count == 4, header[0...1].joined(separator: " ") == magic,
            let length = Int(header[2])
        else { return nil }
        let body = contents[(newline + 1)...]
        guard body.count == length, SHA256.hex(body) == header[3] else { return nil }
        return Data(body)
    }

    /// Writes `body` at `path` below the cache folder `root` atomically, creating the folders on the way,
    /// none of which may be a link; throws when they cannot be written. `raw` leaves out the header, for
    /// files meant for people.
    static func write(_ body: Data, to path: String, under root: String, raw: Bool = false) throws(ConfinedError) {
        guard let relative = relative(path, to: root) else { throw ConfinedError(code: EINVAL) }
        // The cache folder itself is the user's to choose (made here when new); below it, nothing is a link.
        if !FileManager.default.fileExists(atPath: root) {
            try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        }
        // The header and the body in one buffer, the body copied once.
        let header = raw ? [] : Array("\(magic) \(body.count) \(SHA256.hex(body))\n".utf8)
        let contents = [UInt8](unsafeUninitializedCapacity: header.count + body.count) { buffer, count in
            let rest = UnsafeMutableBufferPointer(rebasing: buffer[header.count...])
            count = buffer.initialize(fromContentsOf: header) + body.copyBytes(to: rest)
        }
        try ConfinedFiles.write(contents, to: relative, in: root)
    }

    /// `path` below `root`, without `root/`; nil when it is not below it.
    private static func relative(_ path: String, to root: String) -> String? {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard path.hasPrefix(prefix) else { return nil }
        return String(path.dropFirst(prefix.count))
    }
}

/// A named entry of the cache folder, for what other modules keep there (the source checks'
/// ``ScanCache`` of ModGraphSources), with every protection of ``CacheFile``.
public enum CacheEntry {
    /// The body of the entry `name` (a relative path) in `folder`, or nil when it is missing or damaged.
    public static func read(_ name: String, in folder: String) -> Data? {
        CacheFile.read(folder + "/" + name, under: folder)
    }

    /// Writes the entry `name` in `folder`; a cache that cannot be written only makes the next run slower.
    public static func write(_ body: Data, named name: String, in folder: String) {
        try? CacheFile.write(body, to: folder + "/" + name, under: folder)
    }
}
