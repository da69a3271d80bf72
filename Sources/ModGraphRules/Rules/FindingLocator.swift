import ModGraphCore

/// Decides where a finding points, once, as it is created: the source line of
/// a source-level finding; else the line of `Package.swift` where the
/// offending dependency is written (the first edge of the chain); else the
/// target's declaration (line 1 when the text does not say); else the
/// configuration entry.
struct FindingLocator: Sendable {
    private let lines: any ManifestLines
    /// The graph's edges, sorted by their ends' ids (the graph sorts them by
    /// vertex, and vertices follow the ids' order).
    private let edges: [Edge]

    /// - Complexity: O(1): a finding looks its dependency up when it is made.
    init(graph: ModuleGraph, lines: any ManifestLines) {
        self.lines = lines
        self.edges = graph.edges
    }

    /// How the manifest writes the dependency of `from` on `to`: the product
    /// for a product dependency, else the target; the first edge wins.
    ///
    /// - Complexity: O(log E).
    private func writtenName(from: TargetID, to: TargetID) -> String? {
        var low = 0
        var high = edges.count
        while low < high {
            let middle = (low + high) / 2
            let edge = edges[middle]
            if edge.from < from || (edge.from == from && edge.to < to) { low = middle + 1 } else { high = middle }
        }
        guard low < edges.count, edges[low].from == from, edges[low].to == to else { return nil }
        return edges[low].product ?? to.name
    }

    /// Where a finding on `chain`, forbidden by `configEntry`, points.
    func location(chain: [TargetID], configEntry: ConfigLocation?) -> SourcePosition? {
        if let first = chain.first, let manifest = lines.file(ofTarget: first.name, package: first.package) ?? lines.manifestFile(of: first.package) {
            var line: Int?
            if chain.count > 1 {
                let written = writtenName(from: first, to: chain[1]) ?? chain[1].name
                if let elsewhere = lines.file(ofDependency: written, inTarget: first.name, package: first.package) {
                    let line = lines.line(ofDependency: written, inTarget: first.name, package: first.package)
                    return SourcePosition(file: elsewhere, line: line ?? 1)
                }
                line = lines.line(ofDependency: written, inTarget: first.name, package: first.package)
            }
            return SourcePosition(file: manifest, line: line ?? lines.line(ofTarget: first.name, package: first.package) ?? 1)
        }
        return configEntry.map { SourcePosition(file: lines.reportedPath($0.file), line: $0.line) }
    }

    /// Where a finding `ModGraphSources` made points: its source line, with
    /// the file named as reports name it, else as for any other finding.
    func location(ofSourceFinding finding: Finding) -> SourcePosition? {
        if let position = finding.sourcePosition {
            return SourcePosition(file: lines.reportedPath(position.file), line: position.line, column: position.column)
        }
        return location(chain: finding.chain, configEntry: finding.source)
    }
}
