import Foundation
import Testing
import ModGraphManifest
@testable import ModGraphCLI

/// A clock the test moves by hand, and everything the bar wrote.
private final class Screen: @unchecked Sendable {
    private let lock = NSLock()
    private var time = 0.0
    private var written: [String] = []
    func advance(to seconds: Double) { lock.withLock { time = seconds } }
    var now: Double { lock.withLock { time } }
    func write(_ text: String) { lock.withLock { written.append(text) } }
    var output: [String] { lock.withLock { written } }
}

@Suite("progress bar")
struct ProgressBarTests {
    @Test func theLineShowsDoneTotalAndThePackageInProgress() {
        // 5 of 20 done fills a quarter of the 20 slots: 5 marks.
        #expect(
            ProgressBar.line(LoadProgress(done: 5, total: 20, inProgress: ["/w/Core", "/w/Networking"]), width: 80)
                == "[#####---------------] 5/20 packages  Core (+1)")
        #expect(
            ProgressBar.line(LoadProgress(done: 0, total: 0, inProgress: []), width: 80)
                == "[--------------------] 0/0 packages")
        #expect(
            ProgressBar.line(LoadProgress(done: 3, total: 3, inProgress: []), width: 80)
                == "[####################] 3/3 packages")
        // Cut one column short of the terminal's width, so it never wraps.
        #expect(
            ProgressBar.line(LoadProgress(done: 1, total: 2, inProgress: ["/w/AVeryLongPackageName"]), width: 30)
                == "[##########----------] 1/2 pa")
    }

    @Test func onlyPeopleAtATerminalSeeIt() {
        #expect(ProgressBar.isWanted(standardErrorIsTerminal: true, environment: [:]))
        #expect(ProgressBar.isWanted(standardErrorIsTerminal: true, environment: ["CI": "false"]))
        #expect(!ProgressBar.isWanted(standardErrorIsTerminal: false, environment: [:]))
        #expect(!ProgressBar.isWanted(standardErrorIsTerminal: true, environment: ["CI": "true"]))
        #expect(!ProgressBar.isWanted(standardErrorIsTerminal: true, environment: ["CI": "1"]))
        #expect(!ProgressBar.isWanted(standardErrorIsTerminal: true, environment: ["TERM": "dumb"]))
    }

    @Test func nothingIsDrawnBeforeTheDelayAndTheBarIsErasedAtTheEnd() {
        let screen = Screen()
        let bar = ProgressBar(width: 80, delay: 1, now: { screen.now }, write: { screen.write($0) })
        bar.update(LoadProgress(done: 0, total: 4, inProgress: ["/w/A"]))
        screen.advance(to: 0.9)
        bar.tick()
        #expect(screen.output.isEmpty)
        screen.advance(to: 1.0)
        bar.tick()
        #expect(screen.output == ["\r[--------------------] 0/4 packages  A\u{1B}[K"])
        // Nothing new, nothing redrawn.
        bar.tick()
        #expect(screen.output.count == 1)
        bar.update(LoadProgress(done: 2, total: 4, inProgress: ["/w/B"]))
        bar.tick()
        #expect(screen.output.last == "\r[##########----------] 2/4 packages  B\u{1B}[K")
        bar.finish()
        #expect(screen.output.last == "\r\u{1B}[K")
        // Later news from a worker thread cannot bring it back.
        bar.update(LoadProgress(done: 4, total: 4, inProgress: []))
        bar.tick()
        #expect(screen.output.count == 3)
    }

    @Test func aFastLoadLeavesNoTrace() {
        let screen = Screen()
        let bar = ProgressBar(width: 80, delay: 1, now: { screen.now }, write: { screen.write($0) })
        bar.update(LoadProgress(done: 1, total: 1, inProgress: []))
        screen.advance(to: 0.5)
        bar.tick()
        bar.finish()
        #expect(screen.output.isEmpty)
    }

    /// Through a real terminal (`script` gives the command one), with a
    /// `swift` slowed to 0.3 s per call and every manifest dumped (`--dump-manifests`),
    /// so that the load takes over a second.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func aSlowLoadInATerminalShowsTheBarUnlessCI() throws {
        let folder = try ModGraphRunner.scratchFolder("modgraph-progress")
        defer { try? FileManager.default.removeItem(at: folder) }
        let slowSwift = folder.appendingPathComponent("swift")
        try "#!/bin/sh\nsleep 0.3\nexec /usr/bin/env swift \"$@\"\n".write(to: slowSwift, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: slowSwift.path)
        let executable = try #require(ModGraphRunner.executable)
        let workspace = ModGraphRunner.samples.appendingPathComponent("Workspace/App").path
        let command =
            "'\(executable.path)' graph '\(workspace)' --no-cache --dump-manifests --jobs 2 --swift-executable '\(slowSwift.path)' -o '\(folder.path)/out.txt'"
        for ci in ["false", "true"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-qec", command, "/dev/null"]
            var environment = ProcessInfo.processInfo.environment
            environment["CI"] = ci
            environment["TERM"] = "xterm"
            process.environment = environment
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let screen = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(screen)")
            if ci == "false" {
                #expect(screen.contains("/8 packages"))
                #expect(screen.hasSuffix("\r\u{1B}[K"))
            } else {
                #expect(screen.isEmpty, "\(screen)")
            }
        }
    }
}
