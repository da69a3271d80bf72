import Foundation
import ModGraphCore
@testable import ModGraphWeights
import Testing

/// Other tools' records of a build read as weights: XCLogParser's JSON
/// reports and Chrome trace-event files, written here from their documented
/// fields; names matched to the graph's targets, never guessed.
@Suite("Weights imported from build records")
struct WeightsImportTests {
    // A project `App` (identity `app`, as an Xcode project's) with Core, UI and Shared; a package `kit` with Shared and Gadget-Kit.
    let graph = appAndKitGraph([
        ("app", "Core", .regular), ("app", "UI", .regular), ("app", "Shared", .regular), ("kit", "Shared", .regular),
        ("kit", "Gadget-Kit", .regular),
    ])
    // Vertices, sorted by id: 0 app/Core, 1 app/Shared, 2 app/UI, 3 kit/Gadget-Kit, 4 kit/Shared.

    private func read(_ json: String) throws -> TargetWeights {
        try WeightsFile.weights(from: Data(json.utf8), source: "r.json", for: graph)
    }

    /// One XCLogParser step; `sub` are its subSteps.
    private func step(
        _ type: String, _ title: String, _ start: Double, _ end: Double, detail: String = "none", signature: String = "",
        identifier: String = "", parent: String = "", sub: [String] = []
    ) -> String {
        """
        {"type": "\(type)", "title": "\(title)", "signature": "\(signature)", "identifier": "\(identifier)",
         "parentIdentifier": "\(parent)", "startTimestamp": \(start), "endTimestamp": \(end), "duration": \(end - start),
         "detailStepType": "\(detail)", "compilationDuration": 0, "subSteps": [\(sub.joined(separator: ","))]}
        """
    }

    private var coreSteps: [String] {
        [
            step("detail", "Emit Swift module", 100, 101, detail: "other", signature: "SwiftEmitModule normal x86_64 (in target 'Core')"),
            step("detail", "Compile A.swift", 100, 103, detail: "swiftCompilation"),
            step("detail", "Compile B.swift", 100.5, 102.5, detail: "swiftCompilation"),
            step("detail", "Link Core", 103, 104, detail: "linker"),
        ]
    }

    @Test func xclogparserTreeGivesSpansAndJobs() throws {
        let report = step(
            "main", "Build App", 90, 120,
            sub: [
                step("target", "Build target Core of project App with configuration Debug", 95, 105, sub: coreSteps),
                step("target", "Build target Gadget-Kit", 104, 110, sub: [step("detail", "Compile g.c", 105, 106.5, detail: "cCompilation")]),
                // No compile jobs: the target's own span counts.
                step("target", "Build target UI", 106, 108),
                step("target", "Build target Shared", 100, 101),
                step("target", "Build target Gone of project App", 100, 101),
            ])
        let weights = try read(report)
        // Core: jobs from 100 to 103 (the link is after what dependents need); Gadget-Kit's C file; UI's span.
        #expect(weights.values[0] == 3)
        #expect(weights.values[3] == 1.5)
        #expect(weights.values[2] == 2)
        #expect(weights.jobs[0] == TargetJobTimes(emitModule: 1, compile: [3, 2], link: 1))
        #expect(weights.jobs[3] == TargetJobTimes(compile: [1.5]))
        #expect(weights.jobs[2] == nil)
        // Xcode's build system starts dependents once the interface is emitted.
        #expect(weights.dependentsWait == "interface")
        #expect(weights.defaulted.map(\.description) == ["app/Shared", "kit/Shared"])
        #expect(
            weights.warnings.prefix(2) == [
                "r.json: 1 name matches several targets, not used (Shared)",
                "r.json: 1 name matches no target of this graph, ignored (App/Gone)",
            ])
    }

    @Test func xclogparserFlatReportIsReadAlike() throws {
        let flat =
            "["
            + [
                step("main", "Build App", 90, 120, identifier: "b_1"),
                step("target", "Build target Core of project App with configuration Debug", 95, 105, identifier: "b_2", parent: "b_1"),
            ].joined(separator: ",") + ","
            + coreSteps.map { $0.replacingOccurrences(of: #""parentIdentifier": """#, with: #""parentIdentifier": "b_2""#) }
            .joined(separator: ",") + "]"
        let weights = try read(flat)
        #expect(weights.values[0] == 3)
        #expect(weights.jobs[0] == TargetJobTimes(emitModule: 1, compile: [3, 2], link: 1))
    }

    @Test func traceEventsByWordAndByArgs() throws {
        let trace = """
            {"displayTimeUnit": "ms", "traceEvents": [
              {"ph": "M", "name": "process_name", "pid": 1, "args": {"name": "swift-build"}},
              {"ph": "X", "name": "Emitting module Core", "ts": 0, "dur": 1000000, "pid": 1, "tid": 1},
              {"ph": "X", "name": "Compiling Core A.swift, B.swift", "ts": 500000, "dur": 2500000, "pid": 1, "tid": 2},
              {"ph": "B", "name": "Compile", "ts": 4000000, "pid": 1, "tid": 1, "args": {"target": "UI"}},
              {"ph": "B", "name": "Compiling Gadget_Kit g.c", "ts": 4500000, "pid": 1, "tid": 2},
              {"ph": "E", "ts": 5000000, "pid": 1, "tid": 2},
              {"ph": "E", "ts": 6000000, "pid": 1, "tid": 1},
              {"ph": "X", "name": "Compiling Shared S.swift", "ts": 0, "dur": 10, "pid": 1, "tid": 3},
              {"ph": "X", "name": "Compiling Core UI Glue.swift", "ts": 0, "dur": 10, "pid": 1, "tid": 3},
              {"ph": "X", "name": "Planning build", "ts": 0, "dur": 10, "pid": 1, "tid": 3},
              {"ph": "X", "name": "Compiling UI broken.swift", "ts": 0, "dur": -5, "pid": 1, "tid": 3},
              {"ph": "E", "ts": 9, "pid": 7, "tid": 7}
            ]}
            """
        let weights = try read(trace)
        #expect(weights.values[0] == 3)  // 0 to 3 s
        #expect(weights.values[2] == 2)  // UI by args: 4 to 6 s
        #expect(weights.values[3] == 0.5)  // Gadget_Kit is Gadget-Kit's module name
        #expect(weights.jobs[0] == TargetJobTimes(emitModule: 1, compile: [2.5]))
        #expect(
            weights.warnings.prefix(3) == [
                "r.json: 2 entries without usable times, skipped",
                "r.json: 2 names match several targets, not used (Compiling Core UI Glue.swift, Compiling Shared S.swift)",
                "r.json: 1 name matches no target of this graph, ignored (Planning build)",
            ])
    }

    @Test func theArrayShapeOfTraceEventsIsReadToo() throws {
        let weights = try read(#"[{"ph": "X", "name": "Compiling UI x.swift", "ts": 1000000, "dur": 250000}]"#)
        #expect(weights.values[2] == 0.25)
    }

    @Test func hostileRecordsAreBounded() throws {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: WeightsError.malformed(path: "r.json", problem: "nested deeper than 64 levels at line 1, column 65")) {
            try read(deep)
        }
        #expect(throws: WeightsError.nothingMatches(path: "r.json")) {
            try read(#"{"traceEvents": [{"ph": "X", "name": "Compiling Nobody x.swift", "ts": 0, "dur": 1}]}"#)
        }
        // A span past the bound on weights is refused, as in a weights file.
        #expect(throws: WeightsError.tooLarge(path: "r.json", key: "app/UI", value: "2000000.0")) {
            try read(#"[{"ph": "X", "name": "Compiling UI x.swift", "ts": 0, "dur": 2e12}]"#)
        }
    }

    @Test func importWritesASchemaTwoFileThatReadsBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-import-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let trace = (folder as NSString).appendingPathComponent("build.trace.json")
        try Data(
            #"[{"ph": "X", "name": "Emitting module Core", "ts": 0, "dur": 1000000}, {"ph": "X", "name": "Compiling Core a.swift", "ts": 0, "dur": 2000000}, {"ph": "X", "name": "Compiling UI u.swift", "ts": 2000000, "dur": 500000}]"#
                .utf8
        ).write(to: URL(fileURLWithPath: trace))
        let (weights, format) = try WeightsFile.imported(at: trace, for: graph)
        #expect(format == "trace-events")
        let document = WeightsJSON.render(imported: weights, graph: graph, format: format, file: "build.trace.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 2)
        #expect((object["importedFrom"] as? [String: String])?["format"] == "trace-events")
        let again = try read(document)
        #expect(again.values == weights.values)
        #expect(again.jobs == weights.jobs)
        #expect(again.jobs[0] == TargetJobTimes(emitModule: 1, compile: [2]))
        // A weights file is not a record to import.
        let plain = (folder as NSString).appendingPathComponent("w.json")
        try Data(#"{"UI": 1}"#.utf8).write(to: URL(fileURLWithPath: plain))
        #expect(throws: WeightsError.self) { try WeightsFile.imported(at: plain, for: graph) }
    }

    @Test func schemaOneFilesStillReadAndJobsAreChecked() throws {
        let old = try read(#"{"schemaVersion": 1, "targets": {"Core": 2, "UI": 1}}"#)
        #expect(old.values[0] == 2)
        #expect(old.jobs.isEmpty)
        let new = try read(#"{"schemaVersion": 2, "targets": {"Core": 2}, "jobs": {"Core": {"emitModule": 0.5, "compile": [1, 1.5]}}}"#)
        #expect(new.jobs[0] == TargetJobTimes(emitModule: 0.5, compile: [1, 1.5]))
        // Without a word, dependents wait for every job of a module, as SwiftPM's native build does.
        #expect(new.dependentsWait == "module")
        let told = try read(#"{"targets": {"Core": 2}, "dependentsWait": "interface", "jobs": {"Core": {"compile": [2]}}}"#)
        #expect(told.dependentsWait == "interface")
        #expect(throws: WeightsError.malformed(path: "r.json", problem: #"dependentsWait must be "interface" or "module""#)) {
            try read(#"{"targets": {"Core": 2}, "dependentsWait": "soon", "jobs": {"Core": {"compile": [2]}}}"#)
        }
        #expect(throws: WeightsError.invalidValue(path: "r.json", key: "Core", value: "-1")) {
            try read(#"{"schemaVersion": 2, "targets": {"Core": 2}, "jobs": {"Core": {"compile": [-1]}}}"#)
        }
    }
}
