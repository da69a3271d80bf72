import Foundation
import Testing
import ModGraphTestSupport

/// An executable stand-in for `swift`: a small shell script. Tests may make
/// such executables; what matters is that modgraph starts it from an argument
/// vector, never through a shell of its own. `--version` answers at once, so
/// that only the command under test misbehaves.
///
/// Written through a descriptor opened with `O_CLOEXEC`: a process another test
/// spawns meanwhile would otherwise inherit the descriptor open for writing and
/// keep it for its whole life, and running the script would fail with ETXTBSY
/// ("text file busy") for as long (seen in CI under the parallel suite).
func writeFakeSwift(in folder: TemporaryFolder, _ body: String) throws -> String {
    let script = "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'fake swift 1.0'; exit 0; fi\n" + body + "\n"
    let path = (folder.path as NSString).appendingPathComponent("bin/swift")
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o755)
    try #require(fd >= 0, "cannot create \(path): errno \(errno)")
    let bytes = Array(script.utf8)
    let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
    close(fd)
    try #require(written == bytes.count)
    #expect(chmod(path, 0o755) == 0)
    return path
}

/// A fake `swift` that never ends: it starts a helper that, like the manifest
/// SwiftPM compiles and runs, moves to a process group of its own, and that
/// ignores SIGTERM (only SIGKILL ends it); writes `its-pid helper-pid` to `pidFile`; and loops.
func writeNeverEndingSwift(in folder: TemporaryFolder, pidFile: String) throws -> String {
    try writeFakeSwift(
        in: folder,
        """
        perl -e 'setpgrp(0, 0); $SIG{TERM} = "IGNORE"; exec "sleep", "1000"' &
        echo "$$ $!" > '\(pidFile)'
        while :; do sleep 1; done
        """)
}

/// The two process IDs the never-ending fake wrote, once it has written them.
func fakeProcessIDs(in file: String, within limit: Duration = .seconds(30)) -> (swift: pid_t, helper: pid_t)? {
    let end = ContinuousClock.now.advanced(by: limit)
    while ContinuousClock.now < end {
        if let text = try? String(contentsOfFile: file, encoding: .utf8), text.hasSuffix("\n") {
            let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
            if numbers.count == 2 { return (numbers[0], numbers[1]) }
        }
        usleep(20_000)
    }
    return nil
}

/// Runs `body` on a thread of its own and waits up to `limit` for it; nil when it
/// is still running then (a runner without a deadline waits forever), so that
/// the test fails instead of hanging.
func finishing<Value: Sendable>(within limit: Duration, _ body: @escaping @Sendable () -> Value) -> Value? {
    let box = Box<Value>()
    let done = DispatchSemaphore(value: 0)
    Thread {
        box.value = body()
        done.signal()
    }.start()
    let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
    return done.wait(timeout: .now() + seconds) == .success ? box.value : nil
}

/// Written by one thread before the semaphore it signals lets another read it.
private final class Box<Value>: @unchecked Sendable {
    var value: Value?
}

/// The entries of `folder` whose names start with `prefix`.
func entries(of folder: String, startingWith prefix: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(prefix) }
}
