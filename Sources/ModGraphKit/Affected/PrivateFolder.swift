import Foundation
import ModGraphCore
import ModGraphSystem

/// A folder only this process uses, with a name nobody can guess
/// (`mkdtemp`), removed with everything in it when the run is done.
final class PrivateFolder {
    let path: String

    /// A new folder in `base` (the temporary folder unless said), named `prefix` and random characters.
    init(in base: String = FileManager.default.temporaryDirectory.path, prefix: String = "modgraph-") throws(CommandError) {
        do {
            path = try FileCreation.privateFolder(in: base, prefix: prefix)
        } catch {
            throw CommandError("cannot create a temporary folder in \(base): \(error)")
        }
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
        do {
            try FileCreation.write(data, toNew: file, permissions: .ownerReadWrite)
        } catch {
            throw CommandError("cannot create '\(relative)' in a temporary folder: \(error)")
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
