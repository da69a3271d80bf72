import Foundation
@testable import ModGraphWeights
import Testing
import ModGraphTestSupport

/// A measured build runs the package's own code (plugins, macros, build tools):
/// it is stopped at its deadline with everything it started.
@Suite("Measured build limits")
struct MeasuredBuildLimitTests {
    @Test func aBuildThatNeverEndsIsStoppedWithItsProcessGroup() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-build-limit-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let package = base + "/Package"
        try FileManager.default.createDirectory(atPath: package, withIntermediateDirectories: true)
        try "// not read\n".write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
        let pidFile = base + "/pids"
        // A stand-in for `swift build` that hangs, with a helper in a process group of its own that ignores SIGTERM.
        let fake = base + "/swift"
        try """
        #!/bin/sh
        perl -e 'setpgrp(0, 0); $SIG{TERM} = "IGNORE"; exec "sleep", "1000"' &
        echo "$$ $!" > '\(pidFile)'
        while :; do sleep 1; done

        """.write(toFile: fake, atomically: true, encoding: .utf8)
        #expect(chmod(fake, 0o755) == 0)
        let build = MeasuredBuild(
            packageDirectory: package, swiftExecutable: fake, configuration: .debug, jobs: nil,
            buildTests: false, scratchDirectory: base + "/scratch", timeout: .seconds(3))

        let outcome = finishing(within: .seconds(20)) { () -> WeightsError? in
            do throws(WeightsError) {
                _ = try build.run()
                return nil
            } catch {
                return error
            }
        }
        let pids = processIDs(in: pidFile)
        defer { for pid in pids where isRunning(pid) { kill(pid, SIGKILL) } }

        #expect(outcome == .some(.buildTimedOut(package: package, timeout: .seconds(3))))
        try #require(pids.count == 2, "the fake swift never started")
        for pid in pids {
            #expect(isGone(pid), "process \(pid) of the build's group survived")
        }
    }

    @Test func theTimeoutMessageSaysWhatToDo() {
        #expect(
            WeightsError.buildTimedOut(package: "/p", timeout: .seconds(7_200)).description
                == "/p: swift build still running after 7200 s, stopped; if the build is only slow, pass --build-timeout with more seconds")
    }
}

private func processIDs(in file: String) -> [pid_t] {
    let end = ContinuousClock.now.advanced(by: .seconds(2))
    while ContinuousClock.now < end {
        if let text = try? String(contentsOfFile: file, encoding: .utf8), text.hasSuffix("\n") {
            return text.split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
        }
        usleep(20_000)
    }
    return []
}

/// Runs `body` on a thread of its own; nil when it is still running after
/// `limit` (a build without a deadline never ends), so the test fails, not hangs.
private func finishing<Value: Sendable>(within limit: Duration, _ body: @escaping @Sendable () -> Value) -> Value? {
    let box = Box<Value>()
    let done = DispatchSemaphore(value: 0)
    Thread {
        box.value = body()
        done.signal()
    }.start()
    return done.wait(timeout: .now() + Double(limit.components.seconds)) == .success ? box.value : nil
}

/// Written by one thread before the semaphore it signals lets another read it.
private final class Box<Value>: @unchecked Sendable {
    var value: Value?
}
