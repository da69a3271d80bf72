import Foundation
import Testing
import ModGraphOutput
@testable import ModGraphDiagrams
@testable import ModGraphPlanning
@testable import ModGraphReport

/// Graphviz's libraries, called in this process.
@Suite("Graphviz in-process")
struct GraphvizRendererTests {
    let renderer = GraphvizRenderer()
    let small = "digraph G { a -> b; b -> c; a -> c; }"

    @Test(arguments: ImageFormat.allCases)
    func everyFormatStartsWithItsMagicBytes(_ format: ImageFormat) throws {
        let image = try renderer.render(dot: small, format: format)
        #expect(image.bytes.count > 100)
        #expect(Array(image.bytes.prefix(format.magic.count)) == format.magic)
        #expect(image.warnings.isEmpty)
    }

    @Test(arguments: GraphvizLayout.allCases)
    func everyLayoutDrawsEveryNode(_ layout: GraphvizLayout) throws {
        let image = try renderer.render(dot: small, layout: layout, format: .svg)
        let svg = String(decoding: image.bytes, as: UTF8.self)
        for name in ["a", "b", "c"] {
            #expect(svg.contains("<title>\(name)</title>"), "\(layout) lost node \(name)")
        }
    }

    @Test func theInstalledGraphvizOffersWhatModGraphUses() throws {
        let plugins = try renderer.availablePlugins()
        for layout in GraphvizLayout.allCases { #expect(plugins.layouts.contains(layout.rawValue)) }
        for format in ImageFormat.allCases { #expect(plugins.formats.contains(format.rawValue)) }
    }

    /// The same DOT gives the same SVG bytes, its clusters in the order they are
    /// declared, whatever the heap looks like: cgraph's default numbers names by
    /// their addresses, so the clusters of vapor's graph came out in a new order
    /// on every run. Here other threads allocate and free while the same graph
    /// is drawn again and again.
    @Test func theSameDOTDrawsTheSameBytesWhateverTheHeap() throws {
        let names = (0..<24).map { "package-\(String(repeating: "x", count: ($0 * 7) % 40))-\($0)" }
        var dot = "digraph G {\n"
        for (index, name) in names.enumerated() {
            dot += "  subgraph \"cluster_\(name)\" { label=\"\(name)\"; \"\(name)/A\"; \"\(name)/B\"; }\n"
            if index > 0 { dot += "  \"\(name)/A\" -> \"\(names[index - 1])/B\";\n" }
        }
        dot += "}\n"
        var drawings: [[UInt8]] = []
        for round in 0..<6 {
            // Holes of every small size in the heap, left by other threads, before each drawing.
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                var kept: [String] = []
                for size in 0..<2_000 where (size + round + thread) % 3 != 0 {
                    kept.append(String(repeating: "y", count: 16 + (size * 13 + round) % 64))
                }
                kept.removeAll()
            }
            drawings.append(try renderer.render(dot: dot, layout: .dot, format: .svg).bytes)
        }
        #expect(Set(drawings).count == 1)
        let svg = String(decoding: drawings[0], as: UTF8.self)
        let titles = svg.components(separatedBy: "<title>cluster_").dropFirst().map { $0.prefix { $0 != "<" } }
        // Graphviz writes "-" in a title as "&#45;".
        #expect(titles.map(String.init) == names.map { $0.replacingOccurrences(of: "-", with: "&#45;") })
    }

    /// Graphviz's message with its line, whatever was read before in the process
    /// (cgraph's scanner is global: GraphvizRenderer drains it before each read).
    @Test func aSyntaxErrorComesBackWithGraphvizsLineNumber() throws {
        _ = try renderer.render(dot: "digraph { graph [label=<<B>legend</B>>]; a -> b }", format: .svg)
        #expect {
            try renderer.render(dot: "digraph {\n a -> b;\n c -> ; \n}", format: .svg)
        } throws: { error in
            guard case GraphvizError.unreadableDOT(let message) = error else { return false }
            return message.contains("syntax error in line 3") && !message.contains("\n")
        }
    }

    @Test func emptyTextIsNotAGraph() throws {
        #expect(throws: GraphvizError.unreadableDOT(message: "no graph in the text")) {
            try renderer.render(dot: "", format: .svg)
        }
    }

    /// Graphviz's parser keeps global state; a failure must not poison the next call.
    @Test func aFailureDoesNotBreakTheNextDiagram() throws {
        _ = try? renderer.render(dot: "digraph { a -> }", format: .svg)
        let image = try renderer.render(dot: small, format: .svg)
        #expect(String(decoding: image.bytes, as: UTF8.self).contains("<title>a</title>"))
    }

    @Test func unknownEnginesAndFormatsAreNamedWithTheAlternatives() throws {
        #expect {
            try renderer.render(dot: small, engine: "nosuch", format: "svg")
        } throws: { error in
            guard case GraphvizError.unknownLayout("nosuch", let available) = error else { return false }
            return available.contains("dot") && "\(error)".contains("available here: circo, dot")
        }
        #expect {
            try renderer.render(dot: small, engine: "dot", format: "nosuch")
        } throws: { error in
            guard case GraphvizError.unknownFormat("nosuch", let available) = error else { return false }
            return available.contains("svg") && available.contains("png")
        }
    }

    @Test func warningsAreCollectedNotPrinted() throws {
        // An unknown colour name is a warning: the picture is still drawn.
        let image = try renderer.render(dot: "digraph { a [color=notacolour]; }", format: .svg)
        #expect(image.warnings.contains { $0.contains("notacolour") })
    }

    @Test func namesWithQuotesAndUnicodeSurvive() throws {
        let image = try renderer.render(dot: #"digraph { "模块 \"q\"" -> "x&y"; }"#, format: .svg)
        let svg = String(decoding: image.bytes, as: UTF8.self)
        #expect(svg.contains("模块 &quot;q&quot;"))
        #expect(svg.contains("x&amp;y"))
    }
}
