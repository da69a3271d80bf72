import Foundation
import Testing

/// docs/architecture.md draws ModGraph's modules with modgraph itself; the picture stays true.
@Suite("Architecture document")
struct ArchitectureDocTests {
    @Test func theModuleDiagramIsWhatModgraphDraws() throws {
        let result = try ModGraphRunner.run(
            ["graph", ".", "--no-tests", "--externals", "none", "--format", "mermaid"],
            in: ModGraphRunner.repository)
        #expect(result.status == 0, "\(result.errors)")
        let document = try String(contentsOf: ModGraphRunner.repository.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let block = try #require(document.components(separatedBy: "```mermaid\n").dropFirst().first?.components(separatedBy: "```").first)
        #expect(
            block == result.output,
            "docs/architecture.md is out of date: paste the output of `modgraph graph . --no-tests --externals none --format mermaid`")
    }
}
