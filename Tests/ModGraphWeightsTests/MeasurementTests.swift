import Foundation
import ModGraphCore
@testable import ModGraphWeights
import Testing

/// Reading what a measured build leaves behind: compiler statistics (real
/// files from `modgraph measure Samples/VerticalApp -j 2`, under
/// Fixtures/statistics), the C compile wrapper's log, and module names.
@Suite("Measured builds")
struct MeasurementTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    @Test func statisticsFilesGiveEachModulesJobs() throws {
        let modules = CompilerStatistics.read(folder: Self.fixtures.appendingPathComponent("statistics").path)
        #expect(modules.keys.sorted() == ["App", "Prelude"])
        // Prelude: the emit-module job starts at 034.146872 (0.215 s), two batch jobs at
        // 034.154132 (5.482 s) and 034.490200 (5.366 s). The last ends at 039.855913, so the
        // span is 039.855913 − 034.146872 = 5.709041 s; the jobs sum to 11.062752 s.
        let prelude = try #require(modules["Prelude"])
        #expect(prelude.jobs == 3)
        #expect(abs(prelude.span - 5.709041) < 1e-5)
        #expect(abs(prelude.jobSeconds - 11.062752) < 1e-5)
        // App: jobs at 046.012039 (0.082 s), 046.020143 (0.235 s), 046.137487 (0.259 s): span 0.383985.
        let app = try #require(modules["App"])
        #expect(app.jobs == 3)
        #expect(abs(app.span - 0.383985) < 1e-5)
    }

    @Test func statisticsTellTheEmitModuleJobFromTheCompileJobs() throws {
        // The job-level model's weights, in CPU seconds (user + sys): Prelude's `swiftmodule` job (0.215 s of
        // wall time, 0.066 s of CPU) is what its dependents wait for; its two batch jobs (`o`: 5.482 s and
        // 5.366 s of wall time, 3.227 s and 0.982 s of CPU, the rest waiting for a core) in the order they started.
        let prelude = try #require(CompilerStatistics.read(folder: Self.fixtures.appendingPathComponent("statistics").path)["Prelude"])
        let emit = try #require(prelude.emitModuleSeconds)
        #expect(abs(emit - 0.066097) < 1e-5)
        #expect(prelude.compileJobs.count == 2)
        #expect(zip(prelude.compileJobs, [3.22745, 0.982208]).allSatisfy { abs($0 - $1) < 1e-5 })
        // Spans stay wall time.
        #expect(abs(prelude.span - 5.709041) < 1e-5)
        #expect(CompilerStatistics.emitsModule(fileName: "stats-1-swift-frontend-A-all-x86_64_unknown_linux_gnu-swiftmodule-Onone-3.json"))
        #expect(!CompilerStatistics.emitsModule(fileName: "stats-1-swift-frontend-A-my-file.swift-x86_64_unknown_linux_gnu-o-Onone-3.json"))
    }

    @Test func fileNamesNameTheModuleAndTheStart() {
        let parsed = CompilerStatistics.job(
            fromFileName: "stats-1795315951694529-swift-frontend-Prelude-Identifier.swift-x86_64_unknown_linux_gnu-o-Onone-998235957.json")
        #expect(parsed?.module == "Prelude")
        #expect(parsed.map { abs($0.start - 1_795_315_951.694529) < 1e-6 } == true)
        #expect(
            CompilerStatistics.job(fromFileName: "stats-12-swift-frontend-My_Module2-all-x-swiftmodule-Onone-1.json")?.module
                == "My_Module2")
        #expect(CompilerStatistics.job(fromFileName: "other.json") == nil)
        #expect(CompilerStatistics.job(fromFileName: "stats-x-swift-frontend-A-b.json") == nil)
    }

    @Test func theWrapperTimesCompilesAndPassesTheStatusOn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-cc-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // macOS's date, which prints `%N` as `N`, first on PATH: the wrapper must not need GNU's.
        let bin = (folder as NSString).appendingPathComponent("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try executable("#!/bin/sh\necho 1700000000.N\n", at: (bin as NSString).appendingPathComponent("date"))
        // A compiler that takes a fifth of a second.
        let slow = (folder as NSString).appendingPathComponent("slow-cc")
        try executable("#!/bin/sh\nsleep 0.2\n", at: slow)
        func run(_ wrapper: CompileTimingWrapper, _ arguments: [String]) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: wrapper.script)
            process.arguments = arguments
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            process.environment = environment
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        // A folder name with a quote and a space must not break the script.
        let odd = (folder as NSString).appendingPathComponent("it's here")
        try FileManager.default.createDirectory(atPath: odd, withIntermediateDirectories: true)
        let succeeding = try CompileTimingWrapper.install(in: odd, compiler: slow)
        #expect(try run(succeeding, ["-c", "/src/a.c", "-o", "/scratch/debug/CLib.build/a.c.o"]) == 0)
        #expect(try run(succeeding, ["-o", "/scratch/debug/App", "a.o"]) == 0)  // a link, not timed
        #expect(try run(succeeding, ["-c", "/src/b.c", "-o", "/scratch/debug/CLib.build/b d.c.o"]) == 0)
        let times = succeeding.read()
        #expect(times.keys.sorted() == ["CLib"])
        #expect(times["CLib"]?.jobs == 2)
        // Two compiles of 0.2 s each, one after the other; the file system's clock ticks in milliseconds.
        #expect((times["CLib"]?.jobSeconds ?? 0) >= 0.35)
        #expect((times["CLib"]?.span ?? 0) >= 0.35)

        let failing = try CompileTimingWrapper.install(in: folder, compiler: "/bin/false")
        #expect(try run(failing, ["-c", "x.c", "-o", "/s/X.build/x.o"]) == 1)
    }

    private func executable(_ text: String, at path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    @Test func wrapperLogLines() {
        let stamps: [String: (start: Double, end: Double)] = [
            "modgraph-cc-stamp.a": (100.5, 101.0),
            "modgraph-cc-stamp.b": (101.0, 103.0),
            "modgraph-cc-stamp.c": (102.0, 102.5),
            "modgraph-cc-stamp.d": (103.0, 104.0),
            "modgraph-cc-stamp.e": (105.0, 104.0),
        ]
        let times = CompileTimingWrapper.parse(
            """
            modgraph-cc-stamp.a /s/debug/CLib.build/a.c.o
            modgraph-cc-stamp.b /s/debug/CLib.build/sub dir/b.c.o
            modgraph-cc-stamp.c /s/debug/Other.build/c.c.o
            modgraph-cc-stamp.missing /s/debug/CLib.build/untimed.c.o
            modgraph-cc-stamp.d /s/debug/loose.o
            modgraph-cc-stamp.e /s/debug/Backwards.build/e.c.o
            elsewhere /s/debug/Stranger.build/f.c.o

            """, stampTimes: { stamps[$0] })
        #expect(times.keys.sorted() == ["CLib", "Other"])
        #expect(times["CLib"]?.jobs == 2)
        #expect(times["CLib"]?.span == 2.5)
        #expect(times["CLib"]?.jobSeconds == 2.5)
        #expect(times["Other"]?.span == 0.5)
    }

    @Test func modulesAreMatchedToTargetsByModuleName() {
        let app = PackageIdentity("app")
        let kit = PackageIdentity("kit")
        let targets = [
            Target(id: TargetID(package: app, name: "my-target"), type: .regular, path: nil),
            Target(id: TargetID(package: app, name: "1st"), type: .regular, path: nil),
            Target(id: TargetID(package: app, name: "Twice"), type: .regular, path: nil),
            Target(id: TargetID(package: kit, name: "Twice"), type: .regular, path: nil),
        ]
        let graph = ModuleGraph(packages: [], targets: targets, products: [], edges: [])
        var one = ModuleTime()
        one.add(start: 10, seconds: 2)
        let attribution = ModuleAttribution(modules: ["my_target": one, "_1st": one, "Twice": one, "main": one], graph: graph)
        // Vertices by id: 0 app/1st, 1 app/Twice, 2 app/my-target, 3 kit/Twice.
        #expect(attribution.times.keys.sorted() == [0, 2])
        #expect(attribution.unattributed.keys.sorted() == ["main"])
        #expect(attribution.ambiguous == ["Twice"])
        #expect(ModuleIdentifier.c99("swift-nio.Core 2") == "swift_nio_Core_2")
    }

    @Test func theBuildCommandLine() {
        let build = MeasuredBuild(
            packageDirectory: "/p", swiftExecutable: "swift", configuration: .release, jobs: 2,
            buildTests: true, scratchDirectory: "/s")
        #expect(
            build.arguments(statisticsFolder: "/s/stats") == [
                "build", "--package-path", "/p", "--scratch-path", "/s", "--configuration", "release", "--jobs", "2", "--build-tests",
                "-Xswiftc", "-stats-output-dir", "-Xswiftc", "/s/stats",
                "-Xbuild-tools-swiftc", "-stats-output-dir", "-Xbuild-tools-swiftc", "/s/stats",
            ])
    }

    @Test func aScratchFolderInUseIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-scratch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "x".write(toFile: (folder as NSString).appendingPathComponent("left-over"), atomically: true, encoding: .utf8)
        let build = MeasuredBuild(
            packageDirectory: "/p", swiftExecutable: "swift", configuration: .debug, jobs: nil,
            buildTests: false, scratchDirectory: folder)
        #expect(throws: WeightsError.scratchNotEmpty(path: folder)) { try build.run() }
    }
}
