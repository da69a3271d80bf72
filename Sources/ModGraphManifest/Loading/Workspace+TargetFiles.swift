import ModGraphCore

extension Workspace {
    /// Where the files of each target of `graph` that belongs to a loaded
    /// package on disk are: its folder as the loader resolved it, with its
    /// manifest's `sources:` and `exclude:`.
    ///
    /// - Complexity: O(T) for T targets of loaded packages.
    public func targetFiles(for graph: ModuleGraph) -> [TargetID: TargetFiles] {
        var declared: [TargetID: ManifestTarget] = [:]
        for package in packages.values {
            for target in package.manifest?.targets ?? [] {
                declared[TargetID(package: package.identity, name: target.name)] = target
            }
        }
        var files: [TargetID: TargetFiles] = [:]
        for target in graph.targets {
            guard let path = target.path, let directory = packages[target.package]?.directory,
                  let manifestTarget = declared[target.id] else { continue }
            files[target.id] = .folder(Paths.absolute(path, relativeTo: directory), sources: manifestTarget.sources,
                                       exclude: manifestTarget.exclude)
        }
        return files
    }
}
