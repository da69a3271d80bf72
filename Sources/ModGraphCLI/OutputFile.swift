import Foundation

/// Writes a command's result to a file atomically (a temporary file in the
/// same folder, then a rename), or to standard output. A failed run leaves no
/// half-written file behind, and nothing is written outside the folder named.
enum OutputFile {
    static func write(_ text: String, to path: String?) throws(CommandError) {
        try write(Data(text.utf8), to: path)
    }

    static func write(_ data: Data, to path: String?) throws(CommandError) {
        guard let path, path != "-" else {
            FileHandle.standardOutput.write(data)
            return
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandError("\(path): cannot write: folder \(folder) does not exist")
        }
        let temporary = URL(fileURLWithPath: folder)
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try data.write(to: temporary)
            if rename(temporary.path, url.path) != 0 {
                throw CommandError("\(path): cannot write: \(String(cString: strerror(errno)))")
            }
        } catch let error as CommandError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw CommandError("\(path): cannot write: \(error.localizedDescription)")
        }
    }
}
