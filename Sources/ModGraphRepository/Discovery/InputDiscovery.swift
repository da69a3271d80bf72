import Foundation
import ModGraphManifest
import ModGraphSystem
import ModGraphXcode

/// Sorts the paths a command was given into packages, projects, workspaces
/// or a dump, searching the folders that are none of these.
///
/// A folder that is not a package is searched for workspaces, projects and
/// packages, without entering build products and third-party code (`.build`,
/// `DerivedData`, `Pods`, `Carthage`, `node_modules`, SwiftPM's checkouts),
/// hidden folders, or the inside of a package, `.xcodeproj` or
/// `.xcworkspace` (a package's nested packages are reached through its
/// `path:` dependencies; a project's embedded workspace lists only itself).
/// When the search finds a workspace, the workspace's own list of projects
/// and packages is used instead of what the walk found beside it, as Xcode
/// would open it; the rest is named in ``RepositoryInputs/passedOver``.
///
/// The checkout is input: the search follows no symbolic link into a folder,
/// stops ``maximumDepth`` folders deep, and reads at most ``maximumFolders`` folders.
public enum InputDiscovery {
    /// Deeper than repositories nest their projects.
    public static let maximumDepth = 32
    /// Folders listed by one search; a repository's folders outside its packages are far fewer.
    public static let maximumFolders = 100_000
    /// Folders of build products and other people's code, never searched.
    public static let skippedFolders: Set<String> = [
        ".build", "DerivedData", "Pods", "Carthage", "node_modules", "SourcePackages", "checkouts",
    ]

    /// The inputs `paths` name. An empty list means the current folder.
    ///
    /// - Complexity: O(folders searched + entries of their listings), plus reading each workspace found.
    /// - Parameter exclusions: packages, projects and folders left out: not searched, not loaded
    ///   when a workspace lists them (``RepositoryInputs/excluded`` names those met).
    public static func inputs(
        for paths: [String], currentDirectory: String = FileManager.default.currentDirectoryPath, exclusions: LoadExclusions = .none
    ) throws
        -> RepositoryInputs
    {
        let paths = paths.isEmpty ? ["."] : paths
        if paths.contains("-") {
            guard paths.count == 1 else { throw RepositoryError.dumpNotAlone("-") }
            var inputs = RepositoryInputs(base: currentDirectory)
            inputs.dump = "-"
            return inputs
        }
        let base = base(of: paths, currentDirectory: currentDirectory)
        var inputs = RepositoryInputs(base: base, root: root(containing: base))
        inputs.exclusions = exclusions
        var searched: [(path: String, given: String)] = []
        for path in paths {
            guard let canonical = canonical(path) else { throw RepositoryError.pathNotFound(path) }
            if FileStatus.isFolder(canonical) {
                if try add(folder: canonical, to: &inputs) { searched.append((canonical, path)) }
            } else {
                try add(file: canonical, given: path, alone: paths.count == 1, to: &inputs)
            }
        }
        for (folder, given) in searched {
            try add(searched: folder, given: given, exclusions: exclusions, to: &inputs)
        }
        inputs.wasDiscovered = !searched.isEmpty
        // Named also as a PATH (a Tuist project's folder as its manifest): loaded, so not said to be left out.
        inputs.unsearched = inputs.unsearched.filter {
            !inputs.projects.contains($0) && !inputs.projects.contains($0 + "/Project.swift") && !inputs.workspaces.contains($0)
        }
        return inputs
    }

    /// A file given as a PATH: a manifest, a project or workspace file, an
    /// XcodeGen spec or Tuist manifest, else a dump (which must come alone).
    private static func add(file canonical: String, given path: String, alone: Bool, to inputs: inout RepositoryInputs) throws {
        let name = XcodePath.lastComponent(canonical)
        if name.hasPrefix("Package") && name.hasSuffix(".swift") {
            if let kind = Paths.irregularKind(canonical) { throw LoadError.manifestNotAFile(manifest: canonical, kind: kind) }
            inputs.add(package: XcodePath.parent(canonical))
        } else if name == "project.pbxproj" {
            inputs.add(project: XcodePath.parent(canonical))
        } else if name == "contents.xcworkspacedata" {
            try add(workspace: XcodePath.parent(canonical), to: &inputs)
        } else if XcodeProject.xcodeGenSpecNames.contains(name) || ["yml", "yaml"].contains(XcodePath.pathExtension(name)) {
            inputs.add(project: canonical)
        } else if name == "Project.swift" {
            inputs.add(project: canonical)
        } else {
            guard alone else { throw RepositoryError.dumpNotAlone(path) }
            inputs.dump = path
        }
    }

    /// A folder given as a PATH: a project, a workspace, a package (with the
    /// XcodeGen spec beside it); true when it is none of those and is to be searched.
    private static func add(folder canonical: String, to inputs: inout RepositoryInputs) throws -> Bool {
        switch XcodePath.pathExtension(XcodePath.lastComponent(canonical)) {
        case "xcodeproj": inputs.add(project: canonical)
        case "xcworkspace": try add(workspace: canonical, to: &inputs)
        default:
            let hasManifest =
                FileStatus.isRegularFile(canonical + "/Package.swift") && !refusesLink(canonical + "/Package.swift", in: &inputs)
            let entries = hasManifest ? listing(canonical) : []
            if hasManifest, isTuistPackageList(canonical, entries: entries) {
                // Tuist's list of external packages at the root (`#if TUIST`), not the repository's package.
                return true
            } else if hasManifest {
                inputs.add(package: canonical)
                // An XcodeGen spec at the top of the folder given is the app's project (its tools', or the
                // package's own targets for Xcode): loaded with the package. A committed project is not.
                if let spec = xcodeGenSpec(in: canonical, entries: entries), !refusesLink(spec, in: &inputs) { inputs.add(project: spec) }
                inputs.unsearched += projectsNear(canonical)
            } else if let kind = Paths.irregularKind(canonical + "/Package.swift"), kind != "a folder" {
                throw LoadError.manifestNotAFile(manifest: canonical + "/Package.swift", kind: kind)
            } else {
                return true
            }
        }
        return false
    }

    /// What searching `folder` found, added: its workspaces (and what they
    /// do not list, passed over), else its packages and projects; Tuist's
    /// generated containers passed over where its manifests are read.
    private static func add(searched folder: String, given: String, exclusions: LoadExclusions, to inputs: inout RepositoryInputs) throws {
        var found = RepositoryInputs(base: inputs.base, root: inputs.root)
        found.exclusions = exclusions
        search(folder, into: &found)
        // Beside Tuist's configuration (`Tuist.swift`, `Tuist/`), a project or workspace is Tuist's output when the
        // repository has project manifests (RuntimeViewer), and the app's own when it has none (IcySky).
        if found.projects.contains(where: { XcodePath.lastComponent($0) == "Project.swift" }) {
            for container in found.besideTuistConfiguration {
                found.projects.removeAll { $0 == container }
                found.workspaces.removeAll { $0 == container }
                found.passedOver.append("\(container): generated by Tuist, whose manifests are read instead")
            }
        }
        if found.workspaces.isEmpty {
            found.packages.forEach { inputs.add(package: $0) }
            found.projects.forEach { inputs.add(project: $0) }
        } else {
            let walked = found
            for workspace in walked.workspaces { try add(workspace: workspace, to: &inputs) }
            for other in walked.projects + walked.packages where !inputs.projects.contains(other) && !inputs.packages.contains(other) {
                inputs.notListed.append(other)
            }
        }
        inputs.passedOver += found.passedOver
        inputs.otherSpecs += found.otherSpecs
        inputs.warnings += found.warnings
        inputs.refusedLinks += found.refusedLinks
        for path in found.excluded where !inputs.excluded.contains(path) { inputs.excluded.append(path) }
        inputs.tuistManifests += found.tuistManifests
        if found.isEmpty { throw RepositoryError.nothingFound(folder: given, refused: inputs.refusedLinks) }
    }

    /// The projects and workspaces in `package`'s folder and in its sub-folders, not in
    /// hidden ones, build products or other people's code, and the folders of Tuist projects
    /// one or two folders down: what a user who gave the package's folder may have meant
    /// (`App.xcodeproj` beside a `Package.swift` for tools).
    ///
    /// - Complexity: O(entries of the folder and of its sub-folders and theirs).
    private static func projectsNear(_ package: String) -> [String] {
        // Files, and the folders that are not hidden, build products or other people's code.
        let entries = listing(package).filter { !$0.isFolder || (!$0.name.hasPrefix(".") && !skippedFolders.contains($0.name)) }
        var found = containers(in: package, entries: entries)
        let subfolders = entries.filter { $0.isFolder && !["xcodeproj", "xcworkspace"].contains(XcodePath.pathExtension($0.name)) }
            .map { package + "/" + $0.name }
        for folder in subfolders {
            let inside = listing(folder)
            // There too (AeroSpace's `xcode/project.yml` beside the `AeroSpace.xcodeproj` it generates).
            found += containers(in: folder, entries: inside)
            // Tuist projects kept beside a package (RevenueCat's `Projects/PaywallsTester/Project.swift`, test apps
            // of the SDK the package is): one or two folders down.
            if isManifest("Project.swift", in: folder, entries: inside) { found.append(folder) }
            for entry in inside where entry.isFolder && !entry.name.hasPrefix(".") && XcodePath.pathExtension(entry.name).isEmpty {
                let nested = folder + "/" + entry.name
                if isManifest("Project.swift", in: nested, entries: listing(nested)) { found.append(nested) }
            }
        }
        return found
    }

    /// The XcodeGen spec in `folder`, standing for the project it generates, and the projects (but that one) and
    /// workspaces among its `entries`, in their order.
    private static func containers(in folder: String, entries: [(name: String, isFolder: Bool)]) -> [String] {
        let spec = xcodeGenSpec(in: folder, entries: entries)
        return (spec.map { [$0] } ?? [])
            + entries.filter { entry in
                let kind = XcodePath.pathExtension(entry.name)
                return entry.isFolder && (kind == "xcworkspace" || (kind == "xcodeproj" && spec == nil))
            }.map { folder + "/" + $0.name }
    }

    /// Adds the workspace at `path` with the projects and packages it lists, and the folders
    /// it lists that are missing or empty (``RepositoryInputs/missingFolders``).
    private static func add(workspace path: String, to inputs: inout RepositoryInputs) throws {
        inputs.add(workspace: path)
        let workspace = try XcodeWorkspace.load(at: path, disk: XcodeDisk(root: inputs.root))
        let file = XcodePath.join(path, "contents.xcworkspacedata")
        // A folder that is missing (an uninitialised submodule) is said once with what it costs, by the loader.
        var saidByTheLoader = Set<String>()
        func missing(_ reference: String, _ state: MissingPackageFolder.State) {
            let folder = Paths.lexical(workspace.resolvedPath(reference))
            guard skippedComponent(of: folder) == nil else { return }
            saidByTheLoader.insert(reference)
            guard !inputs.missingFolders.contains(where: { $0.folder == folder }) else { return }
            inputs.missingFolders.append(
                MissingPackageFolder(folder: folder, requiredBy: file, line: workspace.lines[reference], state: state))
        }
        for reference in workspace.missing where XcodePath.pathExtension(reference) != "xcodeproj" {
            let relative = Paths.relative(Paths.lexical(workspace.resolvedPath(reference)), from: inputs.root)
            missing(reference, missingState(of: relative, root: inputs.root))
        }
        for warning in workspace.warnings {
            if saidByTheLoader.contains(where: { reference in
                warning == "\(file):\(workspace.lines[reference] ?? 0): refers to \(reference), which does not exist; skipped"
            }) {
                continue
            }
            // A project that is not there: said with where it would be, and said once, by the project that
            // refers to it when one does (the loader drops this line then).
            if let reference = workspace.missing.first(where: { reference in
                XcodePath.pathExtension(reference) == "xcodeproj"
                    && warning == "\(file):\(workspace.lines[reference] ?? 0): refers to \(reference), which does not exist; skipped"
            }) {
                let absent = Paths.lexical(workspace.resolvedPath(reference))
                // `Pods/Pods.xcodeproj` before `pod install` (every fresh clone of a CocoaPods app): modgraph
                // never loads it, so its absence changes nothing; passed over, not warned about (issue #49).
                if let skipped = skippedComponent(of: absent) {
                    inputs.passedOver.append("\(absent): not there, and inside \(skipped), which modgraph does not load")
                    continue
                }
                // Listed by two workspaces: said once.
                if inputs.missingProjects[absent] != nil { continue }
                // A generated project, not committed: the XcodeGen spec beside where it would be is read instead.
                let folder = XcodePath.parent(absent)
                if XcodePath.isSame(folder, orInside: inputs.root), let spec = xcodeGenSpec(in: folder, entries: listing(folder)),
                    !refusesLink(spec, in: &inputs)
                {
                    inputs.add(project: spec)
                    inputs.passedOver.append("\(absent): not there; generated from \(spec), which is read instead")
                    continue
                }
                let hint = emptyFolderHint(for: absent, root: inputs.root) ?? ""
                let said = "\(file):\(workspace.lines[reference] ?? 0): refers to \(reference), which does not exist\(hint); skipped"
                inputs.warnings.append(said)
                inputs.missingProjects[absent] = said
                continue
            }
            inputs.warnings.append(warning)
        }
        inputs.listed[path] = workspace.listed
        for reference in workspace.references {
            guard let resolved = canonical(workspace.resolvedPath(reference.path)) else { continue }
            if reference.kind == .project, inputs.referrers[resolved] == nil {
                inputs.referrers[resolved] = file
            }
            if inputs.exclusions.excludes(resolved) {
                if !inputs.excluded.contains(resolved) { inputs.excluded.append(resolved) }
                continue
            }
            if let skipped = skippedComponent(of: resolved) {
                inputs.passedOver.append("\(resolved): inside \(skipped), which modgraph does not load (other people's code)")
                continue
            }
            switch reference.kind {
            case .project: inputs.add(project: resolved)
            case .package: inputs.add(package: resolved)
            case .folder:
                if Paths.isEmptyFolder(resolved) {
                    missing(reference.path, missingState(of: Paths.relative(resolved, from: inputs.root), root: inputs.root, isEmpty: true))
                }
            }
        }
    }

    /// ` (in the git submodule Cores/NESDeltaCore, which is not checked out: run …)` when `.gitmodules` names
    /// an empty or missing submodule holding `path` (absolute); else ` (in the empty folder Cores/NESDeltaCore:
    /// an uninitialised git submodule? run …)` when the nearest folder above it that exists, inside `root`, is
    /// empty; else `nil`.
    static func emptyFolderHint(for path: String, root: String) -> String? {
        if let submodule = unfetchedSubmodule(holding: XcodePath.relative(path, from: root), root: root) {
            return " (in the git submodule \(submodule), which is not checked out: run `git submodule update --init`)"
        }
        var folder = XcodePath.parent(path)
        while folder.hasPrefix(root + "/") {
            if FileStatus.isFolder(folder) {
                guard Paths.isEmptyFolder(folder) else { return nil }
                return
                    " (in the empty folder \(Paths.relative(folder, from: root)): an uninitialised git submodule? run `git submodule update --init`)"
            }
            folder = XcodePath.parent(folder)
        }
        return nil
    }

    /// The paths of the git submodules `.gitmodules` in `root` declares (`path = external/tunnelkit`),
    /// relative to `root`; empty when there is no such file, or it is larger than any real one.
    static func submodules(of root: String) -> Set<String> {
        guard let text = head(of: root + "/.gitmodules", bytes: 1 << 20), text.utf8.count < 1 << 20 else { return [] }
        var paths = Set<String>()
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[0] == "path", !parts[1].isEmpty else { continue }
            paths.insert(XcodePath.normalised(parts[1]))
        }
        return paths
    }

    /// Why the folder `relative` (to `root`), which is not there or `isEmpty`, holds no package: it is a git
    /// submodule not checked out, or inside one (``unfetchedSubmodule(holding:root:)``), or neither. The one
    /// reading of `.gitmodules` for a workspace's folder and a project's local package alike.
    static func missingState(of relative: String, root: String, isEmpty: Bool = false) -> MissingPackageFolder.State {
        guard let submodule = unfetchedSubmodule(holding: relative, root: root) else { return isEmpty ? .empty : .missing }
        return submodule == relative ? .submoduleNotCheckedOut : .inSubmoduleNotCheckedOut
    }

    /// The submodule of `root`'s `.gitmodules` at or above `relative` (a path relative to `root`) whose folder is
    /// empty or missing, i.e. not checked out: a local package there is missing for that reason (otoaka-ios's spec
    /// names packages in `Libraries/rocket-api/Modules/…`, a submodule never fetched). Read only for a folder that
    /// is missing, so a load whose folders are all there reads no `.gitmodules`.
    static func unfetchedSubmodule(holding relative: String, root: String) -> String? {
        submodules(of: root).sorted().first { submodule in
            let folder = root + "/" + submodule
            return XcodePath.isSame(relative, orInside: submodule) && (!FileStatus.isFolder(folder) || Paths.isEmptyFolder(folder))
        }
    }

    /// Walks `start` breadth first, in name order, recording what it finds.
    private static func search(_ start: String, into found: inout RepositoryInputs) {
        var level = [start]
        var depth = 0
        var listed = 0
        while !level.isEmpty, depth <= maximumDepth {
            var next: [String] = []
            for folder in level {
                guard listed < maximumFolders else {
                    found.passedOver.append("\(folder): not searched; the search stops after \(maximumFolders) folders")
                    return
                }
                listed += 1
                next += visit(folder, isStart: folder == start, into: &found)
            }
            level = next
            depth += 1
        }
    }

    /// What one folder holds, recorded in `found`: a Tuist manifest, a package, an XcodeGen spec, projects
    /// and workspaces (or why they are passed over); the folders below it to search next (none below a
    /// package or Tuist's own folder).
    private static func visit(_ folder: String, isStart: Bool, into found: inout RepositoryInputs) -> [String] {
        var next: [String] = []
        let entries = listing(folder)
        let isTuist = isTuistManifestFolder(folder, entries: entries)
        // What `tuist generate` writes here: a project for `Project.swift`, a workspace for `Workspace.swift`
        // (`Tuist.swift` alone, IcySky's, configures Tuist and generates nothing: its project is the app's own).
        let isTuistProject = isTuist && isManifest("Project.swift", in: folder, entries: entries)
        let generates = isTuistProject || (isTuist && isManifest("Workspace.swift", in: folder, entries: entries))
        if isTuist {
            found.tuistManifests.append(folder)
            // `Tuist/Package.swift` lists Tuist's external packages (`tuist install`): not a package of the repository.
            if XcodePath.lastComponent(folder) == "Tuist" { return [] }
            // A Tuist project is read from its manifest, as `tuist generate` reads it (docs/tuist.md).
            if isTuistProject { found.add(project: folder + "/Project.swift") }
        }
        if !isStart, isTuistProject, entries.contains(where: { $0.name == "Package.swift" && !$0.isFolder }) {
            // The same modules described twice (RuntimeViewer's folders): Tuist builds the project's.
            found.passedOver.append(
                "\(folder)/Package.swift: beside a Tuist project, whose Project.swift is read instead; name the folder as a PATH to load the package"
            )
        } else if !isStart, entries.contains(where: { $0.name == "Package.swift" && !$0.isFolder }),
            !refusesLink(folder + "/Package.swift", in: &found)
        {
            // A source file a module happens to name Package.swift (Cork's `Protocols/Package.swift`) is no manifest;
            // anything that may be one (a tools-version line, PackageDescription, or nothing yet) loads, or fails saying why.
            if mayBeManifest(folder + "/Package.swift") {
                found.add(package: folder)
                return []
            }
            found.passedOver.append(
                "\(folder)/Package.swift: neither a `// swift-tools-version` line nor PackageDescription, so Swift source, not a package's manifest; passed over"
            )
        }
        let spec = addSpec(in: folder, entries: entries, into: &found)
        for entry in entries where entry.isFolder && !entry.name.hasPrefix(".") {
            let path = folder == "/" ? "/" + entry.name : folder + "/" + entry.name
            if found.exclusions.excludes(path) {
                found.excluded.append(path)
                continue
            }
            if skippedFolders.contains(entry.name) {
                if entry.name != "checkouts" {
                    found.passedOver.append("\(path): skipped (\(entry.name) holds build products or other people's code)")
                }
                continue
            }
            switch XcodePath.pathExtension(entry.name) {
            case "xcodeproj" where spec != nil:
                found.passedOver.append("\(path): generated from \(spec ?? ""), which is read instead")
            case "xcodeproj" where generates, "xcworkspace" where generates:
                found.passedOver.append("\(path): generated by Tuist from the manifests beside it, which are read instead")
            case "xcodeproj" where !FileStatus.isRegularFile(path + "/project.pbxproj"):
                found.passedOver.append(
                    "\(path): holds no project.pbxproj (only what Xcode shares beside a generated project); passed over")
            case "xcworkspace" where !FileStatus.isRegularFile(path + "/contents.xcworkspacedata"):
                found.passedOver.append("\(path): holds no contents.xcworkspacedata; passed over")
            case "xcodeproj":
                found.add(project: path)
                if isTuist { found.besideTuistConfiguration.append(path) }
            case "xcworkspace":
                found.add(workspace: path)
                if isTuist { found.besideTuistConfiguration.append(path) }
            // A playground is a document: the workspace inside it is Xcode's, never one to load.
            case "playground": continue
            default: next.append(path)
            }
        }
        return next
    }

    /// The XcodeGen spec in `folder`, added: it is read instead of the project it generates, committed or not.
    /// Without one, the specs by other names there are named (``otherXcodeGenSpecs(in:entries:root:)``).
    private static func addSpec(
        in folder: String, entries: [(name: String, isFolder: Bool)], into found: inout RepositoryInputs
    ) -> String? {
        if let spec = xcodeGenSpec(in: folder, entries: entries), !refusesLink(spec, in: &found) {
            found.add(project: spec)
            return spec
        }
        // A spec by another name is said without `--verbose` unless a project beside it is loaded (maybe its output).
        let hasProject = entries.contains { $0.isFolder && XcodePath.pathExtension($0.name) == "xcodeproj" }
        for other in otherXcodeGenSpecs(in: folder, entries: entries, root: found.root) {
            if hasProject {
                found.passedOver.append("\(other): an XcodeGen spec not named project.yml; the project beside it is loaded")
            } else {
                found.otherSpecs.append(other)
            }
        }
        return nil
    }

    /// The XcodeGen spec in `folder` (`project.yml`, as `xcodegen generate` finds it), when a line starts
    /// a top-level `targets:` or `include:` (another tool's `project.yml` has neither); in
    /// `project.json`, a `"targets"` or `"include"` key at the top or indented two spaces.
    static func xcodeGenSpec(in folder: String, entries: [(name: String, isFolder: Bool)]) -> String? {
        let keys = ["targets:", "include:", "\"targets\"", "\"include\""]
        for name in XcodeProject.xcodeGenSpecNames where entries.contains(where: { $0.name == name && !$0.isFolder }) {
            let path = folder + "/" + name
            if startsALine(path, with: keys, indentedForJSON: name.hasSuffix(".json")) { return path }
        }
        return nil
    }

    /// The YAML files in `folder` named `project…` other than `project.yml` (`project-bwa.yml`,
    /// `project.base.yml`) with a top-level `targets:`: specs XcodeGen reads only with `--spec`. A link leading outside
    /// `root` is not read, nor named: this only names files of the repository.
    static func otherXcodeGenSpecs(in folder: String, entries: [(name: String, isFolder: Bool)], root: String) -> [String] {
        entries.filter { entry in
            !entry.isFolder && entry.name.lowercased().hasPrefix("project") && !XcodeProject.xcodeGenSpecNames.contains(entry.name)
                && ["yml", "yaml"].contains(XcodePath.pathExtension(entry.name).lowercased())
        }.map { folder + "/" + $0.name }.filter { path in
            FileStatus.isRegularFile(path) && FileNames.leadsInside(path, root: root)
                && startsALine(path, with: ["targets:"], indentedForJSON: false)
        }
    }

    /// Whether a line of the file at `path` (its first MiB) starts with one of `keys`, or, in JSON, with one
    /// indented two spaces.
    private static func startsALine(_ path: String, with keys: [String], indentedForJSON: Bool) -> Bool {
        guard let text = head(of: path, bytes: 1 << 20) else { return false }
        return text.split(whereSeparator: \.isNewline).contains { line in
            keys.contains { line.hasPrefix($0) || (indentedForJSON && line.hasPrefix("  " + $0)) }
        }
    }

    /// Whether `path` (a manifest or spec the search found) is a link to a file outside the repository loaded,
    /// which is then not read, with a warning: a pull request's `Package.swift` linked to a file of the CI
    /// machine would otherwise be read, and used, as the repository's manifest. A link inside the repository
    /// is followed.
    static func refusesLink(_ path: String, in inputs: inout RepositoryInputs) -> Bool {
        guard !FileNames.leadsInside(path, root: inputs.root) else { return false }
        let shown = Paths.relative(path, from: inputs.base)
        inputs.refusedLinks.append(shown)
        inputs.warnings.append("\(shown): a link to a file outside the repository; not read")
        return true
    }

    /// Whether `folder` holds Tuist's manifests: a `Project.swift` or `Workspace.swift` that imports
    /// `ProjectDescription` (an app's own `Project.swift` model type does not), or is Tuist's own
    /// folder (`Tuist/` with `Config.swift`, `Dependencies.swift`, `Package.swift` or `ProjectDescriptionHelpers`,
    /// or beside the `Tuist.swift` of Tuist 4's root: YAPP-Github/26th-App-Team-3-iOS's `Tuist/Package.swift` lists
    /// the external packages without importing ProjectDescription, and was loaded as a package vending nothing).
    static func isTuistManifestFolder(_ folder: String, entries: [(name: String, isFolder: Bool)]) -> Bool {
        if XcodePath.lastComponent(folder) == "Tuist",
            entries.contains(where: {
                ["Config.swift", "Dependencies.swift", "ProjectDescriptionHelpers", "Package.swift"].contains($0.name)
            })
        {
            return ["Package.swift", "Config.swift", "Dependencies.swift"].contains { startsWithProjectDescription(folder + "/" + $0) }
                || entries.contains { $0.name == "ProjectDescriptionHelpers" && $0.isFolder }
                || startsWithProjectDescription(XcodePath.parent(folder) + "/Tuist.swift")
        }
        return entries.contains { entry in
            !entry.isFolder && ["Project.swift", "Workspace.swift", "Tuist.swift"].contains(entry.name)
                && startsWithProjectDescription(folder + "/" + entry.name)
        }
    }

    /// Whether `folder` holds the file `name` and it is a Tuist manifest (imports ProjectDescription).
    private static func isManifest(_ name: String, in folder: String, entries: [(name: String, isFolder: Bool)]) -> Bool {
        entries.contains { $0.name == name && !$0.isFolder } && startsWithProjectDescription(folder + "/" + name)
    }

    /// Whether `folder`'s `Package.swift` is Tuist's list of external packages (its `PackageSettings` under
    /// `#if TUIST`) in a folder of Tuist's manifests, rather than a package: Tuist reads it, SwiftPM builds nothing of it.
    static func isTuistPackageList(_ folder: String, entries: [(name: String, isFolder: Bool)]) -> Bool {
        guard head(of: folder + "/Package.swift", bytes: 1 << 16)?.contains("#if TUIST") ?? false else { return false }
        return isTuistManifestFolder(folder, entries: entries) || entries.contains { $0.name == "Tuist" && $0.isFolder }
    }

    /// Whether the file at `path` may be a package's manifest: its first line holds SwiftPM's `swift-tools-version`
    /// comment, or its first 64 KiB name `PackageDescription`, or it is empty (SwiftPM then says what is wrong).
    static func mayBeManifest(_ path: String) -> Bool {
        guard let text = head(of: path, bytes: 1 << 16) else { return true }
        return text.allSatisfy(\.isWhitespace) || text.prefix { $0 != "\n" }.contains("swift-tools-version")
            || text.contains("PackageDescription")
    }

    /// Whether a line of the first 64 KiB of the file at `path` starts by importing `ProjectDescription`
    /// (a manifest commented out, kept as a template, does not).
    private static func startsWithProjectDescription(_ path: String) -> Bool {
        guard let text = head(of: path, bytes: 1 << 16) else { return false }
        return text.split(whereSeparator: \.isNewline).contains { line in
            let code = line.drop { $0 == " " || $0 == "\t" }
            return code.hasPrefix("import ProjectDescription") || (code.hasPrefix("@") && code.contains(" import ProjectDescription"))
        }
    }

    /// The first `bytes` of the regular file at `path`, as text; nil when it is not one or cannot be read.
    /// Discovery only looks at what files say at their top, and never reads more of a checkout's file.
    private static func head(of path: String, bytes: Int) -> String? {
        guard FileStatus.isRegularFile(path), let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: bytes) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// A folder's entries, sorted by name: sub-folders (not links to folders) and other entries.
    private static func listing(_ folder: String) -> [(name: String, isFolder: Bool)] {
        let entries = (FolderEntries.list(folder, followingLink: true) ?? []).map { entry in
            // Some file systems do not say: ask, without following a link.
            (
                name: entry.name,
                isFolder: entry.kind.map { $0 == .folder } ?? FileStatus.isFolder(folder + "/" + entry.name, followingLinks: false)
            )
        }
        return entries.sorted { $0.name < $1.name }
    }

    /// The folder paths are shown relative to: the one folder given, or the
    /// folder all the paths share.
    public static func base(of paths: [String], currentDirectory: String) -> String {
        let folders = paths.compactMap { path -> String? in
            guard let resolved = canonical(path) else { return nil }
            if FileStatus.isFolder(resolved), !["xcodeproj", "xcworkspace"].contains(XcodePath.pathExtension(resolved)) { return resolved }
            return XcodePath.parent(resolved)
        }
        guard var common = folders.first?.split(separator: "/").map(String.init) else { return currentDirectory }
        for folder in folders.dropFirst() {
            let parts = folder.split(separator: "/").map(String.init)
            var count = 0
            while count < common.count, count < parts.count, common[count] == parts[count] { count += 1 }
            common = Array(common.prefix(count))
        }
        return "/" + common.joined(separator: "/")
    }

    /// The folder loaded for `base`: the nearest folder at or above it holding `.git` (a
    /// folder, or a file for a worktree or submodule), the repository's top; else `base`.
    static func root(containing base: String) -> String {
        var folder = base
        while true {
            if FileStatus.exists(XcodePath.join(folder, ".git")) { return folder }
            let parent = XcodePath.parent(folder)
            if parent == folder || folder == "/" || parent.isEmpty { return base }
            folder = parent
        }
    }

    /// The first component of `path` that discovery never enters, if any.
    private static func skippedComponent(of path: String) -> String? {
        path.split(separator: "/").map(String.init).first { skippedFolders.contains($0) }
    }

    static func canonical(_ path: String) -> String? {
        Paths.canonical(path)
    }
}
