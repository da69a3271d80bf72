import Foundation
import ModGraphCore
import ModGraphManifest

/// A target whose Swift files the source checks read.
public struct TargetSources: Hashable, Sendable {
    public let target: TargetID
    /// Absolute.
    public let folder: String
    /// Absolute paths, sorted.
    public let files: [String]

    public init(target: TargetID, folder: String, files: [String]) {
        self.target = target
        self.folder = folder
        self.files = files
    }
}

/// Finds the sources of the workspace's own targets.
public enum SourceInventory {
    /// Target types whose sources are Swift modules the checks judge: not
    /// plugins (they import SwiftPM's API), binaries or system libraries.
    static let checkedTypes: Set<TargetType> = [.regular, .executable, .test, .macro]

    /// Every target of the root and its `path:` packages that is on disk and
    /// holds at least one Swift file, in the graph's order.
    public static func targets(of workspace: Workspace, graph: ModuleGraph) -> [TargetSources] {
        let ownPackages = Set(graph.packages.filter(\.origin.isOwn).map(\.identity))
        var result: [TargetSources] = []
        for target in graph.targets where ownPackages.contains(target.package) && checkedTypes.contains(target.type) {
            guard let path = target.path, let package = workspace.packages[target.package], let directory = package.directory,
                  let declared = package.manifest?.targets.first(where: { $0.name == target.name }) else { continue }
            let folder = path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
            let files = SourceFiles.list(folder: folder, sources: declared.sources, exclude: declared.exclude)
            if !files.isEmpty { result.append(TargetSources(target: target.id, folder: folder, files: files)) }
        }
        return result
    }
}
