import Foundation
import Testing

/// Compares `actual` with the file `name` in the `Golden/` folder of the calling test target
/// (`Tests/<Target>/Golden/`); `MODGRAPH_UPDATE_GOLDEN=1` rewrites the file instead, and fails the
/// run, so that a recording is never taken for a passing test. The one golden helper of every
/// test target.
public func expectGolden(
    _ actual: String, _ name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let file = goldenFolder(of: filePath).appendingPathComponent(name)
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

/// `Tests/<Target>/Golden` for a test file anywhere under `Tests/<Target>/`.
private func goldenFolder(of filePath: String) -> URL {
    var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while folder.deletingLastPathComponent().lastPathComponent != "Tests", folder.pathComponents.count > 1 {
        folder = folder.deletingLastPathComponent()
    }
    return folder.appendingPathComponent("Golden")
}
