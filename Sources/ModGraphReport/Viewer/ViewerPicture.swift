import ModGraphCore
import ModGraphDiagrams

/// The graph as index.html draws it: laid out once by Graphviz in this
/// process, every node and edge with an id the script finds it by, then cut
/// down to the bare `<svg>` element that HTML embeds.
enum ViewerPicture {
    /// The DOT of the whole view: every edge, also the implied ones (the page
    /// hides those by class), and no emphasis but cycles and layers, which the
    /// page adds on demand (findings, critical path) instead of painting them all.
    static func dot(for page: ViewerPage) -> String {
        var style = DiagramStyle(clustering: page.style.clustering, layers: page.style.layers, cycles: page.style.cycles)
        style.criticalPathName = page.style.criticalPathName
        var writer = DOTWriter(style: style)
        writer.elementIDs = true
        writer.drawsLegend = false  // the page has its own, beside the picture
        return writer.render(page.view)
    }

    /// The `<svg>` element of Graphviz's output, without the XML declaration,
    /// the DOCTYPE (which names a DTD by URL), the comments (which repeat
    /// every name and are not needed) and the clusters' ids. Graphviz writes every name as escaped
    /// XML text, so nothing in it is markup but Graphviz's own.
    ///
    /// - Complexity: O(n) in the size of the SVG.
    static func embeddable(_ svg: [UInt8]) -> String {
        let text = String(decoding: svg, as: UTF8.self)
        guard let start = text.range(of: "<svg") else { return "" }
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var rest = text[start.lowerBound...]
        while let open = rest.range(of: "<!--") {
            output += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "-->") else {
                rest = rest[rest.endIndex...]
                break
            }
            rest = rest[close.upperBound...]
        }
        output += rest
        // Blank lines left where comments were go.
        let lines = output.split(separator: "\n", omittingEmptySubsequences: true).filter { !$0.allSatisfy(\.isWhitespace) }
        return stableClusters(lines).joined(separator: "\n")
    }

    /// The clusters' boxes in the order of their text, without their ids. cgraph orders
    /// subgraphs by the addresses of their names' strings and numbers them as it meets
    /// them, so another layout earlier in the same process can reorder them; the boxes
    /// do not overlap, so their order changes nothing drawn, and the page uses no cluster id.
    ///
    /// - Complexity: O(n log n) in the number of lines.
    static func stableClusters(_ lines: [Substring]) -> [Substring] {
        var output: [Substring] = []
        var run: [[Substring]] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("<g id=\"clust"), line.hasSuffix("\" class=\"cluster\">") {
                var block: [Substring] = ["<g class=\"cluster\">"]
                index += 1
                while index < lines.count {
                    block.append(lines[index])
                    index += 1
                    if block.last == "</g>" { break }
                }
                run.append(block)
                continue
            }
            output += run.sorted { $0.joined(separator: "\n") < $1.joined(separator: "\n") }.flatMap { $0 }
            run = []
            output.append(line)
            index += 1
        }
        output += run.flatMap { $0 }
        return output
    }
}
