import Foundation
import ModGraphCore
@testable import ModGraphKit
@testable import ModGraphWeights
import Testing

/// How `measure` calibrates the slowdown of jobs that share the cores: from
/// two measured builds at different `-j`, or from the compiler probe.
@Suite("core calibration")
struct CoreCalibrationTests {
    /// A measured build of one module whose compile jobs did `work` seconds of work in a `span` of compiling.
    static func build(jobs: Int, work: [Double], span: Double) -> MeasureRun.Measured {
        var module = ModuleTime()
        // Jobs from 100 s on; the last ends at 100 + span.
        for (index, seconds) in work.enumerated() {
            module.add(start: 100 + (index == work.count - 1 ? span - seconds : 0), seconds: seconds)
        }
        let result = MeasuredBuild.Result(
            modules: ["A": module], wallSeconds: span + 2, startedAt: 99, endedAt: 101 + span, arguments: [], warnings: [],
            warmUpSeconds: nil, coldCacheEntries: [])
        let graph = ModuleGraph(packages: [], targets: [], products: [], edges: [])
        return MeasureRun.Measured(jobs: jobs, result: result, graph: graph, times: [:], unattributed: [:])
    }

    @Test func twoBuildsAtDifferentJobCountsCalibrate() throws {
        // -j 2: 58.7 s of work in 30.9 s of compiling, 1.8997 cores busy; -j 1: 49 s in 49 s, 1 core.
        // s = (58.7 ÷ 49 − 1) ÷ (1.8997 − 1) = 0.2200 (CoreSharingRecordTests works it with 1.9).
        let two = Self.build(jobs: 2, work: [30.9, 27.8], span: 30.9)
        let one = Self.build(jobs: 1, work: [24.5, 24.5], span: 49)
        #expect(abs((two.busyCores ?? 0) - 58.7 / 30.9) < 1e-9)
        var said: [String] = []
        let record = try #require(
            MeasureRun.coreSharing(of: [two, one], probe: nil, folder: "/nonexistent", info: { said.append($0) }, warnings: { _ in }))
        #expect(record.measuredJobs == 2)
        #expect(abs(record.busyCores - 58.7 / 30.9) < 1e-9)
        #expect(abs((record.slowdownPerCore ?? 0) - 0.22003) < 1e-4)
        #expect(record.calibration == "builds: 58.7 s of jobs at 1.90 cores busy (-j 2), 49.0 s at 1.00 (-j 1)")
        #expect(said == ["measure: a job ran 22% slower for each other busy core (\(record.calibration ?? ""))"])
    }

    @Test func oneBuildWithoutAProbeIsNotCalibrated() throws {
        let record = MeasureRun.coreSharing(
            of: [Self.build(jobs: 2, work: [10, 8], span: 12)], probe: nil, folder: "/nonexistent", info: { _ in }, warnings: { _ in })
        #expect(record == CoreSharingRecord(measuredJobs: 2, busyCores: 1.5))
    }

    @Test func theProbesArithmetic() {
        // Medians: 1.0 alone, 1.3 with 2 at once: 30% slower beside one other core; with 4 at once, (1.6 − 1) ÷ 3 = 0.2.
        let pair = ContentionProbe.Result(alone: [1.1, 1.0, 0.9], together: [1.3, 1.2, 1.4, 1.3, 1.5, 1.25], cores: 2)
        #expect(abs(pair.slowdownPerCore - 0.3) < 1e-9)
        #expect(abs(ContentionProbe.Result(alone: [1], together: [1.6, 1.6, 1.6, 1.6], cores: 4).slowdownPerCore - 0.2) < 1e-9)
        // Faster together (noise) is no slowdown.
        #expect(ContentionProbe.Result(alone: [1], together: [0.9, 0.95], cores: 2).slowdownPerCore == 0)
        #expect(pair.calibration.hasPrefix("probe: swiftc -typecheck of a generated file took 1.00 s alone and 1.30 s with 2 at once"))
    }

    @Test func theProbeRunsTheToolchainsCompiler() throws {
        let swift = ProcessInfo.processInfo.environment["SWIFT_EXEC_FOR_TESTS"] ?? "swift"
        let compiler = try #require(MeasuredBuild.toolchainTool("swiftc", besides: swift, path: ProcessInfo.processInfo.environment["PATH"]))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ContentionProbe(compiler: compiler, cores: 2, rounds: 1).run(in: folder.path)
        #expect(result.alone.count == 1)
        #expect(result.together.count == 2)
        #expect((result.alone + result.together).allSatisfy { $0 > 0 })
        // The generated file is removed; nothing else was written there.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        // A compiler that is not there is an error that names it.
        #expect(throws: CommandError.self) {
            try ContentionProbe(compiler: folder.appendingPathComponent("no-swiftc").path, cores: 2, rounds: 1).run(in: folder.path)
        }
    }
}

/// `measure --build-jobs-list` for real, on a package of one small module.
@Suite("measure at several -j")
struct MeasureJobsListTests {
    @Test func measuresABuildAtEachJobCountAndKeepsTheFirstsWeights() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-jobs-list-\(UUID().uuidString)")
        let sources = folder.appendingPathComponent("Sources/Tiny")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Tiny", targets: [.target(name: "Tiny")])
            """.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        for index in 0..<3 {
            try "public func value\(index)(_ x: [Int]) -> Int { x.map { $0 * \(index) }.reduce(0, +) }\n"
                .write(to: sources.appendingPathComponent("File\(index).swift"), atomically: true, encoding: .utf8)
        }
        let weights = folder.appendingPathComponent("weights.json")
        let result = try ModGraphRunner.run(["measure", folder.path, "--build-jobs-list", "1,2", "--output", weights.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("clean debug build at -j 1 of"))
        #expect(result.errors.contains("clean debug build at -j 2 of"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: weights)) as? [String: Any])
        // The weights are the first build's; every build is listed.
        #expect(document["buildJobs"] as? Int == 1)
        let builds = try #require(document["builds"] as? [[String: Any]])
        #expect(builds.map { $0["jobs"] as? Int } == [1, 2])
        #expect(builds.allSatisfy { ($0["jobWork"] as? Double ?? 0) > 0 })
        let sharing = try #require(document["coreSharing"] as? [String: Any])
        #expect(sharing["measuredJobs"] as? Int == 1)
        // The builds calibrate when they kept different numbers of cores busy; else the probe does.
        let calibration = try #require(sharing["calibration"] as? String)
        #expect(calibration.hasPrefix("builds: ") || calibration.hasPrefix("probe: "))
        // Both -j given at once is refused before anything is built.
        let both = try ModGraphRunner.run(["measure", folder.path, "-j", "2", "--build-jobs-list", "1,2"])
        #expect(both.status != 0)
        #expect(both.errors.contains("--build-jobs and --build-jobs-list cannot be used together"))
        for bad in ["1,1", "0,2", "a", "1,2,3,4,5,6,7,8,9"] {
            #expect(try ModGraphRunner.run(["measure", folder.path, "--build-jobs-list", bad]).status != 0)
        }
    }
}
