import Foundation
import ModGraphCore
@testable import ModGraphWeights
import Testing

/// What a weights file says about the cores its build shared: computed,
/// written, read back, and refused when out of range.
@Suite("Core sharing in weights files")
struct CoreSharingRecordTests {
    let graph = appAndKitGraph([("app", "App", .executable)])

    private func read(_ json: String) throws -> TargetWeights {
        try WeightsFile.weights(from: Data(json.utf8), source: "w.json", for: graph)
    }

    @Test func busyCoresAreTheJobsWorkOverTheCompilingSpan() {
        // 30 s of jobs in 20 s of compiling: 1.5 cores busy on average.
        #expect(CoreSharingRecord.busyCores(work: 30, compilingSeconds: 20, jobs: 2) == 1.5)
        // Never fewer than 1 (gaps between jobs at -j 1), never more than the -j.
        #expect(CoreSharingRecord.busyCores(work: 9, compilingSeconds: 10, jobs: 1) == 1)
        #expect(CoreSharingRecord.busyCores(work: 50, compilingSeconds: 10, jobs: 2) == 2)
        #expect(CoreSharingRecord.busyCores(work: 5, compilingSeconds: 0, jobs: 2) == nil)
    }

    @Test func twoBuildsCalibrateTheSlowdown() throws {
        // The issue's package, worked: 49.0 s of jobs at 1.0 core busy, 58.7 s at 1.9:
        // r = 58.7 ÷ 49 = 1.198, s = (r − 1) ÷ ((1.9 − 1) − r × 0) = 0.220.
        let slowdown = try #require(CoreSharingRecord.slowdownPerCore(work: 58.7, busy: 1.9, against: 49, busy: 1))
        #expect(abs(slowdown - 0.21995) < 1e-4)
        // Either order gives the same figure.
        let reversed = try #require(CoreSharingRecord.slowdownPerCore(work: 49, busy: 1, against: 58.7, busy: 1.9))
        #expect(abs(reversed - slowdown) < 1e-12)
        // Builds that kept about as many cores busy say nothing; a busier build that was not slower gives 0.
        #expect(CoreSharingRecord.slowdownPerCore(work: 50, busy: 1.9, against: 49, busy: 1.8) == nil)
        #expect(CoreSharingRecord.slowdownPerCore(work: 45, busy: 2, against: 49, busy: 1) == 0)
    }

    @Test func writtenAndReadBack() throws {
        var measurement = WeightsJSON.Measurement(
            targets: ["app/App": 2.5], jobSeconds: [:], unattributed: [:], method: "test", configuration: "debug", jobs: 2,
            buildWallSeconds: 3, phases: [("compiling", 2)], command: ["swift"], targetJobs: ["app/App": TargetJobTimes(compile: [2])])
        measurement.coreSharing = CoreSharingRecord(measuredJobs: 2, busyCores: 1.75, slowdownPerCore: 0.25, calibration: "probe: test")
        measurement.builds = [WeightsJSON.BuildSummary(jobs: 2, wallSeconds: 3, jobWork: 2, busyCores: 1.75)]
        let text = WeightsJSON.render(measurement)
        #expect(text.contains(#""builds": ["#))
        let weights = try WeightsFile.weights(from: Data(text.utf8), source: "w.json", for: graph)
        #expect(weights.coreSharing == measurement.coreSharing)
    }

    @Test func anOlderFileHasItsBusyCoresComputed() throws {
        // 1 + 2 + 3 = 6 s of jobs in a 4 s compiling span at -j 2: 1.5 cores, not calibrated.
        let weights = try read(
            #"{"schemaVersion": 2, "buildJobs": 2, "buildPhases": {"compiling": 4}, "targets": {"app/App": 3}, "jobs": {"app/App": {"emitModule": 1, "compile": [2, 3]}}}"#
        )
        #expect(weights.coreSharing == CoreSharingRecord(measuredJobs: 2, busyCores: 1.5))
        // Without a span there is nothing to compute from; a -j out of range is not one (1e300 does not become an Int).
        #expect(try read(#"{"schemaVersion": 2, "targets": {"app/App": 3}, "jobs": {"app/App": {"compile": [2]}}}"#).coreSharing == nil)
        let huge = try read(
            #"{"schemaVersion": 2, "buildJobs": 1e300, "buildPhases": {"compiling": 1}, "targets": {"app/App": 3}, "jobs": {"app/App": {"compile": [2]}}}"#
        )
        #expect(huge.coreSharing == CoreSharingRecord(measuredJobs: nil, busyCores: 2))
    }

    @Test func valuesOutOfRangeAreRefused() {
        let cases: [(String, String)] = [
            (#""none""#, "coreSharing: must be an object"),
            (#"{"busyCores": 0.5}"#, "coreSharing: busyCores must be a number from 1 to 100000"),
            (#"{"busyCores": 2, "slowdownPerCore": -0.1}"#, "coreSharing: slowdownPerCore must be a number from 0 to 10"),
            (#"{"busyCores": 2, "slowdownPerCore": 1e308}"#, "coreSharing: slowdownPerCore must be a number from 0 to 10"),
            (#"{"busyCores": 2, "measuredJobs": 1.5}"#, "coreSharing: measuredJobs must be a whole number from 1 to 100000"),
            (#"{"busyCores": 2, "measuredJobs": 1e300}"#, "coreSharing: measuredJobs must be a whole number from 1 to 100000"),
            (#"{"busyCores": 2, "calibration": 7}"#, "coreSharing: calibration must be a string of at most 1,000 bytes"),
        ]
        for (value, problem) in cases {
            let document = #"{"schemaVersion": 2, "targets": {"app/App": 1}, "jobs": {"app/App": {"compile": [1]}}, "coreSharing": "# + value + "}"
            #expect(throws: WeightsError.malformed(path: "w.json", problem: problem)) { try read(document) }
        }
    }
}
