import Foundation
import ModGraphCore
import ModGraphSystem

/// modgraph's own temporary files and folders: `.modgraph-PID-RANDOM.tmp`,
/// named so that a later run can tell its own leftovers (their process is
/// gone) from another run's work in progress.
enum TemporaryFiles {
    static let prefix = ".modgraph-"
    static let suffix = ".tmp"

    /// What an old report folder set aside ends with (``ReportFolder``): unlike `.tmp`, a
    /// complete report, which a later run puts back rather than removes.
    static let asideSuffix = ".old"

    /// A fresh name: this process's id and 64 random bits.
    static func name(suffix: String = suffix) -> String {
        let random = UInt64.random(in: .min ... .max)
        return "\(prefix)\(ProcessIdentity.current)-\(String(random, radix: 16))\(suffix)"
    }

    /// The process id in `name` when it is the aside copy of the folder `base`
    /// (`.BASE.modgraph-PID-RANDOM.old`, exactly), else nil.
    static func asideOwner(of name: String, base: String) -> pid_t? {
        let head = "." + base + prefix
        guard name.hasPrefix(head), name.hasSuffix(asideSuffix) else { return nil }
        return owner(of: prefix + name.dropFirst(head.count).dropLast(asideSuffix.count) + suffix)
    }

    /// The process id in one of our names, else nil.
    static func owner(of name: String) -> pid_t? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
        guard let dash = middle.firstIndex(of: "-"), let pid = pid_t(middle[..<dash]), pid > 0,
            middle[middle.index(after: dash)...].allSatisfy(\.isHexDigit)
        else { return nil }
        return pid
    }

    /// Creates a temporary file in `folder` holding `content`, exclusively
    /// and without following links, and returns its path and the warnings of
    /// the content's renderer. Nothing is left behind when writing fails.
    static func create(in folder: String, writing content: FileContent, for target: String) throws(CommandError) -> (
        path: String, warnings: [String]
    ) {
        for _ in 0..<8 {
            let path = OutputPath.join(folder, name())
            let file: FileSink
            do {
                file = try FileSink.create(path, permissions: [.ownerReadWrite, .groupRead, .otherRead])
            } catch .fileExists {
                continue
            } catch {
                throw CommandError("\(target): cannot write: \(error)")
            }
            let warnings: [String]
            do {
                warnings = try content.write(file)
            } catch {
                _ = file.close()
                FileNames.remove(path)
                throw error
            }
            if let failure = file.close() {
                FileNames.remove(path)
                throw CommandError("\(target): cannot write: \(SystemError.description(failure))")
            }
            return (path, warnings)
        }
        throw CommandError("\(target): cannot write: could not create a temporary file in \(folder)")
    }

    /// Renames our temporary file to `path`, or removes it if that fails.
    static func move(_ temporary: String, to path: String, for target: String) throws(CommandError) {
        do {
            try FileNames.rename(temporary, to: path)
        } catch {
            FileNames.remove(temporary)
            throw CommandError("\(target): cannot write: \(SystemError.description(error.rawValue))")
        }
    }

    /// Removes our files and folders in `folder` whose process is gone. Only
    /// regular files and folders of our naming are touched, links never, and a
    /// folder only when it holds nothing but regular files.
    static func removeStale(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names {
            guard let pid = owner(of: stripFolderPrefix(name)), !ProcessIdentity.exists(pid) else { continue }
            let path = OutputPath.join(folder, name)
            switch FileStatus.notFollowing(path)?.kind {
            case .regularFile?: FileNames.remove(path)
            case .folder?: removeFolderOfFiles(path)
            default: break
            }
        }
    }

    /// A report's sibling folder is named `.NAME.modgraph-PID-RANDOM.tmp`; its owner is in the tail.
    private static func stripFolderPrefix(_ name: String) -> String {
        guard let range = name.range(of: prefix, options: .backwards) else { return name }
        return String(name[range.lowerBound...])
    }

    /// Removes a folder that holds only regular files; leaves anything else alone.
    @discardableResult
    static func removeFolderOfFiles(_ path: String) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
        for name in names {
            guard FileStatus.isRegularFile(OutputPath.join(path, name), followingLinks: false) else { return false }
        }
        for name in names { FileNames.remove(OutputPath.join(path, name)) }
        return FileNames.removeEmptyFolder(path)
    }
}
