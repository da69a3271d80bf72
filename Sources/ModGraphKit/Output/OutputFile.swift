import Foundation
import ModGraphSystem

/// Writes a command's result to a file atomically, or to standard output.
///
/// The bytes go to a new temporary file beside the target, created with an
/// unpredictable name and `O_CREAT | O_EXCL | O_NOFOLLOW`, so that nothing
/// planted in the folder beforehand (a symbolic link, a FIFO, a file of that
/// name) is followed, opened or overwritten; then a `rename` puts it in place,
/// replacing a link at the target's name rather than what it points to. A
/// failed or killed run leaves no half-written target; its temporary file is
/// removed by the next run that writes into the same folder.
public enum OutputFile {
    public static func write(_ text: String, to path: String?) throws(CommandError) {
        try write(.text(text), to: path)
    }

    /// Writes `content` as it is produced (a JSON document of 100,000
    /// targets goes out a few megabytes at a time); to a file, only once
    /// it is whole.
    public static func write(_ content: FileContent, to path: String?) throws(CommandError) {
        guard let path, path != "-" else {
            let output = FileSink.standardOutput
            _ = try content.write(output)
            if let failure = output.failure {
                throw CommandError("standard output: cannot write: \(SystemError.description(failure))")
            }
            return
        }
        guard !path.isEmpty else { throw CommandError("--output: the path is empty; give a file name, or - for standard output") }
        let output = OutputPath(path)
        guard !path.hasSuffix("/"), !output.namesAFolder else { throw CommandError("\(path): cannot write: names a folder, not a file") }
        let folder = output.parent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandError("\(path): cannot write: folder \(folder) does not exist")
        }
        TemporaryFiles.removeStale(in: folder)
        let temporary = try TemporaryFiles.create(in: folder, writing: content, for: path).path
        try TemporaryFiles.move(temporary, to: path, for: path)
    }
}
