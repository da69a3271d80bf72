import Foundation
import ModGraphCore
@testable import ModGraphWeights
import Testing

/// Weights files: both shapes, key matching, defaults and errors.
@Suite("Weights files")
struct WeightsFileTests {
    // Two packages; `Shared` exists in both, `Tool` is a binary target.
    let graph = appAndKitGraph([
        ("app", "App", .executable), ("app", "Shared", .regular), ("kit", "Shared", .regular), ("kit", "Core", .regular),
        ("kit", "Tool", .binary),
    ])
    // Vertices, sorted by id: 0 app/App, 1 app/Shared, 2 kit/Core, 3 kit/Shared, 4 kit/Tool.

    private func read(_ json: String) throws -> TargetWeights {
        try WeightsFile.weights(from: Data(json.utf8), source: "w.json", for: graph)
    }

    @Test func measureDocumentWithIdsAndPlainNames() throws {
        let weights = try read(
            """
            {"schemaVersion": 1, "unit": "seconds", "targets": {"app/App": 2.5, "kit/Shared": 4, "Core": 1, "app/Shared": 3}}
            """)
        #expect(weights.values == [2.5, 3, 1, 4, 0])
        #expect(weights.unit == .seconds)
        #expect(weights.defaulted.isEmpty)
        #expect(weights.warnings.isEmpty)
    }

    @Test func missingTargetsGetTheMedianWithAWarning() throws {
        // Known: App 1, Core 3 → median 2 for both Shared targets; Tool is binary → 0.
        let weights = try read(#"{"App": 1, "Core": 3, "Gone": 7}"#)
        #expect(weights.values == [1, 2, 3, 2, 0])
        #expect(weights.defaulted.map(\.description) == ["app/Shared", "kit/Shared"])
        #expect(weights.defaultValue == 2)
        #expect(
            weights.warnings == [
                "w.json: 1 entry names no target of this graph, ignored (Gone)",
                "w.json: no weight for 2 targets (app/Shared, kit/Shared); each counts as the median of the others, 2 s",
            ])
    }

    @Test func anotherCheckoutsIdentityFallsBackToTheName() throws {
        // `other/App` and `other/Core`: no package `other` here, and each name is unique;
        // `other/Shared` is ambiguous by name, so it stays unmatched; `kit/Nope` has a known
        // identity but no such target.
        let weights = try read(#"{"other/App": 1, "other/Core": 3, "other/Shared": 5, "kit/Nope": 2}"#)
        #expect(weights.values == [1, 2, 3, 2, 0])
        #expect(
            weights.warnings.first
                == "w.json: 2 entries matched by target name only, as no package has that identity here (other/App, other/Core)")
        #expect(weights.warnings.dropFirst().first == "w.json: 2 entries name no target of this graph, ignored (kit/Nope, other/Shared)")
    }

    @Test func errorsNameTheFileAndTheProblem() {
        #expect(throws: WeightsError.ambiguousName(path: "w.json", name: "Shared", candidates: ["app/Shared", "kit/Shared"])) {
            try read(#"{"Shared": 1}"#)
        }
        #expect(throws: WeightsError.invalidValue(path: "w.json", key: "App", value: "-1.0")) { try read(#"{"App": -1}"#) }
        #expect(throws: WeightsError.duplicate(path: "w.json", target: "app/App")) { try read(#"{"App": 1, "app/App": 2}"#) }
        #expect(throws: WeightsError.nothingMatches(path: "w.json")) { try read(#"{"Nope": 1}"#) }
        #expect(throws: WeightsError.malformed(path: "w.json", problem: "malformed JSON at line 1, column 2: expected a quoted key")) {
            try read("{")
        }
        #expect(throws: WeightsError.malformed(path: "w.json", problem: "expected an object of target → seconds")) { try read("[1]") }
        #expect(throws: WeightsError.malformed(path: "w.json", problem: "the value of 'App' is not a number")) {
            try read(#"{"App": "fast"}"#)
        }
        #expect(throws: WeightsError.unreadable(path: "/no/such/file.json", reason: "no such file")) {
            try WeightsFile.weights(at: "/no/such/file.json", for: graph)
        }
    }

    @Test func weightsAboveTheBoundAreRefused() throws {
        // 1e19 s used to reach the renderers, whose conversions to Int crashed; a sum of huge weights was infinite.
        #expect(throws: WeightsError.tooLarge(path: "w.json", key: "App", value: "1e+19")) { try read(#"{"App": 1e19}"#) }
        #expect(throws: WeightsError.tooLarge(path: "w.json", key: "kit/Core", value: "1.7976931348623157e+308")) {
            try read(#"{"targets": {"App": 1, "kit/Core": 1.7976931348623157e308}}"#)
        }
        #expect(throws: WeightsError.tooLarge(path: "w.json", key: "Core", value: "1000000.5")) { try read(#"{"Core": 1000000.5}"#) }
        #expect(
            WeightsError.tooLarge(path: "w.json", key: "App", value: "1e+19").description
                == "w.json: the weight of 'App' is 1e+19; weights are at most 1000000 s (11.6 days)")
        // The bound itself is allowed, and the sum of 100,000 such weights is finite and fits an Int in milliseconds.
        let weights = try read(#"{"App": 1000000, "Core": 0.5}"#)
        #expect(weights.values.max() == WeightsFile.maximumWeight)
        let total = WeightsFile.maximumWeight * 100_000 * 1_000
        #expect(total.isFinite && total < Double(Int.max))
    }

    @Test func uniformCostsOnePerCompiledTarget() {
        let weights = TargetWeights.uniform(graph: graph)
        #expect(weights.values == [1, 1, 1, 1, 0])
        #expect(weights.warnings.isEmpty)
    }

    @Test func medianOfEvenAndOddCounts() {
        #expect(TargetWeights.median([]) == 0)
        #expect(TargetWeights.median([3]) == 3)
        #expect(TargetWeights.median([1, 2, 10]) == 2)
        #expect(TargetWeights.median([1, 2, 4, 10]) == 3)
    }
}

@Suite("Weights file versions")
struct WeightsFileVersionTests {
    private let graph = ModuleGraph(
        packages: [], targets: [Target(id: TargetID(package: PackageIdentity("app"), name: "App"), type: .regular, path: nil)],
        products: [], edges: [])

    @Test func theWriterAndTheReaderAgree() throws {
        let measurement = WeightsJSON.Measurement(
            targets: ["app/App": 2.5], jobSeconds: [:], unattributed: [:], method: "test",
            configuration: "debug", jobs: nil, buildWallSeconds: 3, phases: [], command: ["swift"])
        let weights = try WeightsFile.weights(from: Data(WeightsJSON.render(measurement).utf8), source: "w.json", for: graph)
        #expect(weights.values == [2.5])
    }

    @Test func theModuleStartDelayIsWrittenAndReadWithTheJobs() throws {
        let measurement = WeightsJSON.Measurement(
            targets: ["app/App": 2.5], jobSeconds: [:], unattributed: [:], method: "test", configuration: "debug", jobs: 2,
            buildWallSeconds: 3, phases: [], command: ["swift"], targetJobs: ["app/App": TargetJobTimes(emitModule: 0.5, compile: [2])],
            moduleStartSeconds: 0.125)
        let text = WeightsJSON.render(measurement)
        #expect(text.contains(#""moduleStartSeconds": 0.125"#))
        let weights = try WeightsFile.weights(from: Data(text.utf8), source: "w.json", for: graph)
        #expect(weights.moduleStartSeconds == 0.125)
        // An older file has none: no delay is assumed.
        let older = #"{"schemaVersion": 2, "targets": {"app/App": 1}, "jobs": {"app/App": {"compile": [1]}}}"#
        #expect(try WeightsFile.weights(from: Data(older.utf8), source: "w.json", for: graph).moduleStartSeconds == nil)
        for bad in [#""soon""#, "-1", "1e9", "null"] {
            let document = #"{"schemaVersion": 2, "targets": {"app/App": 1}, "jobs": {"app/App": {"compile": [1]}}, "moduleStartSeconds": "# + bad + "}"
            #expect(
                throws: WeightsError.malformed(
                    path: "w.json", problem: "moduleStartSeconds must be a number of seconds from 0 to \(Int(WeightsFile.maximumWeight))")
            ) {
                try WeightsFile.weights(from: Data(document.utf8), source: "w.json", for: graph)
            }
        }
    }

    @Test func schemaOnesBuildJobsIsNotTargetJobs() throws {
        // `measure` wrote `swift build -j` as `jobs` before schema 2 gave that key each target's jobs.
        for value in ["2", "null"] {
            let document = #"{"schemaVersion": 1, "jobs": "# + value + #", "targets": {"app/App": 1.5}}"#
            let weights = try WeightsFile.weights(from: Data(document.utf8), source: "w.json", for: graph)
            #expect(weights.values == [1.5])
            #expect(weights.jobs.isEmpty)
        }
        // Now one `jobs` key, the targets' jobs, and `buildJobs` for -j.
        let measurement = WeightsJSON.Measurement(
            targets: ["app/App": 2.5], jobSeconds: [:], unattributed: [:], method: "test", configuration: "debug", jobs: 2,
            buildWallSeconds: 3, phases: [], command: ["swift"], targetJobs: ["app/App": TargetJobTimes(compile: [2])])
        let text = WeightsJSON.render(measurement)
        #expect(text.components(separatedBy: #""jobs":"#).count == 2)
        #expect(text.contains(#""buildJobs": 2"#))
        #expect(try WeightsFile.weights(from: Data(text.utf8), source: "w.json", for: graph).jobs.count == 1)
    }

    @Test func aNewerSchemaIsRefusedNotGuessed() {
        let document = #"{"schemaVersion": 3, "unit": "seconds", "targets": {"app/App": 1}}"#
        #expect(
            throws: WeightsError.malformed(
                path: "w.json", problem: "schemaVersion 3 is newer than this modgraph reads (2); measure again or update modgraph")
        ) {
            try WeightsFile.weights(from: Data(document.utf8), source: "w.json", for: graph)
        }
        let broken = #"{"schemaVersion": "one", "targets": {"app/App": 1}}"#
        #expect(throws: WeightsError.self) { try WeightsFile.weights(from: Data(broken.utf8), source: "w.json", for: graph) }
    }
}
