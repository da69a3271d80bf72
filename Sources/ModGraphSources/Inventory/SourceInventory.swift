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
    /// The target's C-family files (Objective-C, C, C++ and their headers), absolute, sorted: read
    /// for their imports only, so that a dependency they use is never called unused.
    public let otherFiles: [String]
    /// Files of the target (of either kind) that lead outside the repository loaded through a link, absolute,
    /// sorted: not read, so any module may be imported there, and no dependency is called unused.
    public let outside: [String]

    public init(target: TargetID, folder: String, files: [String], otherFiles: [String] = [], outside: [String] = []) {
        self.target = target
        self.folder = folder
        self.files = files
        self.otherFiles = otherFiles
        self.outside = outside
    }
}

extension TargetSources {
    /// `scanned`, the files of `targets` in their order (as ``SourceScanner`` returns them), by target.
    static func grouped(_ scanned: [ScannedFile], of targets: [TargetSources]) -> [TargetID: [ScannedFile]] {
        var byTarget: [TargetID: [ScannedFile]] = [:]
        var offset = 0
        for sources in targets {
            byTarget[sources.target] = Array(scanned[offset..<offset + sources.files.count])
            offset += sources.files.count
        }
        return byTarget
    }
}

/// Finds the sources of the workspace's own targets.
public enum SourceInventory {
    /// Target types whose sources are Swift modules the checks judge: not
    /// plugins (they import SwiftPM's API), binaries, system libraries or
    /// aggregate targets.
    static let checkedTypes: Set<TargetType> = [
        .regular, .executable, .test, .macro,
        .application, .appExtension, .framework, .staticLibrary, .dynamicLibrary, .bundle, .unitTests, .uiTests,
    ]

    /// The C-family files of a mixed target: compiled ones and headers.
    static let cFamily: Set<String> = ["m", "mm", "c", "cc", "cpp", "cxx", "c++", "h", "hh", "hpp", "hxx"]

    /// Every target of the workspace's own packages and projects whose files
    /// `files` describes and that holds at least one Swift file (or a file leading outside `root`), in the graph's order.
    /// Files `excluded` accepts (vendored code an Xcode target compiles, `exclude:`) are not read; nor are those
    /// leading outside `root` (the repository loaded, canonical; nil: anywhere), which are set apart.
    public static func targets(
        of graph: ModuleGraph, files: [TargetID: TargetFiles], within root: String? = nil,
        excluding excluded: (String) -> Bool = { _ in false }
    ) -> [TargetSources] {
        let ownPackages = Set(graph.packages.filter(\.origin.isOwn).map(\.identity))
        var result: [TargetSources] = []
        for target in graph.targets where ownPackages.contains(target.package) && checkedTypes.contains(target.type) {
            guard let described = files[target.id] else { continue }
            // One walk for both kinds of file.
            let listing = SourceFileLister.listing(described, extensions: SourceFileLister.swift.union(cFamily), within: root)
            let listed = listing.files.filter { !excluded($0) }
            let swiftFiles = listed.filter { $0.hasSuffix(".swift") }
            let outside = listing.outside.filter { !excluded($0) }
            // A target whose only Swift files lead outside is kept, with nothing to read, so that they are said.
            if !swiftFiles.isEmpty || !outside.isEmpty {
                let others = listed.filter { !$0.hasSuffix(".swift") }
                result.append(
                    TargetSources(
                        target: target.id, folder: folder(of: described, swiftFiles.isEmpty ? outside : swiftFiles), files: swiftFiles,
                        otherFiles: others, outside: outside))
            }
        }
        return result
    }

    /// The folder messages name for a target: its package folder, or for an
    /// Xcode target the folder its Swift files share.
    private static func folder(of files: TargetFiles, _ listed: [String]) -> String {
        switch files {
        case let .folder(folder, _, _): return folder
        case .project:
            var common = listed[0].split(separator: "/", omittingEmptySubsequences: false).dropLast()
            for path in listed.dropFirst() {
                let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
                var count = 0
                while count < common.count, count < parts.count, common[common.startIndex + count] == parts[parts.startIndex + count] {
                    count += 1
                }
                common = common.prefix(count)
            }
            return common.isEmpty ? "/" : common.joined(separator: "/")
        }
    }
}
