import ModGraphCore
import Foundation

/// One cache file: a header line with the body's length and SHA-256, then
/// the body. A file that is truncated, altered or of another format reads
/// as missing, so a damaged entry is rebuilt, never trusted.
///
/// Files are written to a temporary name in the same folder and renamed
/// into place, an atomic step, so readers (other processes included) see
/// a whole old file, a whole new one, or none; two writers of one entry
/// write the same content and the last rename wins.
enum CacheFile {
    private static let magic = "modgraph-cache 1"

    /// The body of the file at `path`, or `nil` when it is missing or damaged.
    static func read(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path).flatMap(body(of:))
    }

    /// The body of a cache file's `contents`, or `nil` when they are damaged.
    static func body(of data: Data) -> Data? {
        guard let newline = data.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let header = String(decoding: data[data.startIndex..<newline], as: UTF8.self).split(separator: " ")
        guard header.count == 4, header[0...1].joined(separator: " ") == magic,
            let length = Int(header[2])
        else { return nil }
        let body = data[(newline + 1)...]
        guard body.count == length, SHA256.hex(body) == header[3] else { return nil }
        return Data(body)
    }

    /// Writes `body` at `path` atomically, creating the folder; throws when
    /// the folder cannot be written. `raw` leaves out the header, for files meant for people.
    static func write(_ body: Data, to path: String, raw: Bool = false) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var contents = raw ? Data() : Data("\(magic) \(body.count) \(SHA256.hex(body))\n".utf8)
        contents.append(body)
        let name = ".\((path as NSString).lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UUID().uuidString).tmp"
        let temporary = Paths.absolute(name, relativeTo: folder)
        try FileCreation.write(contents, toNew: temporary, permissions: [.ownerReadWrite, .groupRead, .otherRead])
        guard rename(temporary, path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(atPath: temporary)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }
}
