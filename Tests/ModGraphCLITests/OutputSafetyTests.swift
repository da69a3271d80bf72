import Foundation
import Testing
@testable import ModGraphKit

/// Files modgraph writes: never through a planted link, never a half-written
/// or mixed report, never a number that makes a command run without end.
@Suite("Output safety")
struct OutputSafetyTests {
    private func scratch() throws -> URL {
        try ModGraphRunner.scratchFolder("modgraph-output")
    }

    private var sample: String { ModGraphRunner.samples.appendingPathComponent("VerticalApp").path }

    /// The last process id the kernel handed out, so a test can guess the next ones as an attacker would.
    private func lastProcessID() -> Int? {
        (try? String(contentsOfFile: "/proc/sys/kernel/ns_last_pid", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    @Test func plantedLinksAreNeverFollowed() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let victim = folder.appendingPathComponent("victim.txt")
        try "precious\n".write(to: victim, atomically: false, encoding: .utf8)
        let output = folder.appendingPathComponent("out").appendingPathComponent("graph.txt")
        try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        // An attacker who can write into the folder plants links at every
        // temporary name modgraph might choose (its pid is predictable).
        if let last = lastProcessID() {
            for pid in (last + 1)...(last + 400) {
                try? FileManager.default.createSymbolicLink(
                    atPath: output.deletingLastPathComponent().appendingPathComponent(".graph.txt.\(pid).tmp").path,
                    withDestinationPath: victim.path)
            }
        }
        let result = try ModGraphRunner.run(["graph", sample, "--output", output.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
        #expect(try String(contentsOf: output, encoding: .utf8).hasPrefix("1 package, 16 targets"))

        // A link at the output's own name is replaced, not written through.
        try FileManager.default.removeItem(at: output)
        try FileManager.default.createSymbolicLink(atPath: output.path, withDestinationPath: victim.path)
        let again = try ModGraphRunner.run(["graph", sample, "--output", output.path])
        #expect(again.status == 0, "\(again.errors)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: output.path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    }

    @Test func staleTemporariesOfDeadRunsAreRemoved() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dead = pid_t(Int32.max - 7)  // above any pid_max
        let stale = folder.appendingPathComponent(".modgraph-\(dead)-abc123.tmp")
        let staleFolder = folder.appendingPathComponent(".report.modgraph-\(dead)-def456.tmp")
        try "half".write(to: stale, atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(at: staleFolder, withIntermediateDirectories: true)
        try "half".write(to: staleFolder.appendingPathComponent("graph.svg"), atomically: false, encoding: .utf8)
        let live = folder.appendingPathComponent(".modgraph-\(getpid())-abc123.tmp")
        try "in progress".write(to: live, atomically: false, encoding: .utf8)
        let mine = folder.appendingPathComponent("notes.tmp")
        try "mine".write(to: mine, atomically: false, encoding: .utf8)

        let result = try ModGraphRunner.run(["graph", sample, "--output", folder.appendingPathComponent("g.txt").path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(!FileManager.default.fileExists(atPath: staleFolder.path))
        #expect(FileManager.default.fileExists(atPath: live.path), "another live run's file stays")
        #expect(FileManager.default.fileExists(atPath: mine.path), "files not of modgraph's naming stay")
    }

    @Test func aReportFolderIsReplacedWholeAndTheUsersFilesStay() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report")
        let first = try ModGraphRunner.run(["report", sample, "--output", report.path, "--workers", "2"])
        #expect(first.status == 0, "\(first.errors)")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: report.path))
        #expect(files == ["graph.svg", "graph.dot", "schedule.svg", "index.html", "report.md", "report.json"])
        let before = try FileManager.default.attributesOfItem(atPath: report.path)[.systemFileNumber] as? Int
        let second = try ModGraphRunner.run(["report", sample, "--output", report.path, "--workers", "2"])
        #expect(second.status == 0, "\(second.errors)")
        // A new folder took the old one's place in one rename: no reader saw old and new files side by side.
        let after = try FileManager.default.attributesOfItem(atPath: report.path)[.systemFileNumber] as? Int
        #expect(before != nil && before != after, "the report was written into the old folder file by file")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: report.path)) == files)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report"], "no sibling left behind")

        // A folder with the user's own files is written into, file by file; their files stay.
        let shared = folder.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try "keep".write(to: shared.appendingPathComponent("README.txt"), atomically: false, encoding: .utf8)
        let third = try ModGraphRunner.run(["report", sample, "--output", shared.path, "--workers", "2"])
        #expect(third.status == 0, "\(third.errors)")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: shared.path)) == files.union(["README.txt"]))
    }

    /// A file whose content fails to render puts no file in place, in a folder
    /// of its own or the user's, and leaves no temporary file; warnings come
    /// back in the files' order although the files are written at once.
    @Test func aFailedFileReplacesNothing() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let failing: [(name: String, content: FileContent)] = [
            ("report.md", .bytes(Array("new".utf8))),
            ("report.json", .rendered { () throws(CommandError) in throw CommandError("the renderer failed") }),
        ]
        let shared = folder.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try "keep".write(to: shared.appendingPathComponent("README.txt"), atomically: false, encoding: .utf8)
        try "old".write(to: shared.appendingPathComponent("report.md"), atomically: false, encoding: .utf8)
        for target in [shared, folder.appendingPathComponent("report")] {
            do {
                _ = try ReportFolder.write(failing, into: target.path, executor: Executor(width: 4))
                Issue.record("\(target.lastPathComponent): written although a file failed")
            } catch {
                #expect(error.description == "the renderer failed")
            }
        }
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["shared"])
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: shared.path)) == ["README.txt", "report.md"])
        #expect(try String(contentsOf: shared.appendingPathComponent("report.md"), encoding: .utf8) == "old")

        let warned: [(name: String, content: FileContent)] = (0..<6).map { index in
            ("report\(index).md", .rendered { (Array("file \(index)".utf8), ["first of \(index)", "second of \(index)"]) })
        }
        let warnings = try ReportFolder.write(warned, into: shared.path, executor: Executor(width: 4))
        #expect(warnings == (0..<6).flatMap { ["first of \($0)", "second of \($0)"] })
        #expect(try String(contentsOf: shared.appendingPathComponent("report5.md"), encoding: .utf8) == "file 5")
        #expect(try String(contentsOf: shared.appendingPathComponent("report.md"), encoding: .utf8) == "old")
    }

    /// A two-file report whose report.md says `text`.
    private func files(_ text: String) -> [(name: String, content: FileContent)] {
        [("report.md", .bytes(Array(text.utf8))), ("report.json", .bytes(Array("{}".utf8)))]
    }

    /// Between every two steps of replacing a report, the folder's name names a whole
    /// report, old or new: the old and the new folder are exchanged in one rename.
    @Test func aReaderFindsAWholeReportBetweenEveryStep() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report")
        _ = try ReportFolder.write(files("old"), into: report.path, executor: Executor(width: 4))
        var steps: [ReportFolder.Step] = []
        let swap = ReportFolder.Swap { step in
            steps.append(step)
            let markdown = try? String(contentsOf: report.appendingPathComponent("report.md"), encoding: .utf8)
            #expect(markdown == "old" || markdown == "new", "after \(step): report.md is \(markdown ?? "missing")")
            return true
        }
        _ = try ReportFolder.write(files("new"), into: report.path, executor: Executor(width: 4), swap: swap)
        #expect(steps == [.staged, .exchanged])
        #expect(try String(contentsOf: report.appendingPathComponent("report.md"), encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report"], "no sibling left behind")
    }

    /// Where there is no exchange rename, a run killed between its two renames leaves the
    /// old report aside and none in place; the next run puts it back before anything else,
    /// so even a next run that fails leaves the old report, and one that succeeds leaves no copy.
    @Test func aRunKilledBetweenTwoRenamesLeavesTheOldReportForTheNext() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report")
        _ = try ReportFolder.write(files("old"), into: report.path, executor: Executor(width: 4))
        // Killed right after the old report was renamed aside.
        _ = try ReportFolder.write(files("lost"), into: report.path, executor: Executor(width: 4), swap: ReportFolder.Swap(exchange: false) { $0 != .movedAside })
        #expect(!FileManager.default.fileExists(atPath: report.path))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted { $0.hasSuffix(".old") && !$1.hasSuffix(".old") }
        try #require(left.count == 2 && left[0].hasSuffix(".old") && left[1].hasSuffix(".tmp"), "\(left)")
        // As the killed process left them (the old report aside, the new one staged): its process is gone.
        let dead = pid_t(Int32.max - 7)
        for (name, suffix) in zip(left, [".old", ".tmp"]) {
            try FileManager.default.moveItem(
                at: folder.appendingPathComponent(name), to: folder.appendingPathComponent(".report.modgraph-\(dead)-abc123\(suffix)"))
        }

        let failing: [(name: String, content: FileContent)] = [
            ("report.md", .rendered { () throws(CommandError) in throw CommandError("the renderer failed") })
        ]
        #expect(throws: CommandError.self) { _ = try ReportFolder.write(failing, into: report.path, executor: Executor(width: 4)) }
        #expect(try String(contentsOf: report.appendingPathComponent("report.md"), encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".report.modgraph-") && $0 != "report" }.isEmpty)
        _ = try ReportFolder.write(files("new"), into: report.path, executor: Executor(width: 4), swap: ReportFolder.Swap(exchange: false))
        #expect(try String(contentsOf: report.appendingPathComponent("report.md"), encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report"], "no copy left behind")
    }

    /// Killed at random moments, a report leaves either the old folder or the new one, whole.
    @Test func aKilledReportNeverLeavesAMix() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report")
        let executable = try #require(ModGraphRunner.executable)
        let expected: Set<String> = ["graph.svg", "graph.dot", "schedule.svg", "index.html", "report.md", "report.json"]
        var generator = SystemRandomNumberGenerator()
        for trial in 0..<6 {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["report", sample, "--output", report.path, "--workers", "2"]
            process.environment = ProcessInfo.processInfo.environment.merging(["MODGRAPH_CACHE_DIR": ModGraphRunner.cacheFolder]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 20_000...400_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if FileManager.default.fileExists(atPath: report.path) {
                let files = Set(try FileManager.default.contentsOfDirectory(atPath: report.path))
                #expect(files == expected, "trial \(trial): the report folder holds \(files.sorted())")
                let markdown = try String(contentsOf: report.appendingPathComponent("report.md"), encoding: .utf8)
                #expect(
                    markdown.hasPrefix("# Module graph of VerticalApp") && markdown.hasSuffix("\n"), "trial \(trial): report.md is partial")
            }
        }
        let final = try ModGraphRunner.run(["report", sample, "--output", report.path, "--workers", "2"])
        #expect(final.status == 0, "\(final.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report"], "leftovers of killed runs are removed")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: report.path)) == expected)
    }

    /// A one-character relative path crashed Foundation's path splitting (SIGILL): every
    /// command that writes a file takes it, and a path that names a folder is a one-line error.
    @Test(arguments: [
        ["graph"], ["schedule"], ["check"], ["check", "--write-baseline", "b", "-o", "-"], ["init", "--force"],
        ["affected", "--changed-files", "changed.txt"], ["diff", "--base-path", "SAMPLE"],
    ])
    func oneCharacterRelativeOutputs(_ command: [String]) throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "Sources/Feed/Feed.swift\n".write(to: folder.appendingPathComponent("changed.txt"), atomically: true, encoding: .utf8)
        let copy = folder.appendingPathComponent("app")
        try FileManager.default.copyItem(atPath: sample, toPath: copy.path)
        let arguments = [command[0], copy.path] + command.dropFirst().map { $0 == "SAMPLE" ? copy.path : $0 }
        let written = command.contains("--write-baseline") ? "b" : "g"
        let result = try ModGraphRunner.run(arguments + (command.contains("-o") ? [] : ["-o", "g"]), in: folder)
        #expect([0, 1].contains(result.status), "\(arguments): \(result.errors)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(written).path), "\(arguments)")
        for name in [".", "..", "/", "x/", "./.", "x/.."] {
            let refused = try ModGraphRunner.run(arguments + (command.contains("-o") ? [] : ["-o", name]), in: folder)
            if command.contains("--write-baseline") { continue }
            #expect(refused.status == 2, "\(arguments) -o \(name): \(refused.errors)")
            #expect(refused.errors == "error: \(name): cannot write: names a folder, not a file\n", "\(arguments) -o \(name)")
        }
    }

    /// The report's folder given as `.`, a one-letter name, or with trailing slashes.
    @Test func oneCharacterReportFolders() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected: Set<String> = ["graph.svg", "graph.dot", "schedule.svg", "index.html", "report.md", "report.json"]
        for name in ["R", "S//", "./T"] {
            let result = try ModGraphRunner.run(["report", sample, "--output", name], in: folder)
            #expect(result.status == 0, "\(name): \(result.errors)")
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(name).path)) == expected, "\(name)")
        }
        let here = folder.appendingPathComponent("here")
        try FileManager.default.createDirectory(at: here, withIntermediateDirectories: false)
        try "mine\n".write(to: here.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let result = try ModGraphRunner.run(["report", sample, "--output", "."], in: here)
        #expect(result.status == 0, "\(result.errors)")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: here.path)) == expected.union(["notes.txt"]))
    }

    @Test func emptyOutputPathsAreUsageErrors() throws {
        let graph = try ModGraphRunner.run(["graph", sample, "--output", ""])
        #expect(graph.status == 2)
        #expect(graph.errors == "error: --output: the path is empty; give a file name, or - for standard output\n")
        let report = try ModGraphRunner.run(["report", sample, "--output", ""])
        #expect(report.status == 2)
        #expect(report.errors == "error: --output: the path is empty; give a folder\n")
    }

    /// Numbers from the command line are bounded before anything runs.
    @Test(
        .timeLimit(.minutes(1)),
        arguments: [
            ["schedule", "--workers", "100000000", "--format", "mermaid"],
            ["report", "--workers", "9223372036854775807", "--output", "/nonexistent/never"],
            ["schedule", "--bottleneck-candidates", "99999999"],
            ["graph", "--focus", "App", "--depth", "99999999999"],
        ])
    func numericOptionsHaveBounds(_ arguments: [String]) throws {
        let result = try ModGraphRunner.run([arguments[0], sample] + arguments.dropFirst())
        #expect(result.status == 2, "\(result.errors)")
        #expect(result.errors.contains("must be from"), "\(result.errors)")
        #expect(result.output.isEmpty)
    }

    @Test func helpSaysTheBounds() throws {
        let help = try ModGraphRunner.run(["schedule", "--help"])
        let words = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("to simulate, 1 to 1,024"))
        #expect(words.contains("(0 to 10,000)"))
    }
}
