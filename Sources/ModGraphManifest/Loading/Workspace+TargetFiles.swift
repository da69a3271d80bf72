import ModGraphCore

extension Workspace {
    /// Where the files of each target of `graph` that belongs to a loaded
    /// package on disk are: its folder as the loader resolved it, with its
    /// manifest's `sources:` and `exclude:`.
    ///
    /// - Complexity: O(T) for T targets of loaded packages; each package and
    ///   each of its targets is looked up once (the graph's targets are sorted by package).
    public func targetFiles(for graph: ModuleGraph) -> [TargetID: TargetFiles] {
        var files: [TargetID: TargetFiles] = [:]
        files.reserveCapacity(graph.targets.count)
        var start = 0
        while start < graph.targets.count {
            let identity = graph.targets[start].package
            var end = start
            while end < graph.targets.count, graph.targets[end].package == identity { end += 1 }
            defer { start = end }
            guard let package = packages[identity], let directory = package.directory, let manifest = package.manifest else { continue }
            // By name, the last declaration of a name winning, as it always has.
            var declared: [String: Int] = [:]
            declared.reserveCapacity(manifest.targets.count)
            for (position, target) in manifest.targets.enumerated() { declared[target.name] = position }
            for target in graph.targets[start..<end] {
                guard let path = target.path, let position = declared[target.name] else { continue }
                let manifestTarget = manifest.targets[position]
                files[target.id] = .folder(
                    Paths.absolute(path, relativeTo: directory), sources: manifestTarget.sources,
                    exclude: manifestTarget.exclude)
            }
        }
        return files
    }
}
