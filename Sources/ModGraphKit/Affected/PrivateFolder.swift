import Foundation

/// A folder only this process uses, with a name nobody can guess
/// (`mkdtemp`), removed with everything in it when the run is done.
final class PrivateFolder {
    let path: String

    init() throws(CommandError) {
        var template = Array((FileManager.default.temporaryDirectory.path + "/modgraph-XXXXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CommandError("cannot create a temporary folder: \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
    }

    /// Writes `data` at `relative` (folders made as needed), created exclusively and without following links.
    func write(_ data: Data, at relative: String) throws(CommandError) {
        let parts = relative.split(separator: "/").map(String.init)
        guard !parts.isEmpty, !parts.contains(".."), !parts.contains(".") else {
            throw CommandError("'\(relative)' is not a relative path")
        }
        let file = path + "/" + parts.joined(separator: "/")
        do {
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot create a temporary folder for '\(relative)'")
        }
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CommandError("cannot create '\(relative)' in a temporary folder: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        guard written == data.count else { throw CommandError("cannot write '\(relative)' in a temporary folder") }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
