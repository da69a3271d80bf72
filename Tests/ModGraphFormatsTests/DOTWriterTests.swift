import Foundation
import Testing
import ModGraphCore
import ModGraphOutput
@testable import ModGraphDiagrams
@testable import ModGraphPlanning
@testable import ModGraphReport

@Suite("DOT output")
struct DOTWriterTests {
    /// The real `dot` must accept the output and keep every node distinct.
    @Test func graphvizAcceptsAwkwardNames() throws {
        let graph = Fixtures.awkwardGraph()
        let output = try runDot(DOTWriter().render(graph), format: "canon")
        for target in graph.targets {
            #expect(output.contains(Escape.dotIdentifier(target.id.description)), "missing node \(target.id)")
        }
        let plain = try runDot(DOTWriter().render(graph), format: "plain")
        #expect(plain.split(separator: "\n").filter { $0.hasPrefix("node ") }.count == graph.targets.count)
        #expect(plain.split(separator: "\n").filter { $0.hasPrefix("edge ") }.count == graph.edges.count)
    }

    @Test func severalPackagesAreClustered() {
        let one = TargetID(package: PackageIdentity("a"), name: "A")
        let two = TargetID(package: PackageIdentity("b"), name: "B")
        let graph = ModuleGraph(
            packages: [],
            targets: [Target(id: one, type: .regular, path: nil), Target(id: two, type: .test, path: nil)],
            products: [], edges: [Edge(from: two, to: one, kind: .product, product: "A")]
        )
        let text = DOTWriter().render(graph)
        #expect(text.contains(#"subgraph "cluster_a""#))
        #expect(text.contains(#"subgraph "cluster_b""#))
        #expect(text.contains(#""b/B" -> "a/A";"#))
        #expect(!DOTWriter(clusterByPackage: false).render(graph).contains("subgraph"))
    }
}

/// Runs Graphviz's `dot` on `source`; `make test` installs it.
func runDot(_ source: String, format: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["dot", "-T\(format)"]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(Data(source.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let diagnostics = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "dot failed (is Graphviz installed? run `make setup`): \(diagnostics)")
    #expect(diagnostics.isEmpty, "dot warned: \(diagnostics)")
    return String(decoding: data, as: UTF8.self)
}
