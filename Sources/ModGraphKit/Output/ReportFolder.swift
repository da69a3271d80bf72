import Foundation
import ModGraphCore
import ModGraphSystem

/// Writes a command's files into one folder so that a reader sees either the
/// old report or the new one, never a mix, and nothing lands elsewhere.
///
/// Every file is written in full before the first is put in place; the
/// files are made and written at once (a unit of the ``Executor`` each), each
/// as its content produces it (``FileContent``). The new report is assembled in a hidden
/// sibling folder (`.NAME.modgraph-PID-RANDOM.tmp`, created exclusively,
/// files inside created with `O_EXCL | O_NOFOLLOW`) and put in place. An
/// existing folder that holds only report files is exchanged with it in one
/// rename where the platform has one (``ExchangeRename``), then removed, so
/// the folder's name always names a whole report; elsewhere the old folder
/// is first renamed aside (`.NAME.modgraph-PID-RANDOM.old`) and removed only
/// once the new one is in place, and a run killed between the two renames
/// leaves it there, for the next run to put back before anything else: the
/// only copy is never removed. A folder holding anything else (the user's own
/// files) is never moved or emptied: the report's files are then written
/// beside their places and, once all are written, replaced one by one, each
/// atomically. Leftovers of a killed run are removed by the next.
public enum ReportFolder {
    /// Writes `files` into `folder`, as many at once as `executor` runs; returns what their
    /// renderers warned of, in the files' order.
    public static func write(
        _ files: [(name: String, content: FileContent)], into folder: String, executor: Executor
    ) throws(CommandError) -> [String] {
        try write(files, into: folder, executor: executor, swap: Swap())
    }

    /// The steps of putting a staged report in place, for tests that stop between them as a kill would.
    enum Step: Equatable {
        /// Every file written in the staging folder.
        case staged
        /// The staging folder and the old report exchanged in one rename.
        case exchanged
        /// (Without an exchange rename) the old report renamed aside.
        case movedAside
        /// The new report renamed into place.
        case movedIn
    }

    /// How the report is put in place: the exchange rename when `exchange` and the
    /// platform have it, else two renames; `after` is told of each step done and,
    /// answering false, stops the write there, leaving what a kill there leaves.
    struct Swap {
        var exchange = true
        var after: (Step) -> Bool = { _ in true }
    }

    static func write(
        _ files: [(name: String, content: FileContent)], into folder: String, executor: Executor, swap: Swap
    ) throws(CommandError) -> [String] {
        guard !folder.isEmpty else { throw CommandError("--output: the path is empty; give a folder") }
        for (name, _) in files {
            precondition(!name.contains("/") && name != "." && name != ".." && !name.hasPrefix("."), "report file names are plain names")
        }
        let output = OutputPath(folder)
        let (trimmed, parent, base) = (output.path, output.parent, output.name)
        if !output.namesAFolder { restoreAside(of: trimmed, parent: parent, base: base) }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: trimmed, isDirectory: &isDirectory)
        if exists, !isDirectory.boolValue { throw CommandError("\(folder): exists and is not a folder") }
        if !exists {
            do {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            } catch {
                throw CommandError("\(folder): cannot create the folder: \(error.localizedDescription)")
            }
        }
        TemporaryFiles.removeStale(in: parent)
        if exists {
            TemporaryFiles.removeStale(in: trimmed)
        }
        let swappable = !output.namesAFolder && (!exists || holdsOnlyReportFiles(trimmed, names: Set(files.map(\.name))))
        guard swappable else {
            // The user's own folder: replace each report file atomically, touch nothing else.
            // (Its stale temporaries were removed above, once.)
            let (written, warnings) = try writeAll(files, in: trimmed, naming: trimmed, executor: executor)
            for (index, temporary) in written.enumerated() {
                let path = OutputPath.join(trimmed, files[index].name)
                do throws(CommandError) {
                    try TemporaryFiles.move(temporary, to: path, for: path)
                } catch {
                    written[(index + 1)...].forEach { FileNames.remove($0) }
                    throw error
                }
            }
            return warnings
        }
        let staging = OutputPath.join(parent, ".\(base)" + TemporaryFiles.name())
        do {
            try FileNames.makeFolder(staging, permissions: [.ownerReadWriteExecute, .groupReadExecute, .otherReadExecute])
        } catch {
            throw CommandError("\(folder): cannot create a temporary folder beside it: \(SystemError.description(error.rawValue))")
        }
        do throws(CommandError) {
            let (written, warnings) = try writeAll(files, in: staging, naming: trimmed, executor: executor)
            for (index, temporary) in written.enumerated() {
                try TemporaryFiles.move(
                    temporary, to: OutputPath.join(staging, files[index].name), for: OutputPath.join(trimmed, files[index].name))
            }
            guard swap.after(.staged) else { return warnings }
            try put(staging, into: trimmed, exists: exists, parent: parent, base: base, swap: swap)
            return warnings
        } catch {
            TemporaryFiles.removeFolderOfFiles(staging)
            throw error
        }
    }

    /// Writes every file into a temporary file of its own in `folder`, at
    /// once; returns their paths and the renderers' warnings in the files'
    /// order. On a failure, the first file's in the list is thrown and no
    /// temporary file is left.
    private static func writeAll(
        _ files: [(name: String, content: FileContent)], in folder: String, naming destination: String, executor: Executor
    ) throws(CommandError) -> (paths: [String], warnings: [String]) {
        let contents = files.map(\.content)
        let targets = files.map { OutputPath.join(destination, $0.name) }
        let written = executor.map(files.count) { index in
            Result { () throws(CommandError) in
                try TemporaryFiles.create(in: folder, writing: contents[index], for: targets[index])
            }
        }
        var paths: [String] = []
        var warnings: [String] = []
        var failure: CommandError?
        for result in written {
            switch result {
            case let .success(file):
                paths.append(file.path)
                warnings += file.warnings
            case let .failure(error):
                failure = failure ?? error
            }
        }
        if let failure {
            paths.forEach { FileNames.remove($0) }
            throw failure
        }
        return (paths, warnings)
    }

    /// Puts the staged folder in place: exchanged with the old report in one rename
    /// where the platform can, else the old report aside, the new one in; then the
    /// old one removed.
    private static func put(
        _ staging: String, into folder: String, exists: Bool, parent: String, base: String, swap: Swap
    ) throws(CommandError) {
        guard exists else {
            do {
                try FileNames.rename(staging, to: folder)
            } catch {
                throw CommandError("\(folder): cannot move the new report into place: \(SystemError.description(error.rawValue))")
            }
            _ = swap.after(.movedIn)
            return
        }
        if swap.exchange {
            switch ExchangeRename.exchange(staging, folder) {
            case .exchanged:
                // The staging folder's name now holds the old report.
                guard swap.after(.exchanged) else { return }
                TemporaryFiles.removeFolderOfFiles(staging)
                return
            case .unsupported:
                break
            case let .failed(code):
                throw CommandError("\(folder): cannot replace the old report: \(SystemError.description(code))")
            }
        }
        let aside = OutputPath.join(parent, ".\(base)" + TemporaryFiles.name(suffix: TemporaryFiles.asideSuffix))
        do {
            try FileNames.rename(folder, to: aside)
        } catch {
            throw CommandError("\(folder): cannot replace the old report: \(SystemError.description(error.rawValue))")
        }
        guard swap.after(.movedAside) else { return }
        do {
            try FileNames.rename(staging, to: folder)
        } catch {
            try? FileNames.rename(aside, to: folder)
            throw CommandError("\(folder): cannot move the new report into place: \(SystemError.description(error.rawValue))")
        }
        guard swap.after(.movedIn) else { return }
        TemporaryFiles.removeFolderOfFiles(aside)
    }

    /// The old report a run set aside, put back when nothing is at `folder` (the run was
    /// killed between its two renames); asides of ended runs are removed once a report is in place.
    private static func restoreAside(of folder: String, parent: String, base: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        let asides = names.filter { name in
            TemporaryFiles.asideOwner(of: name, base: base).map { !ProcessIdentity.exists($0) } ?? false
        }.sorted()
        for name in asides {
            let path = OutputPath.join(parent, name)
            if !FileStatus.exists(folder), SystemError.currentCode == ENOENT {
                if (try? FileNames.rename(path, to: folder)) != nil { continue }
            }
            if FileStatus.exists(folder) { TemporaryFiles.removeFolderOfFiles(path) }
        }
    }

    /// Whether a folder holds nothing but regular files with the report's names (and our leftovers).
    static func holdsOnlyReportFiles(_ folder: String, names: Set<String>) -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        let known = names.union(ReportFolder.everyReportFile)
        return entries.allSatisfy { entry in
            known.contains(entry) && FileStatus.isRegularFile(OutputPath.join(folder, entry), followingLinks: false)
        }
    }

    /// Every file `modgraph report` has ever written, so that an older report's folder still counts as a report.
    static let everyReportFile: Set<String> = ["graph.svg", "graph.dot", "schedule.svg", "report.md", "report.json"]
}
