import Foundation

/// Writes a command's files into one folder so that a reader sees either the
/// old report or the new one, never a mix, and nothing lands elsewhere.
///
/// Every file is rendered before the first is written. The new report is
/// assembled in a hidden sibling folder (`.NAME.modgraph-PID-RANDOM.tmp`,
/// created exclusively, files inside created with `O_EXCL | O_NOFOLLOW`)
/// and renamed into place; an existing folder that holds only report files
/// is first renamed aside and removed afterwards. A folder holding anything
/// else (the user's own files) is never moved or emptied: the report's files
/// are then replaced one by one, each atomically. Leftovers of a killed run
/// are removed by the next.
public enum ReportFolder {
    public static func write(_ files: [(name: String, data: Data)], into folder: String) throws(CommandError) {
        guard !folder.isEmpty else { throw CommandError("--output: the path is empty; give a folder") }
        for (name, _) in files {
            precondition(!name.contains("/") && name != "." && name != ".." && !name.hasPrefix("."), "report file names are plain names")
        }
        let trimmed = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let parent = (trimmed as NSString).deletingLastPathComponent.isEmpty ? "." : (trimmed as NSString).deletingLastPathComponent
        let base = (trimmed as NSString).lastPathComponent
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
        let swappable =
            base != "." && base != ".." && base != "/" && (!exists || holdsOnlyReportFiles(trimmed, names: Set(files.map(\.name))))
        guard swappable else {
            // The user's own folder: replace each report file atomically, touch nothing else.
            // (Its stale temporaries were removed above, once.)
            for (name, data) in files {
                let path = (trimmed as NSString).appendingPathComponent(name)
                try TemporaryFiles.place(data, at: path, in: trimmed, for: path)
            }
            return
        }
        let staging = (parent as NSString).appendingPathComponent(".\(base)" + TemporaryFiles.name())
        guard mkdir(staging, 0o755) == 0 else {
            throw CommandError("\(folder): cannot create a temporary folder beside it: \(String(cString: strerror(errno)))")
        }
        do throws(CommandError) {
            for (name, data) in files {
                try TemporaryFiles.place(
                    data, at: (staging as NSString).appendingPathComponent(name), in: staging,
                    for: (trimmed as NSString).appendingPathComponent(name))
            }
            try swap(staging, into: trimmed, exists: exists, parent: parent, base: base)
        } catch {
            TemporaryFiles.removeFolderOfFiles(staging)
            throw error
        }
    }

    /// Puts the staged folder in place: the old report aside, the new one in, the old one removed.
    private static func swap(_ staging: String, into folder: String, exists: Bool, parent: String, base: String) throws(CommandError) {
        var aside: String?
        if exists {
            let path = (parent as NSString).appendingPathComponent(".\(base)" + TemporaryFiles.name())
            guard rename(folder, path) == 0 else {
                throw CommandError("\(folder): cannot replace the old report: \(String(cString: strerror(errno)))")
            }
            aside = path
        }
        guard rename(staging, folder) == 0 else {
            let reason = String(cString: strerror(errno))
            if let aside { rename(aside, folder) }
            throw CommandError("\(folder): cannot move the new report into place: \(reason)")
        }
        if let aside { TemporaryFiles.removeFolderOfFiles(aside) }
    }

    /// Whether a folder holds nothing but regular files with the report's names (and our leftovers).
    static func holdsOnlyReportFiles(_ folder: String, names: Set<String>) -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        let known = names.union(ReportFolder.everyReportFile)
        return entries.allSatisfy { entry in
            var status = stat()
            let path = (folder as NSString).appendingPathComponent(entry)
            return known.contains(entry) && lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        }
    }

    /// Every file `modgraph report` has ever written, so that an older report's folder still counts as a report.
    static let everyReportFile: Set<String> = ["graph.svg", "graph.dot", "schedule.svg", "report.md", "report.json"]
}
