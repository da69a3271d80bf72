import Foundation
import ModGraphTestSupport
import Testing

/// `modgraph schedule` on the samples (golden files) and on bad input.
@Suite("schedule")
struct ScheduleCommandTests {
    @Test(arguments: [
        (["--workers", "4", "--weights", "uniform"], "text", "VerticalApp-schedule-uniform.txt"),
        (["--workers", "4", "--weights", "uniform"], "json", "VerticalApp-schedule-uniform.json"),
        (["--workers", "4", "--weights", "uniform"], "mermaid", "VerticalApp-schedule-uniform.mmd"),
        (["--workers", "4", "--weights", "uniform"], "svg", "VerticalApp-schedule-uniform.svg"),
        (["--workers", "2", "--weights", "sources"], "text", "VerticalApp-schedule-sources.txt"),
        (["--workers", "2", "--weights", "sources"], "json", "VerticalApp-schedule-sources.json"),
        (["--workers", "2", "--weights", "sources"], "mermaid", "VerticalApp-schedule-sources.mmd"),
        (["--workers", "2", "--weights", "sources"], "svg", "VerticalApp-schedule-sources.svg"),
    ])
    func verticalApp(_ options: [String], _ format: String, _ golden: String) throws {
        let path = ModGraphRunner.samples.appendingPathComponent("VerticalApp").path
        let result = try ModGraphRunner.run(["schedule", path, "--format", format] + options)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.isEmpty)
        try expectGolden(result.output, golden)
    }

    private func scratch() throws -> URL {
        try ModGraphRunner.scratchFolder("modgraph-schedule")
    }

    @Test func aWeightsFileDrivesTheScheduleAndMissingTargetsAreNamed() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Only three targets measured: the rest get the median, 2 s.
        let weights = folder.appendingPathComponent("weights.json")
        try #"{"targets": {"verticalapp/Prelude": 1, "Networking": 2, "App": 3}}"#.write(to: weights, atomically: true, encoding: .utf8)
        let path = ModGraphRunner.samples.appendingPathComponent("VerticalApp").path
        let result = try ModGraphRunner.run([
            "schedule", path, "--no-tests", "--workers", "2", "--weights", weights.path, "--format", "json",
        ])
        #expect(result.status == 0, "\(result.errors)")
        // One short line, however many targets have no weight.
        #expect(
            result.errors
                == "warning: \(weights.path): no weight for 10 targets (verticalapp/Checkout, verticalapp/DesignSystem, "
                + "verticalapp/LinuxSupport and 7 more); each counts as the median of the others, 2 s\n")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let summary = try #require(document["summary"] as? [String: Any])
        // 13 targets without tests: 3 measured (1 + 2 + 3) and 10 at 2 s → 26 s of work.
        #expect(summary["totalWork"] as? Double == 26)
        #expect((document["weights"] as? [String: Any])?["unit"] as? String == "s")
    }

    @Test func theOutputFileIsWrittenWhole() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("plan.svg")
        let path = ModGraphRunner.samples.appendingPathComponent("VerticalApp").path
        let result = try ModGraphRunner.run(["schedule", path, "--workers", "4", "--format", "svg", "--output", file.path])
        #expect(result.status == 0)
        #expect(result.output.isEmpty)
        let direct = try ModGraphRunner.run(["schedule", path, "--workers", "4", "--format", "svg"])
        #expect(try String(contentsOf: file, encoding: .utf8) == direct.output)
    }

    @Test func cyclesAreAnInputErrorNamingEachCycle() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        // swift-tools-version: 5.9
        import PackageDescription
        let package = Package(name: "Loop", targets: [
            .target(name: "A", dependencies: ["B"]),
            .target(name: "B", dependencies: ["A"]),
            .target(name: "C"),
        ])
        """.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let result = try ModGraphRunner.run(["schedule", folder.path, "--workers", "2", "--weights", "uniform"])
        #expect(result.status == 2)
        let identity = folder.lastPathComponent.lowercased()
        #expect(
            result.errors
                == "error: \(folder.path): cannot schedule a graph with dependency cycles: \(identity)/A → \(identity)/B → \(identity)/A\n")
        #expect(result.output.isEmpty)
    }

    @Test func badOptionsAndFilesAreInputErrors() throws {
        let path = ModGraphRunner.samples.appendingPathComponent("VerticalApp").path
        let noWorkers = try ModGraphRunner.run(["schedule", path, "--workers", "0"])
        #expect(noWorkers.status == 2)
        #expect(noWorkers.errors.contains("--workers must be from 1 to 1,024, not 0"))

        let missing = try ModGraphRunner.run(["schedule", path, "--weights", "/no/such/weights.json"])
        #expect(missing.status == 2)
        #expect(missing.errors == "error: /no/such/weights.json: cannot read: no such file\n")

        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.json")
        try #"{"Prelude": "fast"}"#.write(to: bad, atomically: true, encoding: .utf8)
        let malformed = try ModGraphRunner.run(["schedule", path, "--weights", bad.path])
        #expect(malformed.status == 2)
        #expect(malformed.errors == "error: \(bad.path): not a weights file: the value of 'Prelude' is not a number\n")
    }
}

/// `modgraph measure` for real: a clean build of the sample (about 15 s on
/// two cores), its weights file, and `schedule` reading it back.
@Suite("measure")
struct MeasureCommandTests {
    @Test func measuresEveryBuiltTargetWithoutTouchingTheSamplesBuildFolder() throws {
        let sample = ModGraphRunner.samples.appendingPathComponent("VerticalApp")
        let userBuild = sample.appendingPathComponent(".build")
        let hadBuildFolder = FileManager.default.fileExists(atPath: userBuild.path)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-measure-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let weights = folder.appendingPathComponent("weights.json")
        let scratch = folder.appendingPathComponent("scratch")

        let result = try ModGraphRunner.run(["measure", sample.path, "-j", "2", "--scratch-path", scratch.path, "--output", weights.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.isEmpty)
        #expect(FileManager.default.fileExists(atPath: userBuild.path) == hadBuildFolder)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: weights)) as? [String: Any])
        #expect(document["unit"] as? String == "seconds")
        let targets = try #require(document["targets"] as? [String: Double])
        // Every regular and executable target is built; tests are not (no --build-tests).
        #expect(
            targets.keys.sorted()
                == [
                    "App", "Checkout", "DesignSystem", "LinuxSupport", "Messaging", "Networking", "Onboarding",
                    "Persistence", "Prelude", "Profile", "Search", "Settings", "VerticalInterfaces",
                ].map { "verticalapp/\($0)" })
        #expect(targets.values.allSatisfy { $0 > 0 })
        let jobSeconds = try #require(document["jobSeconds"] as? [String: Double])
        // A module's span (first job's start to last job's end) fits in the build; its jobs
        // may overlap or leave gaps, so the summed job time can be larger or smaller than the span.
        let wall = try #require(document["buildWallSeconds"] as? Double)
        for (target, span) in targets {
            #expect(span <= wall)
            #expect((jobSeconds[target] ?? 0) > 0)
        }
        // VerticalApp's modules wait for one another: the build shows when each could start and did.
        let moduleStart = try #require(document["moduleStartSeconds"] as? Double)
        #expect(moduleStart >= 0 && moduleStart < wall)
        // The cores the build kept busy, and the compiler probe's slowdown per other busy core (this machine has 2 or more).
        let sharing = try #require(document["coreSharing"] as? [String: Any])
        #expect(sharing["measuredJobs"] as? Int == 2)
        let busy = try #require(sharing["busyCores"] as? Double)
        #expect(busy >= 1 && busy <= 2)
        #expect((sharing["calibration"] as? String)?.hasPrefix("probe: swiftc -typecheck") == true)
        #expect((sharing["slowdownPerCore"] as? Double).map { $0 >= 0 } == true)

        let schedule = try ModGraphRunner.run(["schedule", sample.path, "--no-tests", "--workers", "2", "--weights", weights.path])
        #expect(schedule.status == 0)
        #expect(schedule.errors.isEmpty, "every target of the build has a weight")
    }

    @Test func measureNeedsAPackageFolder() throws {
        let result = try ModGraphRunner.run(["measure", "/no/such/folder"])
        #expect(result.status == 2)
        #expect(result.errors == "error: /no/such/folder: measure needs a package folder (with a Package.swift) to build\n")
    }

    @Test func aMeasuredModuleStartDelaysEveryModuleOfTheJobLevelBuild() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-start-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = ModGraphRunner.samples.appendingPathComponent("VerticalApp").path
        func makespan(moduleStart: String) throws -> (Double, [String: Any], String) {
            let weights = folder.appendingPathComponent("weights-\(moduleStart).json")
            try (#"{"schemaVersion": 2, "targets": {"Prelude": 10, "Networking": 2, "App": 1}, "jobs": {"Prelude": {"emitModule": 1, "compile": [9, 8]}}"#
                + (moduleStart.isEmpty ? "" : #", "moduleStartSeconds": "# + moduleStart) + "}")
                .write(to: weights, atomically: true, encoding: .utf8)
            let arguments = ["schedule", path, "--no-tests", "--workers", "2", "--weights", weights.path]
            let result = try ModGraphRunner.run(arguments + ["--format", "json"])
            #expect(result.status == 0, "\(result.errors)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
            let jobLevel = try #require(document["jobLevel"] as? [String: Any])
            return (try #require(jobLevel["makespan"] as? Double), jobLevel, try ModGraphRunner.run(arguments).output)
        }
        let (without, plain, plainText) = try makespan(moduleStart: "")
        let (with, delayed, text) = try makespan(moduleStart: "0.5")
        #expect(plain["moduleStartSeconds"] as? Double == 0)
        #expect(delayed["moduleStartSeconds"] as? Double == 0.5)
        #expect(text.contains("each module starts 0.5 s after it may; ready modules start by name, greatest first, as SwiftPM's queue takes them)"))
        #expect(delayed["startOrder"] as? String == "name")
        #expect(!plainText.contains("after it may"))
        // Every module of the longest chain waits once more: the build is longer by at least one delay.
        #expect(with >= without + 0.5)
    }

    @Test func jobsMeasuredBesideOthersArePlannedAloneAtOneCore() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-cores-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = ModGraphRunner.samples.appendingPathComponent("VerticalApp").path
        func plan(_ sharing: String, workers: Int) throws -> (Double, [String: Any], String) {
            let weights = folder.appendingPathComponent("weights-\(UUID().uuidString).json")
            try (#"{"schemaVersion": 2, "buildJobs": 2, "targets": {"Prelude": 10, "Networking": 2, "App": 1}, "jobs": {"Prelude": {"emitModule": 1, "compile": [9, 8]}}"#
                + sharing + "}").write(to: weights, atomically: true, encoding: .utf8)
            let arguments = ["schedule", path, "--no-tests", "--workers", String(workers), "--weights", weights.path]
            let result = try ModGraphRunner.run(arguments + ["--format", "json"])
            #expect(result.status == 0, "\(result.errors)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
            let jobLevel = try #require(document["jobLevel"] as? [String: Any])
            return (try #require(jobLevel["makespan"] as? Double), jobLevel, try ModGraphRunner.run(arguments).output)
        }
        let calibrated = #", "coreSharing": {"measuredJobs": 2, "busyCores": 1.5, "slowdownPerCore": 0.2, "calibration": "probe: test\u001b[31m"}"#
        let (asMeasured, _, plainText) = try plan("", workers: 1)
        let (alone, jobLevel, text) = try plan(calibrated, workers: 1)
        // Measured with 1.5 cores busy, 20% slower per other core: every job is 1.1 times its time alone, and
        // at -j 1 nothing runs beside it, so the build is the measured one ÷ 1.1.
        #expect(abs(alone - asMeasured / 1.1) < 1e-6)
        #expect(
            text.contains(
                "  cores        weights measured at -j 2, 1.5 cores busy on average; a job runs 20.0% slower for each other busy core "
                    + "(probe: test\\u{1B}[31m); this plan for -j 1 extrapolates from 2 cores"))
        #expect(!plainText.contains("  cores  "))
        let sharing = try #require(jobLevel["coreSharing"] as? [String: Any])
        #expect(sharing["measuredJobs"] as? Int == 2)
        #expect(sharing["slowdownPerCore"] as? Double == 0.2)
        // At the measured -j the plan says where its weights come from and no extrapolation.
        let (_, _, atTwo) = try plan(calibrated, workers: 2)
        #expect(atTwo.contains("a job runs 20.0% slower for each other busy core (probe: test\\u{1B}[31m)\n"))
        // Not calibrated: measured times taken as they are, and said so.
        let (uncalibrated, _, uncalibratedText) = try plan(#", "coreSharing": {"measuredJobs": 2, "busyCores": 1.5}"#, workers: 1)
        #expect(uncalibrated == asMeasured)
        #expect(uncalibratedText.contains("how much jobs slow beside one another is not calibrated"))
    }
}
