import ModGraphCore

extension XcodeProject {
    /// What `target` compiles, holds and is configured by, as absolute paths: for the source
    /// checks and weights (its sources and synchronised folders) and for `affected` (all of it).
    public func files(of target: XcodeTarget) -> TargetFiles {
        let folders = target.synchronizedFolders.map { folder -> TargetFiles.SynchronizedFolder in
            let path = resolvedPath(folder.path)
            switch folder.membership {
            case let .all(except):
                return TargetFiles.SynchronizedFolder(
                    path: path, only: nil, excluded: except + folder.opaqueFolders, excludedPatterns: folder.excludedPatterns,
                    includedPatterns: folder.includedPatterns)
            case let .only(paths):
                return TargetFiles.SynchronizedFolder(
                    path: path, only: paths, excluded: folder.opaqueFolders, excludedPatterns: folder.excludedPatterns,
                    includedPatterns: folder.includedPatterns)
            }
        }
        return .project(
            files: target.sources.map(resolvedPath), folders: folders, resources: target.resources.map(resolvedPath),
            settings: target.settingFiles.map(resolvedPath))
    }
}
