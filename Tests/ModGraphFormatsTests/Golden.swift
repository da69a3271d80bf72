import Foundation
import Testing
import ModGraphOutput

/// Compares `actual` with a file under `Golden/`; `MODGRAPH_UPDATE_GOLDEN=1` rewrites the file instead,
/// and fails the run, so that a recording is never taken for a passing test.
func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(name)")
    if ProcessInfo.processInfo.environment["MODGRAPH_UPDATE_GOLDEN"] == "1" {
        try actual.write(to: file, atomically: true, encoding: .utf8)
        Issue.record("recorded Golden/\(name): review the diff, then run again without MODGRAPH_UPDATE_GOLDEN", sourceLocation: sourceLocation)
        return
    }
    let expected = try String(contentsOf: file, encoding: .utf8)
    #expect(
        actual == expected, "output differs from Golden/\(name); run with MODGRAPH_UPDATE_GOLDEN=1 and review the diff",
        sourceLocation: sourceLocation)
}
