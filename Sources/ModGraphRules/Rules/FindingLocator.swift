import ModGraphCore

/// Decides where a finding points, once, as it is created: the source line of
/// a source-level finding; else the line of `Package.swift` where the
/// offending dependency is written (the first edge of the chain); else the
/// target's declaration (line 1 when the text does not say); else the
/// configuration entry.
struct FindingLocator {
    private struct Dependency: Hashable {
        let from: TargetID
        let to: TargetID
    }

    private let lines: any ManifestLines
    /// How the manifest writes each dependency: the product for product
    /// dependencies, else the target; the first edge wins.
    private let writtenNames: [Dependency: String]

    /// - Complexity: O(E) to index how each dependency is written.
    init(graph: ModuleGraph, lines: any ManifestLines) {
        self.lines = lines
        var names: [Dependency: String] = [:]
        for edge in graph.edges where names[Dependency(from: edge.from, to: edge.to)] == nil {
            names[Dependency(from: edge.from, to: edge.to)] = edge.product ?? edge.to.name
        }
        writtenNames = names
    }

    /// Where a finding on `chain`, forbidden by `configEntry`, points.
    func location(chain: [TargetID], configEntry: ConfigLocation?) -> SourcePosition? {
        if let first = chain.first, let manifest = lines.manifestFile(of: first.package) {
            var line: Int?
            if chain.count > 1 {
                let written = writtenNames[Dependency(from: first, to: chain[1])] ?? chain[1].name
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
