import Foundation
import ModGraphCore
import ModGraphRules
import ModGraphManifest
import ModGraphRepository
import ModGraphSystem

/// The checker's manifest lookup (``ManifestLines``): reads each package's
/// `Package.swift` once, when a finding first needs it, scans it with
/// ``ManifestLocator``, and names files as every other message does
/// (``DisplayPath/of(_:)``).
///
/// A class, because the cache fills as the checker asks; it lives for one
/// check, whose rules may ask from several threads at once.
final class ManifestFiles: ManifestLines {
    private let graph: ModuleGraph
    /// The root package's folder, which the graph's package paths are relative to.
    private let rootDirectory: String?
    /// Where Xcode targets and their dependencies are written, in their projects' `project.pbxproj`.
    private let declarations: [TargetID: DeclarationLines]
    /// Each Xcode project's `project.pbxproj`, by the project's identity in the graph.
    private let projectFiles: [PackageIdentity: String]
    /// Per package: its manifest as reports name it, and the scan; `nil` when it cannot be read.
    private let manifests = Locked<[PackageIdentity: (file: String, locator: ManifestLocator)?]>([:])

    init(graph: ModuleGraph, rootDirectory: String?, declarations: [TargetID: DeclarationLines] = [:]) {
        self.graph = graph
        self.rootDirectory = rootDirectory
        self.declarations = declarations
        var files: [PackageIdentity: String] = [:]
        for (target, lines) in declarations where files[target.package] == nil { files[target.package] = DisplayPath.of(lines.file) }
        self.projectFiles = files
    }

    /// A project's targets are declared in its `project.pbxproj`: findings about them point there.
    func manifestFile(of package: PackageIdentity) -> String? {
        projectFiles[package] ?? manifest(of: package)?.file
    }

    func line(ofTarget target: String, package: PackageIdentity) -> Int? {
        if projectFiles[package] != nil { return declarations[TargetID(package: package, name: target)]?.target }
        return manifest(of: package)?.locator.line(ofTarget: target)
    }

    func line(ofDependency dependency: String, inTarget target: String, package: PackageIdentity) -> Int? {
        if projectFiles[package] != nil { return declarations[TargetID(package: package, name: target)]?.dependencies[dependency] }
        return manifest(of: package)?.locator.line(ofDependency: dependency, inTarget: target)
    }

    func file(ofDependency dependency: String, inTarget target: String, package: PackageIdentity) -> String? {
        guard projectFiles[package] != nil else { return nil }
        return declarations[TargetID(package: package, name: target)]?.files[dependency].map(DisplayPath.of)
    }

    func file(ofTarget target: String, package: PackageIdentity) -> String? {
        guard let projectFile = projectFiles[package], let file = declarations[TargetID(package: package, name: target)]?.file else {
            return nil
        }
        let shown = DisplayPath.of(file)
        return shown == projectFile ? nil : shown
    }

    func reportedPath(_ path: String) -> String {
        DisplayPath.of(path)
    }

    private func manifest(of package: PackageIdentity) -> (file: String, locator: ManifestLocator)? {
        if let cached = manifests.withLock({ $0[package] }) { return cached }
        var entry: (file: String, locator: ManifestLocator)?
        if let folder = folder(of: package) {
            let file = (folder as NSString).appendingPathComponent("Package.swift")
            if let text = try? String(contentsOfFile: file, encoding: .utf8) {
                entry = (DisplayPath.of(file), ManifestLocator(text: text))
            }
        }
        // Two threads may read the same manifest at once; both find the same.
        manifests.withLock { $0[package] = entry }
        return entry
    }

    private func folder(of package: PackageIdentity) -> String? {
        guard let path = graph.package(package)?.path else { return nil }
        if path.hasPrefix("/") { return path }
        guard let rootDirectory else { return nil }
        return URL(fileURLWithPath: rootDirectory).appendingPathComponent(path).standardizedFileURL.path
    }
}
