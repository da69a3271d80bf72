import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphXcode

/// The change policy of `modgraph affected`: gives each changed file its
/// verdict and collects the targets it selects, by the rules of
/// docs/affected.md, in their order. It reads nothing itself: what it needs
/// from git and the disk comes through ``ChangeSources``.
public struct ChangeJudge {
    let inputs: ChangeInputs
    let policy: AffectedPolicy
    let sources: any ChangeSources
    /// The configuration file (relative to the top folder), and whether its `affected:` changed.
    let configuration: (path: String, affectedChanged: Bool)?

    public private(set) var seeds: [TargetID: AffectedReason] = [:]
    public private(set) var everything: EverythingReason?
    /// Each own package's manifest comparison, once asked for.
    private var comparisons: [String: ManifestComparison] = [:]
    /// Who owned which file at the base, by each project's `project.pbxproj` there, once asked for (nil: not readable).
    private var baseProjects: [String: FileOwners?] = [:]

    /// `configuration`: the configuration file the policy was read from, relative to the top
    /// folder, and whether the change touched its `affected:` section (the caller then judges
    /// the change under the base's section too, and joins the selections).
    public init(
        inputs: ChangeInputs, policy: AffectedPolicy, sources: any ChangeSources,
        configuration: (path: String, affectedChanged: Bool)? = nil
    ) {
        self.inputs = inputs
        self.policy = policy
        self.sources = sources
        self.configuration = configuration
    }

    var topLevel: String { inputs.topLevel }
    var graph: ModuleGraph { inputs.graph }

    public mutating func judge(_ changes: ChangeSet) -> [AffectedReport.File] {
        let sources = self.sources
        let owners = FileOwners(
            ConfigurationIncludes.expanded(inputs.targetFiles, topLevel: topLevel, read: { sources.headContent(of: $0) }))
        let index = Index(inputs)
        var files: [AffectedReport.File] = []
        for change in changes.files {
            if let submodule = change.submodule, !isIgnored(change.path) {
                files += moved(change, submodule, owners: owners, index: index)
                continue
            }
            files.append(judged(change, owners: owners, index: index))
        }
        return files
    }

    /// One changed file (not a submodule) and its verdict: a rename, judged at both ends, shows the stronger.
    private mutating func judged(_ change: ChangedFile, owners: FileOwners, index: Index) -> AffectedReport.File {
        var verdicts: [AffectedReport.Verdict] = []
        for path in change.paths {
            let gone = change.status == .deleted || (change.paths.count == 2 && path == change.paths[0])
            verdicts.append(verdict(for: path, deleted: gone, owners: owners, index: index))
        }
        return AffectedReport.File(change: change, verdict: verdicts.max(by: { $0.strength < $1.strength }) ?? .outside)
    }

    /// Whether `path` matches `affected.ignore`.
    private func isIgnored(_ path: String) -> Bool {
        let absolute = topLevel == "/" ? "/" + path : topLevel + "/" + path
        guard let relative = policy.folder.flatMap({ Self.relative(absolute, to: $0) }) else { return false }
        return policy.ignore.contains { $0.matches(relative) }
    }

    /// A submodule that moved: the files changed inside it between its two commits, each
    /// judged as any changed file; when its history is not here, every target of the
    /// packages and projects in it, said as such.
    private mutating func moved(
        _ change: ChangedFile, _ submodule: ChangedFile.Submodule, owners: FileOwners, index: Index
    ) -> [AffectedReport.File] {
        let path = change.path
        if let from = submodule.from, change.status != .deleted,
            let inside = sources.submoduleChanges(at: path, from: from, to: submodule.to)
        {
            let files = inside.files.map { judged($0, owners: owners, index: index) }
            let count = "\(inside.files.count) file\(inside.files.count == 1 ? "" : "s")"
            return [
                AffectedReport.File(change: change, verdict: .submodule(path: path, detail: "moved; \(count) changed inside, listed below"))
            ] + files
        }
        // What is in it, loaded or reached: its packages (by folder or by `path:`) and projects.
        let absolute = topLevel == "/" ? "/" + path : topLevel + "/" + path
        let inside = { (folder: String?) -> Bool in folder.map { Self.relative($0, to: absolute) != nil } ?? false }
        var packages = Set(inputs.workspace.packages.values.filter { inside($0.directory) || inside($0.location) }.map(\.identity))
        packages.formUnion(inputs.projects.filter { inside($0.key) }.map(\.value))
        let detail =
            if change.status == .deleted {
                "removed: every target of the packages and projects in it"
            } else if submodule.from == nil {
                "added: every target of the packages and projects in it"
            } else {
                "moved, and its history between the two commits is not in this clone: every target of the packages and projects in it"
            }
        for target in graph.targets where packages.contains(target.package) { add(target.id, .submodule(path: path, detail: detail)) }
        return [AffectedReport.File(change: change, verdict: .submodule(path: path, detail: detail))]
    }

    /// A file that declares `projects` changed (an XcodeGen spec or a file it includes; a Tuist manifest, or a
    /// helper or plugin file manifests compile with): any of their targets may have, so every one is selected.
    private mutating func specChanged(_ path: String, name: String, of projects: [PackageIdentity]) -> AffectedReport.Verdict {
        let isTuist = name.hasSuffix(".swift")
        let what = isTuist ? (name == "Project.swift" ? "the Tuist manifest" : "the Tuist helper \(name)") : "the XcodeGen spec"
        for target in graph.targets where projects.contains(target.package) {
            add(target.id, .project(path, detail: "\(what) changed"))
        }
        let kind = isTuist ? (name == "Project.swift" ? "its Tuist manifest" : "a Tuist helper it compiles with,") : "its XcodeGen spec"
        let scope =
            projects.count == 1 ? "every target of the project" : "every target of the \(projects.count) projects that compile with it"
        let first = projects.map(\.rawValue).sorted()[0]
        return .project(
            projects.count == 1 ? first : "\(first) (and \(projects.count - 1) more)", detail: "\(kind) \(name) changed: \(scope)")
    }

    private mutating func verdict(for path: String, deleted: Bool, owners: FileOwners, index: Index) -> AffectedReport.Verdict {
        let absolute = topLevel == "/" ? "/" + path : topLevel + "/" + path
        // The configuration builds nothing; a change to `affected:` is judged by judging everything under both.
        if let configuration, configuration.path == path { return .configuration(affectedChanged: configuration.affectedChanged) }
        if let relative = policy.folder.flatMap({ Self.relative(absolute, to: $0) }) {
            if let pattern = policy.ignore.first(where: { $0.matches(relative) }) { return .ignored(pattern: pattern.written) }
            if let pattern = policy.everything.first(where: { $0.matches(relative) }) {
                select(everything: EverythingReason(file: path, message: "\(path) matches affected.everything '\(pattern.written)'"))
                return .everything(pattern: pattern.written)
            }
            if let triggered = triggered(path, relative: relative, absolute: absolute, owners: owners) { return triggered }
        }
        let name = (absolute as NSString).lastPathComponent
        let folder = (absolute as NSString).deletingLastPathComponent
        if let package = index.packages[folder], name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift")) {
            return manifest(path, of: package)
        }
        if name == "Package.resolved" {
            return pins(path)
        }
        if let projects = inputs.specFiles[absolute], !projects.isEmpty { return specChanged(path, name: name, of: projects) }
        if name.hasSuffix(".xcscheme"), let verdict = schemeChanged(path, absolute: absolute) { return verdict }
        if name.hasSuffix(".xctestplan"), let verdict = testPlanChanged(path, absolute: absolute) { return verdict }
        if let project = index.project(holding: absolute) { return projectFileChanged(path, name: name, of: project) }
        var owning = owners.owners(of: absolute)
        // A file deleted or renamed away is in no target's files at the head: its project at the base says whose it was.
        if owning.isEmpty, deleted { owning = baseOwners(of: absolute) }
        if !owning.isEmpty {
            for target in owning { addFile(target, path) }
            return .owned(owning)
        }
        if let package = index.package(holding: absolute) {
            if let nested = unloadedFolder(holding: absolute, below: package.directory ?? "/", index: index) {
                return .notLoaded(Self.relative(nested, to: topLevel) ?? nested)
            }
            if deleted, let removed = Self.removedTarget(absolute, in: package) {
                // What depended on it had to change its declaration, which the manifest's comparison selects.
                return .manifest(
                    package: package.identity.rawValue, detail: "deleted with target '\(removed)', which the manifest no longer declares")
            }
            for target in graph.targets where target.package == package.identity {
                add(target.id, .packageFolder(path, detail: "in package \(package.identity)'s folder, in no target's"))
            }
            return .packageFolder(package.identity.rawValue)
        }
        if let project = index.project(inFolderHolding: absolute) {
            for target in graph.targets where target.package == project {
                add(target.id, .packageFolder(path, detail: "in package \(project)'s folder, in no target's"))
            }
            return .packageFolder(project.rawValue)
        }
        if let root = inputs.rootDirectory, Self.relative(absolute, to: root) == nil {
            return .outside
        }
        switch policy.unowned {
        case .ignore: return .ignored(pattern: "affected.unowned: ignore")
        case .everything:
            select(
                everything: EverythingReason(
                    file: path,
                    message: "\(path) is owned by no target, and a file no target owns affects "
                        + "everything (list it under affected.ignore in .modgraph.yml if it builds nothing)"))
            return .everything(pattern: nil)
        }
    }

    /// A file inside a project's `.xcodeproj` changed: the targets whose
    /// objects its `project.pbxproj` changed (every target where the
    /// comparison says so), or every target of the project for another file.
    private mutating func projectFileChanged(_ path: String, name: String, of project: PackageIdentity) -> AffectedReport.Verdict {
        if name == "project.pbxproj", let change = projectChange(path) {
            if let every = change.everyTarget {
                for target in graph.targets where target.package == project { add(target.id, .project(path, detail: every)) }
                return .project(project.rawValue, detail: every + ": every target of the project")
            }
            for name in change.targets { add(TargetID(package: project, name: name), .project(path, detail: "its objects changed")) }
            return .project(
                project.rawValue,
                detail: change.targets.isEmpty
                    ? "no target's objects changed" : change.targets.map { "'\($0)'" }.joined(separator: ", ") + " changed")
        }
        for target in graph.targets where target.package == project {
            add(target.id, .project(path, detail: "a file of the project changed"))
        }
        return .project(project.rawValue, detail: "a file of the project changed: every target of the project")
    }

    /// The targets of the head's graph that owned `absolute` at the base, by the `project.pbxproj`
    /// (at the base) of each loaded project whose folder holds it.
    private mutating func baseOwners(of absolute: String) -> [TargetID] {
        var found: Set<TargetID> = []
        for (bundle, identity) in inputs.projects.sorted(by: { $0.key < $1.key }) {
            guard Self.relative(absolute, to: (bundle as NSString).deletingLastPathComponent) != nil else { continue }
            if baseProjects[bundle] == nil {
                baseProjects[bundle] = .some(baseFileOwners(of: bundle, identity))
            }
            guard let owners = baseProjects[bundle] ?? nil else { continue }
            found.formUnion(owners.owners(of: absolute).filter { graph.index(of: $0) != nil })
        }
        return found.sorted()
    }

    /// Who owned which file in the project at `bundle` at the base; nil without a base or a readable project there.
    private func baseFileOwners(of bundle: String, _ identity: PackageIdentity) -> FileOwners? {
        guard let relative = Self.relative(bundle + "/project.pbxproj", to: topLevel), let bytes = sources.baseContent(of: relative),
            let project = try? XcodeProject.parse(Array(bytes), projectPath: bundle)
        else { return nil }
        var files: [TargetID: TargetFiles] = [:]
        for target in project.targets { files[TargetID(package: identity, name: target.name)] = project.files(of: target) }
        return FileOwners(files)
    }

    /// A file `affected.triggers` names: the targets it lists, and the file's owners if it has any.
    private mutating func triggered(_ path: String, relative: String, absolute: String, owners: FileOwners) -> AffectedReport.Verdict? {
        var targets: [TargetID] = []
        var patterns: [String] = []
        for trigger in policy.triggers {
            guard let pattern = trigger.paths.first(where: { $0.matches(relative) }) else { continue }
            patterns.append(pattern.written)
            targets += trigger.targets
        }
        guard !patterns.isEmpty else { return nil }
        let pattern = patterns.joined(separator: ", ")
        for target in targets { add(target, .triggered(file: path, pattern: pattern)) }
        let owning = owners.owners(of: absolute)
        for target in owning { addFile(target, path) }
        return .triggered(pattern: pattern, targets: Array(Set(targets + owning)).sorted())
    }

    /// The targets a change to a `project.pbxproj` touches, from the two versions' objects; nil
    /// when there is no base to compare with or either cannot be read (then every target).
    private func projectChange(_ path: String) -> ProjectChange? {
        guard let base = sources.baseContent(of: path), let head = sources.headContent(of: path) else { return nil }
        return try? ProjectChange.compare(base: Array(base), head: Array(head))
    }

    /// A manifest (`Package.swift`, or a `Package@swift-*.swift` beside it): the
    /// targets whose declaration changed, the manifest read at the base as the
    /// head's was (the one the toolchain picks among them); the whole package when that cannot be told.
    private mutating func manifest(_ path: String, of package: WorkspacePackage) -> AffectedReport.Verdict {
        let identity = package.identity
        let comparison = compareWithBase(package)
        if let whole = comparison.wholePackage {
            for target in graph.targets where target.package == identity { add(target.id, .manifest(path, detail: whole)) }
            return .manifest(package: identity.rawValue, detail: whole + ": every target of the package")
        }
        for (name, detail) in comparison.targets.sorted(by: { $0.key < $1.key }) {
            add(TargetID(package: identity, name: name), .manifest(path, detail: detail))
        }
        // A moved requirement moves the package as a moved pin does: what uses it, or a remote package that may depend on it.
        let moved = Set(comparison.movedDependencies.map { inputs.workspace.aliases[$0] ?? $0 }).filter {
            inputs.workspace.packages[$0]?.origin.isOwn != true
        }
        let reached = remotePackages(dependingOn: moved)
        if !reached.isEmpty {
            let named = comparison.movedDependencies.map(\.rawValue).joined(separator: ", ")
            for target in graph.targets where reached.contains(target.package) {
                let detail =
                    moved.contains(target.package)
                    ? "the requirement of \(target.package) moved" : "\(target.package) may depend on \(named), which moved"
                add(target.id, .manifest(path, detail: detail))
            }
        }
        var parts: [String] = []
        if !comparison.targets.isEmpty {
            parts.append(comparison.targets.keys.sorted().map { "'\($0)'" }.joined(separator: ", ") + " changed")
        }
        if !comparison.movedDependencies.isEmpty {
            parts.append(
                "package dependency " + comparison.movedDependencies.map(\.rawValue).joined(separator: ", ")
                    + " moved: what uses it, and every remote package that may depend on it")
        }
        return .manifest(
            package: identity.rawValue, detail: parts.isEmpty ? "no target's declaration changed" : parts.joined(separator: "; "))
    }

    /// The package's manifest at the base compared with its manifest at the head, once per package.
    private mutating func compareWithBase(_ package: WorkspacePackage) -> ManifestComparison {
        guard let directory = package.directory, let head = package.manifest else {
            return .whole("the manifest was not loaded")
        }
        if let known = comparisons[directory] { return known }
        let comparison: ManifestComparison
        switch sources.baseManifest(ofPackageAt: directory) {
        case let .manifest(base): comparison = ManifestComparison.compare(base: base, head: head)
        case .missing: comparison = .whole("the manifest is new")
        case let .unreadable(reason): comparison = .whole("the manifest at the base could not be read (\(reason))")
        case .noBase: comparison = .whole("no base to compare the manifest with")
        }
        comparisons[directory] = comparison
        return comparison
    }

    /// A `Package.resolved`: the remote packages whose pin moved, and every
    /// remote package that depends on one of them, select their products' users.
    private mutating func pins(_ path: String) -> AffectedReport.Verdict {
        let head = sources.headContent(of: path).flatMap(ResolvedPins.init)
        let old = sources.baseContent(of: path).flatMap(ResolvedPins.init)
        let moved: [String]
        switch (old, head) {
        case let (old?, head?): moved = ResolvedPins.changed(from: old, to: head)
        case let (nil, head?) where sources.hasBase: moved = head.pins.keys.sorted()
        default:
            // Nothing to compare: every remote package may have moved.
            moved = graph.packages.filter { !$0.origin.isOwn }.map(\.identity.rawValue)
        }
        let reached = remotePackages(dependingOn: Set(moved.map { PackageIdentity($0) }))
        for target in graph.targets where reached.contains(target.package) {
            add(target.id, .pins(file: path, packages: moved))
        }
        return .pins(moved)
    }

    /// `moved` and every package of the workspace that depends on one of
    /// them, directly or through others; a remote package whose manifest is
    /// not loaded (no checkout) may depend on anything, so it counts too.
    private func remotePackages(dependingOn moved: Set<PackageIdentity>) -> Set<PackageIdentity> {
        guard !moved.isEmpty else { return [] }
        let workspace = inputs.workspace
        var dependents: [PackageIdentity: [PackageIdentity]] = [:]
        var reached = moved
        for (identity, package) in workspace.packages where !package.origin.isOwn {
            guard let manifest = package.manifest else {
                reached.insert(identity)
                continue
            }
            for dependency in manifest.dependencies {
                dependents[workspace.aliases[dependency.identity] ?? dependency.identity, default: []].append(identity)
            }
        }
        var queue = Array(reached)
        while let next = queue.popLast() {
            for dependent in dependents[next] ?? [] where reached.insert(dependent).inserted { queue.append(dependent) }
        }
        return reached
    }

    private mutating func select(everything reason: EverythingReason) {
        if everything == nil { everything = reason }
    }

    mutating func add(_ target: TargetID, _ reason: AffectedReason) {
        if let known = seeds[target], known.precedence <= reason.precedence { return }
        seeds[target] = reason
    }

    private mutating func addFile(_ target: TargetID, _ path: String) {
        if case let .changedFiles(files, count)? = seeds[target] {
            seeds[target] = .changedFiles(files.count < 3 ? files + [path] : files, count: count + 1)
        } else {
            seeds[target] = .changedFiles([path], count: 1)
        }
    }

    /// The innermost folder between `path` and `top` that holds a package
    /// (`Package.swift`) or a project (`*.xcodeproj`) that was not loaded:
    /// SwiftPM leaves a nested package's folder out of the package around it.
    func unloadedFolder(holding path: String, below top: String, index: Index) -> String? {
        var folder = Substring(path)
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            let candidate = String(folder)
            guard candidate.count > top.count, candidate.hasPrefix(top) else { return nil }
            if index.packages[candidate] != nil { return nil }
            let entries = sources.entries(ofFolder: candidate)
            if entries.contains("Package.swift") { return candidate }
            if entries.contains(where: { $0.hasSuffix(".xcodeproj") && index.projects[candidate + "/" + $0] == nil }),
                !entries.contains(where: { $0.hasSuffix(".xcodeproj") && index.projects[candidate + "/" + $0] != nil })
            {
                return candidate
            }
        }
        return nil
    }

    /// The target a deleted file belonged to when the manifest no longer
    /// declares it: the file was under a predefined folder of that name
    /// (`Sources/NAME/…`, `Tests/NAME/…`), and no target of the package has that name.
    static func removedTarget(_ path: String, in package: WorkspacePackage) -> String? {
        guard let directory = package.directory, let manifest = package.manifest,
            let inside = relative(path, to: directory)
        else { return nil }
        let parts = inside.split(separator: "/").map(String.init)
        guard parts.count >= 3, ["Sources", "Source", "src", "srcs", "Tests", "Plugins"].contains(parts[0]) else { return nil }
        let name = parts[1]
        return manifest.targets.contains(where: { $0.name == name || $0.path.map { inside.hasPrefix($0 + "/") } == true }) ? nil : name
    }

    /// `path` relative to `folder` when inside it (`.` for the folder itself), else nil.
    public static func relative(_ path: String, to folder: String) -> String? {
        if path == folder { return "." }
        let prefix = folder == "/" ? "/" : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// The loaded packages and projects by folder.
    struct Index {
        /// Own packages by their folder.
        let packages: [String: WorkspacePackage]
        /// Projects' identities by their `.xcodeproj` folder.
        let projects: [String: PackageIdentity]
        /// Projects' identities by the folder holding their `.xcodeproj` (the first, when several share one).
        let projectsByFolder: [String: PackageIdentity]

        init(_ inputs: ChangeInputs) {
            var packages: [String: WorkspacePackage] = [:]
            for package in inputs.workspace.packages.values where package.origin.isOwn {
                if let directory = package.directory { packages[directory] = package }
            }
            self.packages = packages
            projects = inputs.projects
            var byFolder: [String: PackageIdentity] = [:]
            for (bundle, identity) in inputs.projects.sorted(by: { $0.key < $1.key }) {
                let folder = (bundle as NSString).deletingLastPathComponent
                if byFolder[folder] == nil { byFolder[folder] = identity }
            }
            projectsByFolder = byFolder
        }

        /// The project whose `.xcodeproj` holds `path` (its `project.pbxproj`, its schemes).
        func project(holding path: String) -> PackageIdentity? {
            var folder = Substring(path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                if folder.hasSuffix(".xcodeproj") { return projects[String(folder)] }
            }
            return nil
        }

        /// The project whose folder (the one holding its `.xcodeproj`) holds `path`, the innermost.
        func project(inFolderHolding path: String) -> PackageIdentity? {
            var folder = Substring(path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                if let project = projectsByFolder[String(folder)] { return project }
            }
            return nil
        }

        /// The innermost own package whose folder holds `path`.
        func package(holding path: String) -> WorkspacePackage? {
            var folder = Substring(path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                if let package = packages[String(folder)] { return package }
            }
            return nil
        }
    }
}
