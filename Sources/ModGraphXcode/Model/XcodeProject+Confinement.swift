/// A project's paths bounded to the folder loaded: what a pull request's
/// `project.pbxproj` names outside it (a synchronised folder at `/`, an
/// absolute file reference, a local package or subproject at an absolute path
/// or behind `..`, or a symbolic link leading out) is dropped from the model
/// before anything reads it, with a warning naming the project and the
/// reference as written. Everything downstream (the packages loaded, the
/// projects followed, the files listed for the source checks and weights)
/// reads only what the model keeps.
extension XcodeProject {
    /// Warnings name at most this many references of one project; a count says the rest.
    static let maximumOutsideWarnings = 10

    /// This project without the paths outside `disk`'s root (itself, without a root).
    ///
    /// - Complexity: O(paths), with one look at the disk per distinct folder and per linked file.
    public func confined(by disk: XcodeDisk) -> XcodeProject {
        guard let root = disk.root else { return self }
        var outside: [String] = []
        var named: Set<String> = []
        var folders: [String: Bool] = [:]
        func isInside(folder: String) -> Bool {
            if let known = folders[folder] { return known }
            let inside = disk.isInside(folder)
            folders[folder] = inside
            return inside
        }
        /// Whether `path` (as the project writes it) stays inside; a file is judged by its folder unless it is a link.
        func keep(_ path: String, isFile: Bool = false) -> Bool {
            let resolved = resolvedPath(path)
            let inside =
                isFile && disk.isLexicallyInside(resolved) && !disk.isSymbolicLink(resolved)
                ? isInside(folder: XcodePath.parent(resolved)) : isInside(folder: resolved)
            if !inside, named.insert(path).inserted { outside.append(path) }
            return inside
        }
        let keptTargets = targets.map { target in
            target.building(
                sources: target.sources.filter { keep($0, isFile: true) },
                synchronizedFolders: target.synchronizedFolders.filter { keep($0.path) })
        }
        let keptPackages = packageReferences.filter { reference in
            if case let .local(path) = reference { return keep(path) }
            return true
        }
        let keptSubprojects = subprojects.filter { keep($0) }
        let keptReferences = referencedProjects.filter { keep($0) }
        let keptCandidates = localPackageCandidates.filter { keep($0) }
        let keptParents = packageFolderParents.filter { keep($0) }
        guard !outside.isEmpty else { return self }
        let file = declarationFile
        var notes = outside.prefix(Self.maximumOutsideWarnings).map { reference in
            "\(file): refers to '\(reference)', outside \(root), the folder loaded; ignored (load a folder that holds both to include it)"
        }
        if outside.count > Self.maximumOutsideWarnings {
            notes.append("\(file): \(outside.count - Self.maximumOutsideWarnings) more references outside \(root), the folder loaded; ignored (load a folder that holds both to include them)")
        }
        return XcodeProject(
            path: path, name: name, objectVersion: objectVersion, defaultConfiguration: defaultConfiguration, targets: keptTargets,
            packageReferences: keptPackages, subprojects: keptSubprojects, referencedProjects: keptReferences,
            localPackageCandidates: keptCandidates, packageFolderParents: keptParents, warnings: warnings + notes,
            declarationFile: declarationFile, declarationFiles: declarationFiles, packageNames: packageNames)
    }
}
