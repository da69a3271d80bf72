import Foundation
import ModGraphCore
import ModGraphDiagrams
import ModGraphOutput
import Testing

@Suite("wiring output")
struct WiringOutputTests {
    private func target(_ name: String) -> TargetID { TargetID(package: PackageIdentity("app"), name: name) }

    /// Names are the sources' and the manifest's: an attacker's. Each format escapes them its one way.
    private var hostile: Wiring {
        let home = target("Home\u{1B}[31m\"];\n::error::x")
        let paywall = target("Paywall")
        let need = Wiring.Site(target: home, file: "A\nB.swift", line: 3, column: 5)
        let item = Wiring.Item(kind: .builder, label: "Deps.\"x\"|y", providedBy: "P<B>", need: need, wired: nil)
        return Wiring(edges: [Wiring.Edge(from: home, to: paywall, items: [item])])
    }

    @Test func everyFormatEscapesNames() {
        let text = WiringOutput.text(hostile)
        #expect(!text.unicodeScalars.contains("\u{1B}"))
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("::") })
        let dot = WiringOutput.dot(hostile)
        #expect(!dot.unicodeScalars.contains("\u{1B}"))
        // The name's quote and line break stay inside its quoted string: no line of the DOT starts with what followed them.
        #expect(!dot.split(separator: "\n").contains { $0.hasPrefix("::") })
        #expect(dot.split(separator: "\n").count == 9)
        #expect(dot.contains("style=dashed"))
        let mermaid = WiringOutput.mermaid(hostile)
        #expect(mermaid.contains("-.->|\"builder Deps.#quot;x#quot;|y\"|"))
        #expect(!mermaid.unicodeScalars.contains("\u{1B}"))
        let json = WiringOutput.json(hostile).serialized()
        #expect(json.contains("\"label\": \"Deps.\\\"x\\\"|y\""))
    }

    @Test func aDiagramDrawsEveryWiringEdgeDashedAndLabelled() {
        let wiring = Wiring(edges: [
            Wiring.Edge(
                from: target("Home"), to: target("Paywall"),
                items: [
                    Wiring.Item(
                        kind: .protocol, label: "PurchasesService", providedBy: "StoreKit",
                        need: Wiring.Site(target: target("Home"), file: "H.swift", line: 1, column: 1), wired: nil)
                ])
        ])
        #expect(
            WiringOutput.dot(wiring).contains("\"app/Home\" -> \"app/Paywall\" [label=\"PurchasesService\"];"))
        #expect(WiringOutput.mermaid(wiring).contains("n0 -.->|\"PurchasesService\"| n1"))
    }
}
