import ModGraphCore
import ModGraphManifest
import ModGraphOutput
import ModGraphXcode

/// Everything a load found and built: the packages (with their manifests),
/// the Xcode projects, one graph of both, and where each target's files are.
public struct Repository: Sendable {
    public let inputs: RepositoryInputs
    public let workspace: Workspace
    public let projects: [XcodeProject]
    /// The whole graph, before any build environment restricts it.
    public let graph: ModuleGraph
    /// Where the files of each target on disk are, for the source checks and
    /// weights: worked out when first asked for (a walk of every target's
    /// folder, which `graph` and `check` without `sources:` never pay).
    public var targetFiles: [TargetID: TargetFiles] { files.value }
    private let files: OnDemand<[TargetID: TargetFiles]>
    /// Things the user should know that did not stop the load, one line each, each once.
    public let warnings: [LoadWarning]
    /// Where each Xcode target and its dependencies are written in its `project.pbxproj`.
    public let declarations: [TargetID: DeclarationLines]
    /// The packages, projects and folders the load left out (``RepositoryInputs/exclusions``), absolute.
    public let excluded: [String]
    /// Tuist's package lists (their `Tuist` folders) → the folders of the local packages each names: where a
    /// manifest's `.external(name:)` was found (``RepositoryLoader/tuistPackageLists(of:root:)``).
    public internal(set) var tuistPackageLists: [String: [String]] = [:]
    /// The modules each Xcode target may import without declaring them: the pods it sees through
    /// CocoaPods' `inherit! :search_paths`, which its host links.
    public internal(set) var searchPaths: [TargetID: [TargetID]] = [:]
    /// The compilation conditions its settings set (true) or leave unset (false) for each Xcode target, where known.
    public internal(set) var conditions: [TargetID: [String: Bool]] = [:]
    /// What each Xcode target embeds in its product (*Embed Frameworks*), imported or not.
    public internal(set) var embedded: [TargetID: Set<TargetID>] = [:]

    init(
        inputs: RepositoryInputs, workspace: Workspace, projects: [XcodeProject], graph: ModuleGraph,
        targetFiles: @escaping @autoclosure () -> [TargetID: TargetFiles], warnings: [LoadWarning],
        declarations: [TargetID: DeclarationLines] = [:], excluded: [String] = []
    ) {
        self.inputs = inputs
        self.workspace = workspace
        self.projects = projects
        self.graph = graph
        self.files = OnDemand(targetFiles)
        self.warnings = warnings
        self.declarations = declarations
        self.excluded = excluded
    }

    /// For each project read from an XcodeGen spec, by its identity in the graph, the names the spec's `packages:`
    /// gives packages (``XcodeProject/packageNames``): what a `- package:` line writes, in `check`'s advice and `fix`'s edits.
    /// For each project read from a Tuist manifest, the packages of the repository Tuist's package list names
    /// (``tuistPackageLists``), by their manifests' names: a product of one is `.external(name:)` there, not
    /// `.package(product:)`, which would need the project's own `packages:` to list it.
    ///
    /// - Complexity: O(T + K × S + P) in the targets declared, the projects, the specs and the packages.
    public func generatorPackageNames() -> [PackageIdentity: [PackageIdentity: String]] {
        let specs = projects.filter(\.isXcodeGenSpec)
        let listed = Set(tuistPackageLists.values.joined())
        var listedNames: [PackageIdentity: String] = [:]
        for package in workspace.packages.values where package.directory.map(listed.contains) == true {
            listedNames[package.identity] = package.manifest?.name ?? package.identity.rawValue
        }
        guard !specs.isEmpty || !listedNames.isEmpty else { return [:] }
        var names: [PackageIdentity: [PackageIdentity: String]] = [:]
        var asked: Set<PackageIdentity> = []
        for (target, lines) in declarations where asked.insert(target.package).inserted {
            if let project = specs.first(where: { $0.declarationFiles.contains(lines.file) }) {
                names[target.package] = project.packageNames
            } else if !listedNames.isEmpty, graph.package(target.package)?.isTuistProject == true {
                names[target.package] = listedNames
            }
        }
        return names
    }

    /// What the graph is of, for titles: the one workspace's name, else the
    /// one root package's or project's, else the folder's.
    public var name: String {
        if inputs.workspaces.count == 1, let workspace = inputs.workspaces.first {
            return XcodePath.baseName(workspace)
        }
        let roots = workspace.roots.compactMap { workspace.packages[$0] }
        if projects.isEmpty, roots.count == 1, let root = roots.first {
            return root.manifest?.name ?? root.identity.rawValue
        }
        if roots.isEmpty, projects.count == 1, let project = projects.first {
            return project.name
        }
        return XcodePath.lastComponent(inputs.base)
    }

    /// What was found, in one line: `2 projects (14 targets) in App.xcworkspace, 5 packages (31 targets)`.
    public var summary: String {
        var parts: [String] = []
        let projectIdentities = Set(graph.packages.filter { $0.origin == .project }.map(\.identity))
        let packageIdentities = Set(graph.packages.filter { ($0.origin == .root || $0.origin == .local) && $0.isLoaded }.map(\.identity))
        let xcodeTargets = graph.targets.count { projectIdentities.contains($0.package) }
        let packageTargets = graph.targets.count { packageIdentities.contains($0.package) }
        if !inputs.workspaces.isEmpty {
            parts.append(
                Counted.text(inputs.workspaces.count, "workspace") + " ("
                    + inputs.workspaces.map { Paths.relative($0, from: inputs.base) }.joined(separator: ", ") + ")")
        }
        if !projectIdentities.isEmpty {
            parts.append(Counted.text(projectIdentities.count, "project") + " (" + Counted.text(xcodeTargets, "target") + ")")
        }
        if !packageIdentities.isEmpty {
            parts.append(Counted.text(packageIdentities.count, "package") + " (" + Counted.text(packageTargets, "target") + ")")
        }
        var summary = "found " + (parts.isEmpty ? "nothing" : parts.joined(separator: ", "))
        if !inputs.exclusions.isEmpty {
            let named =
                excluded.prefix(3).map { Paths.relative($0, from: inputs.base) }.joined(separator: ", ")
                + (excluded.count > 3 ? " and \(excluded.count - 3) more" : "")
            summary +=
                "; left out by exclude (" + inputs.exclusions.patterns.joined(separator: ", ") + "): "
                + (excluded.isEmpty ? "nothing matched" : named)
        }
        return summary
    }

    /// The projects and workspaces a package folder given holds but that were not loaded
    /// (``RepositoryInputs/unsearched``), in one line; `nil` when there are none.
    public var unsearchedNote: String? {
        guard let (named, them) = named(inputs.unsearched) else { return nil }
        return "not loaded: \(named), in a package's folder, which is not searched; name \(them) as a PATH to include \(them)"
    }

    /// The XcodeGen specs by another name the search found and did not load (``RepositoryInputs/otherSpecs``),
    /// in one line; `nil` when there are none.
    public var otherSpecsNote: String? {
        guard let (named, them) = named(inputs.otherSpecs) else { return nil }
        let kind = inputs.otherSpecs.count == 1 ? "an XcodeGen spec" : "XcodeGen specs"
        return
            "not loaded: \(named), \(kind) not named project.yml, which XcodeGen reads only with --spec; name \(them) as a PATH to load \(them)"
    }

    /// What the search left out that the user may have meant, one line each: projects in a package's folder,
    /// projects and packages no workspace lists, XcodeGen specs by another name.
    public var searchNotes: [String] { [unsearchedNote, unlistedNote, otherSpecsNote].compactMap { $0 } }

    /// The first five of `paths` relative to the base and how many more, with the pronoun for them; nil for none.
    private func named(_ paths: [String]) -> (named: String, them: String)? {
        guard !paths.isEmpty else { return nil }
        let named =
            paths.prefix(5).map { Paths.relative($0, from: inputs.base) }.joined(separator: ", ")
            + (paths.count > 5 ? " and \(paths.count - 5) more" : "")
        return (named, paths.count == 1 ? "it" : "them")
    }

    /// The projects and package folders beside a workspace that it does not list and that no project or
    /// package loaded refers to, so that they are not in the graph (absolute, in the order found). One
    /// that a listed project refers to (omniedge-iOS: the app's project lists none of its libraries'
    /// projects but refers to each, and each refers to local packages) is loaded, and is not named.
    public var unlisted: [String] {
        let notListed = inputs.notListed
        guard !notListed.isEmpty else { return [] }
        let loaded = Set(projects.map(\.path) + workspace.packages.values.compactMap(\.directory))
        return notListed.filter { !loaded.contains($0) }
    }

    /// The projects and packages beside a workspace that are not loaded (``unlisted``), in one line;
    /// `nil` when there are none. Worth saying without `--verbose`: the graph the user meant may hold them.
    public var unlistedNote: String? {
        guard let (named, them) = named(unlisted) else { return nil }
        let workspaces = inputs.workspaces.map { Paths.relative($0, from: inputs.base) }
        let listing =
            workspaces.count == 1 ? "not listed by \(workspaces[0])" : "listed by none of the \(workspaces.count) workspaces loaded"
        return "not loaded: \(named), \(listing); name \(them) as a PATH to include \(them)"
    }

    /// Every project and package loaded, one line each, for `--verbose`.
    public var details: [String] {
        let projectLines = graph.packages.filter { $0.origin == .project }.map { package in
            "project \(package.path ?? package.name): "
                + Counted.text(graph.targets.count { $0.package == package.identity }, "target")
        }
        let packageLines = graph.packages.filter { ($0.origin == .root || $0.origin == .local) && $0.isLoaded }.map { package in
            "package \(package.path ?? package.name) (\(package.origin.rawValue)): "
                + Counted.text(graph.targets.count { $0.package == package.identity }, "target")
        }
        let unlisted = self.unlisted.map { "passed over: \($0): not listed by the workspace; name it as a PATH to include it" }
        return projectLines + packageLines + unlisted + inputs.passedOver.map { "passed over: " + $0 }
    }
}
