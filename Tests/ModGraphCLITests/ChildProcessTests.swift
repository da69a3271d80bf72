import Foundation
import Testing
import ModGraphTestSupport

/// What modgraph starts (`swift package dump-package`, `swift build`) runs
/// code from the pull request under review: the built executable must stop
/// it at a deadline or when modgraph is interrupted, with everything it
/// started, and leave no temporary folders.
@Suite("child processes")
struct ChildProcessTests {
    /// A package folder, a fake `swift` that never ends (with a helper that, like
    /// the manifest SwiftPM runs, is in a process group of its own, and ignores
    /// SIGTERM), and a temporary folder of its own for modgraph.
    private struct Scene {
        let base: String
        let package: String
        let swift: String
        let pidFile: String
        let temporary: String

        init(swiftBody: String? = nil, manifest: ((_ pidFile: String) -> String)? = nil) throws {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-cli-children-\(UUID().uuidString)").path
            package = base + "/Package"
            swift = base + "/bin/swift"
            pidFile = base + "/pids"
            temporary = base + "/tmp"
            for folder in [package, base + "/bin", temporary] {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            try (manifest?(pidFile) ?? "// stands for a manifest with `while true {}`\n")
                .write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
            let body =
                swiftBody ?? """
                    perl -e 'setpgrp(0, 0); $SIG{TERM} = "IGNORE"; exec "sleep", "1000"' &
                    echo "$$ $!" > '\(pidFile)'
                    while :; do sleep 1; done
                    """
            try "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'fake swift 1.0'; exit 0; fi\n\(body)\n"
                .write(toFile: swift, atomically: true, encoding: .utf8)
            #expect(chmod(swift, 0o755) == 0)
        }

        var environment: [String: String] { ["MODGRAPH_SWIFT": swift, "TMPDIR": temporary] }

        /// Starts the built modgraph with `arguments` and `environment` added to this process's own.
        func start(_ arguments: [String], environment: [String: String]) throws -> Process {
            let executable = try #require(ModGraphRunner.executable, "modgraph was not built next to the tests")
            let modgraph = Process()
            modgraph.executableURL = executable
            modgraph.arguments = arguments
            modgraph.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            modgraph.standardOutput = FileHandle.nullDevice
            modgraph.standardError = FileHandle.nullDevice
            modgraph.standardInput = FileHandle.nullDevice
            try modgraph.run()
            return modgraph
        }

        /// SIGTERM to `modgraph`, then up to 15 s for it to end; whether it did.
        func terminate(_ modgraph: Process) -> Bool {
            kill(modgraph.processIdentifier, SIGTERM)
            let end = ContinuousClock.now.advanced(by: .seconds(15))
            while modgraph.isRunning, ContinuousClock.now < end { usleep(20_000) }
            return !modgraph.isRunning
        }

        /// What modgraph left in its temporary folder.
        var leftovers: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []).filter { $0.hasPrefix("modgraph-") }
        }

        /// The process IDs written to the pid file (the fake's and its helper's), once written.
        func processIDs(within limit: Duration) -> [pid_t] {
            let end = ContinuousClock.now.advanced(by: limit)
            while ContinuousClock.now < end {
                if let text = try? String(contentsOfFile: pidFile, encoding: .utf8), text.hasSuffix("\n") {
                    return text.split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
                }
                usleep(20_000)
            }
            return []
        }

        func remove() {
            try? FileManager.default.removeItem(atPath: base)
        }
    }

    /// SIGTERM to a running modgraph: the swift it started and that one's
    /// helper are gone, its temporary folders (the dump's, the measured build's
    /// scratch) are removed, and it exits with 128 + 15.
    @Test(arguments: ["graph", "measure"])
    func sigtermStopsEveryChildAndRemovesTheTemporaryFolders(_ command: String) throws {
        let scene = try Scene()
        defer { scene.remove() }
        let modgraph = try scene.start([command, scene.package, "--no-cache"], environment: scene.environment)
        let pids = scene.processIDs(within: .seconds(60))
        defer {
            for pid in pids where isRunning(pid) { kill(pid, SIGKILL) }
            if modgraph.isRunning { kill(modgraph.processIdentifier, SIGKILL) }
        }
        try #require(pids.count == 2, "the fake swift never started")
        #expect(!scene.leftovers.isEmpty, "modgraph made no temporary folder to clean up")

        try #require(scene.terminate(modgraph), "modgraph still running 15 s after SIGTERM")
        #expect(modgraph.terminationReason == .exit, "modgraph died of the signal instead of exiting")
        #expect(modgraph.terminationStatus == 128 + SIGTERM)
        for pid in pids {
            #expect(isGone(pid), "process \(pid) that modgraph started survived")
        }
        #expect(scene.leftovers.isEmpty)
    }

    /// The real thing: `dump-package` of a manifest that loops, which SwiftPM
    /// runs in a process group of its own; the manifest writes its process ID.
    @Test func sigtermEndsAManifestThatLoops() throws {
        let scene = try Scene { pidFile in
            """
            // swift-tools-version: 5.9
            import PackageDescription
            import Foundation
            try? "\\(ProcessInfo.processInfo.processIdentifier)\\n".write(toFile: "\(pidFile)", atomically: true, encoding: .utf8)
            while true { sleep(1) }
            let package = Package(name: "Loop")

            """
        }
        defer { scene.remove() }
        let modgraph = try scene.start(["graph", scene.package, "--no-cache"], environment: ["TMPDIR": scene.temporary])
        // Compiling the manifest comes first.
        let pids = scene.processIDs(within: .seconds(180))
        defer {
            for pid in pids where isRunning(pid) { kill(pid, SIGKILL) }
            if modgraph.isRunning { kill(modgraph.processIdentifier, SIGKILL) }
        }
        let manifest = try #require(pids.first, "the manifest never ran")

        try #require(scene.terminate(modgraph), "modgraph still running 15 s after SIGTERM")
        #expect(modgraph.terminationReason == .exit && modgraph.terminationStatus == 128 + SIGTERM)
        #expect(isGone(manifest), "the looping manifest survived")
        #expect(scene.leftovers.isEmpty)
    }

    @Test func aManifestPastTheTimeoutFailsTheLoadInOneLine() throws {
        let scene = try Scene()
        defer { scene.remove() }
        let started = ContinuousClock.now
        let result = try ModGraphRunner.run(
            ["graph", scene.package, "--no-cache", "--manifest-timeout", "3"], environment: scene.environment)
        let elapsed = started.duration(to: .now)
        let pids = scene.processIDs(within: .seconds(1))
        defer { for pid in pids where isRunning(pid) { kill(pid, SIGKILL) } }

        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("error: /"))
        #expect(
            result.errors.hasSuffix(
                "/Package/Package.swift: manifest still loading after 3 s, stopped (does it loop?); if it is only slow, pass --manifest-timeout with more seconds\n"
            ))
        #expect(result.errors.split(separator: "\n").count == 1)
        #expect(elapsed < .seconds(14))
        #expect(pids.count == 2)
        for pid in pids {
            #expect(isGone(pid), "process \(pid) that modgraph started survived")
        }
        #expect(scene.leftovers.isEmpty)
    }

    /// A manifest that allocates more than the limit: each process of the load is
    /// bounded (RLIMIT_AS, set by modgraph's limiter mode before the program runs), and
    /// the error names the manifest and the limit. The fake `swift` stands for the
    /// compiled manifest: it tries to take 2 GiB, which the 256 MiB limit refuses.
    @Test func aManifestPastTheMemoryLimitFailsTheLoadInOneLine() throws {
        let scene = try Scene(
            swiftBody: "exec python3 -c 'import os; os.write(2, b\"allocating\\n\"); data = bytearray(2 << 30); print(len(data))'")
        defer { scene.remove() }
        let result = try ModGraphRunner.run(
            ["graph", scene.package, "--no-cache", "--manifest-memory", "256"], environment: scene.environment)
        #expect(result.status == 2)
        let lines = result.errors.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("error: /") == true, "\(result.errors)")
        #expect(
            lines.first?.contains(
                "/Package/Package.swift: manifest ran out of memory (each of its processes may use 256 MiB); if it really needs more, pass --manifest-memory with more MiB (compiler diagnostics: "
            ) == true, "\(result.errors)")
        #expect(lines.contains("note: MemoryError"), "\(result.errors)")
        #expect(result.output.isEmpty)
        #expect(scene.leftovers.isEmpty)
    }

    /// Under a hard address-space limit lower than --manifest-memory (`ulimit -v`), which
    /// cannot be raised, the lower one holds: the load runs rather than fail to set it.
    @Test func aLowerHardLimitAlreadySetHolds() throws {
        let scene = try Scene(swiftBody: "cat '\(ModGraphRunner.repository.path)/scripts/fuzz/seeds/dump-Violations.json' | sed 's|@SAMPLES@|/x|g'")
        defer { scene.remove() }
        let executable = try #require(ModGraphRunner.executable)
        let result = try ModGraphRunner.runProgram(
            "/bin/sh", ["-c", "ulimit -v 3000000 && exec \"$0\" graph \"$1\" --no-cache", executable.path, scene.package],
            environment: scene.environment)
        #expect(!result.errors.contains("cannot limit memory"), "\(result.errors)")
        #expect(result.output.hasPrefix("1 package"), "\(result.output)\(result.errors)")
    }

    /// The attack itself, bounded in any case: a manifest that doubles an array (here 27
    /// times, about 2 GiB) fails under a 1 GiB limit instead of taking the machine's memory.
    @Test(.enabled(if: MemoryLimitProbe.isEnforced)) func aRealManifestThatDoublesAnArrayStopsAtTheLimit() throws {
        let scene = try Scene { _ in
            """
            // swift-tools-version: 5.9
            import PackageDescription
            var names = ["a name of forty bytes or so, to double"]
            for _ in 0..<27 { names = names + names }
            let package = Package(name: "Doubling", targets: [.target(name: "T\\(names.count)")])

            """
        }
        defer { scene.remove() }
        let result = try ModGraphRunner.run(
            ["graph", scene.package, "--no-cache", "--dump-manifests", "--manifest-memory", "1024"], environment: ["TMPDIR": scene.temporary])
        #expect(result.status == 2)
        #expect(
            result.errors.split(separator: "\n").first?.contains(
                "/Package/Package.swift: manifest ran out of memory (each of its processes may use 1,024 MiB); if it really needs more, pass --manifest-memory with more MiB"
            ) == true, "\(result.errors.prefix(600))")
        #expect(scene.leftovers.isEmpty)
    }

    /// 625,000 lines of 32 bytes on standard error: the error line, 40 of them as notes, and what was cut.
    @Test func aFloodOfDiagnosticsIsCappedInNotes() throws {
        let scene = try Scene(swiftBody: "yes 'Package.swift:1:1: error: noise' | head -c 20000000 >&2\nexit 1")
        defer { scene.remove() }
        let result = try ModGraphRunner.run(["graph", scene.package, "--no-cache"], environment: scene.environment)
        #expect(result.status == 2)
        // Measured first, so that a failure does not print 20 MB.
        let length = result.errors.utf8.count
        try #require(length < 10_000, "standard error has \(length) bytes")
        let lines = result.errors.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 43)
        #expect(lines.first?.hasPrefix("error: /") == true)
        #expect(lines.first?.hasSuffix("/Package/Package.swift: manifest failed to load (compiler diagnostics: 41 lines follow)") == true)
        #expect(lines.dropFirst().prefix(40).allSatisfy { $0 == "note: Package.swift:1:1: error: noise" })
        #expect(lines.suffix(2) == ["note: … 624,960 more lines cut", ""])
    }

    @Test(arguments: [
        (["graph", "-", "--jobs", "0"], "--jobs must be from 1 to 256, not 0"),
        (["graph", "-", "--jobs", "100000"], "--jobs must be from 1 to 256, not 100000"),
        (["graph", "-", "--manifest-timeout", "0"], "--manifest-timeout must be from 1 to 3,600, not 0"),
        (["graph", "-", "--manifest-timeout", "3601"], "--manifest-timeout must be from 1 to 3,600, not 3601"),
        (["graph", "-", "--manifest-memory", "255"], "--manifest-memory must be from 256 to 1,048,576, not 255"),
        (["graph", "-", "--manifest-memory", "1048577"], "--manifest-memory must be from 256 to 1,048,576, not 1048577"),
        (["measure", "/nonexistent", "--build-jobs", "100000"], "--build-jobs must be from 1 to 256, not 100000"),
        (["measure", "/nonexistent", "--build-timeout", "0"], "--build-timeout must be from 1 to 86,400, not 0"),
    ])
    func numericOptionsAreBounded(_ arguments: [String], _ message: String) throws {
        let result = try ModGraphRunner.run(arguments, input: LoadingOptionTests.traitGatedDump)
        #expect(result.status == 2)
        #expect(result.errors.contains(message), "\(result.errors)")
        #expect(result.output.isEmpty)
    }

    @Test(arguments: [
        (
            "graph",
            [
                "--jobs <jobs> How many units of work to run at once (manifests, Swift files, re-simulations, a report's files), 1 to 256",
                "--manifest-timeout <seconds> Seconds one manifest may take to load, 1 to 3,600 (default: 120)",
            ]
        ),
        (
            "measure",
            [
                "--build-jobs <build-jobs> Parallel build jobs (swift build -j), 1 to 256",
                "--build-timeout <seconds> Seconds the build may take, 1 to 86,400 (default: 7200)",
                "--manifest-timeout <seconds>",
            ]
        ),
    ])
    func helpSaysTheBounds(_ command: String, _ expected: [String]) throws {
        let help = try ModGraphRunner.run([command, "--help"])
        #expect(help.status == 0)
        // Help is wrapped to the terminal's width.
        let text = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for phrase in expected {
            #expect(text.contains(phrase), "\(phrase)")
        }
    }
}

/// Whether this system enforces `RLIMIT_AS` (Linux does; macOS accepts it and does not).
enum MemoryLimitProbe {
    static var isEnforced: Bool {
        #if os(Linux)
            true
        #else
            false
        #endif
    }
}
