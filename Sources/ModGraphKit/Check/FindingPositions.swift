import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphRules

/// Where each finding points: the source line a source-level finding carries,
/// else the line of `Package.swift` where the offending dependency is written
/// (the first edge of its chain), else the target's declaration, else the
/// configuration entry.
struct FindingPositions: Sendable {
    let graph: ModuleGraph
    let rootDirectory: String?
    let config: CheckConfig

    func positions(of result: CheckResult) -> [Finding: SourcePosition] {
        var locators: [PackageIdentity: (file: String, locator: ManifestLocator)?] = [:]
        func manifest(of package: PackageIdentity) -> (file: String, locator: ManifestLocator)? {
            if let cached = locators[package] { return cached }
            var entry: (file: String, locator: ManifestLocator)?
            if let folder = folder(of: package) {
                let file = (folder as NSString).appendingPathComponent("Package.swift")
                if let text = try? String(contentsOfFile: file, encoding: .utf8) {
                    entry = (DisplayPath.of(file), ManifestLocator(text: text))
                }
            }
            locators[package] = entry
            return entry
        }
        var positions: [Finding: SourcePosition] = [:]
        for finding in result.findings + result.baselined + result.excused.map(\.finding) {
            if let position = finding.sourcePosition {
                positions[finding] = SourcePosition(file: DisplayPath.of(position.file), line: position.line, column: position.column)
            } else if let first = finding.chain.first, let (file, locator) = manifest(of: first.package) {
                var line: Int?
                if finding.chain.count > 1 {
                    line = locator.line(ofDependency: dependencyName(from: first, to: finding.chain[1]), inTarget: first.name)
                }
                line = line ?? locator.line(ofTarget: first.name) ?? 1
                positions[finding] = SourcePosition(file: file, line: line ?? 1)
            } else if let source = finding.source {
                positions[finding] = SourcePosition(file: DisplayPath.of(source.file), line: source.line)
            }
        }
        return positions
    }

    /// The name the manifest wrote: the product for product dependencies, else the target.
    private func dependencyName(from: TargetID, to: TargetID) -> String {
        let edge = graph.edges.first { $0.from == from && $0.to == to }
        return edge?.product ?? to.name
    }

    private func folder(of package: PackageIdentity) -> String? {
        guard let path = graph.package(package)?.path else { return nil }
        if path.hasPrefix("/") { return path }
        guard let rootDirectory else { return nil }
        return URL(fileURLWithPath: rootDirectory).appendingPathComponent(path).standardizedFileURL.path
    }
}
