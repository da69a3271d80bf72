import Foundation
import ModGraphWeights

/// `modgraph weights import` as a use case: another tool's record of a build
/// (XCLogParser's JSON report of an Xcode build, a Chrome trace-event file
/// from SwiftPM or swift-build) read against a loaded graph, written as a
/// weights file (schema 2, with the jobs the record shows) that `schedule
/// --weights` reads like one `measure` wrote. `--weights` also takes the
/// record itself; importing once keeps the matching's warnings in one place.
public enum WeightsImportRun {
    /// The weights file's text; warnings (names matching several targets or
    /// none, entries without times, targets without a time) go to `warnings`.
    public static func run(file: String, on loaded: LoadedGraph, warnings: (String) -> Void = { _ in }) throws -> String {
        let imported: (weights: TargetWeights, format: String)
        do {
            imported = try WeightsFile.imported(at: file, for: loaded.graph)
        } catch {
            throw CommandError(error.description)
        }
        imported.weights.warnings.forEach(warnings)
        return WeightsJSON.render(
            imported: imported.weights, graph: loaded.graph, format: imported.format, file: (file as NSString).lastPathComponent)
    }
}
