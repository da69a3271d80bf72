import Foundation
import ModGraphCore
import ModGraphFix
import ModGraphManifest
import ModGraphOutput
import ModGraphRules
import ModGraphSystem
import ModGraphXcode

/// Turns findings into the edits of the manifests that declare their targets:
/// each finding's ``DependencyFix`` as a ``ManifestEditor/Change`` (the element
/// written as the manifest writes dependencies), grouped by manifest, with the
/// package-level entries a new product needs (a local package by its path from
/// this one, a remote one as another manifest of the workspace declares it).
/// A finding it cannot turn into an edit is kept with the reason.
struct FixPlanner {
    let loaded: LoadedGraph
    /// Files are read and written below this folder only.
    let root: String
    /// Additions the configuration's graph rules would fail, by finding (``breaking(_:in:config:)``): each is left
    /// with the error it would make, once its edit is known to be one fix makes (else with the reason it is not).
    var breaking: [String: Finding] = [:]

    /// Whether `finding`'s addition is held back for the error it would make (then said in `notFixed`).
    private func held(_ finding: Finding, _ notFixed: inout [FixRun.NotFixed]) -> Bool {
        guard let error = breaking[finding.fingerprint] else { return false }
        notFixed.append(FixRun.NotFixed(finding: finding, reason: Self.breakingReason(error)))
        return true
    }

    /// The edits, by manifest path, and the findings left as they are.
    mutating func plan(_ findings: [Finding]) -> ([FixRun.FileEdit], [FixRun.NotFixed]) {
        var notFixed: [FixRun.NotFixed] = []
        var byPackage: [PackageIdentity: [(finding: Finding, change: ManifestEditor.Change)]] = [:]
        var byProject: [PackageIdentity: [(finding: Finding, edit: ProjectChange)]] = [:]
        var bySpec: [String: [SpecChange]] = [:]
        var byTuistManifest: [String: [TuistChange]] = [:]
        var specPackageNames: [PackageIdentity: [PackageIdentity: String]]?
        for finding in findings {
            guard let fix = finding.fix else { continue }
            // A target of a Tuist project is edited in the Project.swift that declares it.
            if loaded.graph.package(fix.target.package)?.isTuistProject == true {
                if specPackageNames == nil { specPackageNames = loaded.repository.generatorPackageNames() }
                switch tuistChange(for: fix, finding: finding, listed: specPackageNames?[fix.target.package]) {
                case let .success(change) where !held(finding, &notFixed): byTuistManifest[change.file, default: []].append(change)
                case .success: continue
                case let .failure(refusal): notFixed.append(FixRun.NotFixed(finding: finding, reason: refusal.reason))
                }
                continue
            }
            // A target of an XcodeGen spec is edited in the spec's file that declares it.
            if loaded.graph.package(fix.target.package)?.isXcodeGenProject == true {
                if specPackageNames == nil { specPackageNames = loaded.repository.generatorPackageNames() }
                switch specChange(for: fix, finding: finding, packageNames: specPackageNames?[fix.target.package]) {
                case let .success(change) where !held(finding, &notFixed): bySpec[change.file, default: []].append(change)
                case .success: continue
                case let .failure(refusal): notFixed.append(FixRun.NotFixed(finding: finding, reason: refusal.reason))
                }
                continue
            }
            // A dependency of an Xcode project's target is edited in the project file.
            if let package = loaded.graph.package(fix.target.package), package.origin == .project, !package.isGeneratedProject {
                switch projectChange(for: fix) {
                case let .success(edit) where !held(finding, &notFixed): byProject[fix.target.package, default: []].append((finding, edit))
                case .success: continue
                case let .failure(refusal): notFixed.append(FixRun.NotFixed(finding: finding, reason: refusal.reason))
                }
                continue
            }
            switch change(for: fix) {
            case let .success(change) where !held(finding, &notFixed): byPackage[fix.target.package, default: []].append((finding, change))
            case .success: continue
            case let .failure(refusal): notFixed.append(FixRun.NotFixed(finding: finding, reason: refusal.reason))
            }
        }
        var edits: [FixRun.FileEdit] = []
        // Read from the workspace's manifests once, and only when a product's package needs an entry.
        var known: [ManifestEditor.PackageEntry]?
        for identity in byPackage.keys.sorted() {
            let (edit, left) = manifestEdit(identity, byPackage[identity] ?? [], known: &known)
            if let edit { edits.append(edit) }
            notFixed += left
        }
        for file in bySpec.keys.sorted() {
            let (edit, left) = specEdit(file, bySpec[file] ?? [])
            if let edit { edits.append(edit) }
            notFixed += left
        }
        for file in byTuistManifest.keys.sorted() {
            let (edit, left) = tuistEdit(file, byTuistManifest[file] ?? [])
            if let edit { edits.append(edit) }
            notFixed += left
        }
        for identity in byProject.keys.sorted() {
            let (edit, left) = projectEdit(identity, byProject[identity] ?? [])
            if let edit { edits.append(edit) }
            notFixed += left
        }
        return (edits.sorted { $0.path < $1.path }, notFixed)
    }

    /// The edit of one package's `Package.swift` that makes `planned`'s
    /// changes, and the findings it leaves with the reason: the package's
    /// folder missing, a `Package@swift-` variant beside it, a manifest that
    /// cannot be read or edited. `known` is the workspace's package entries, read once.
    private func manifestEdit(
        _ identity: PackageIdentity, _ planned: [(finding: Finding, change: ManifestEditor.Change)],
        known: inout [ManifestEditor.PackageEntry]?
    ) -> (FixRun.FileEdit?, [FixRun.NotFixed]) {
        func refused(_ reason: String) -> (FixRun.FileEdit?, [FixRun.NotFixed]) {
            (nil, planned.map { FixRun.NotFixed(finding: $0.finding, reason: reason) })
        }
        guard let directory = loaded.workspace.packages[identity]?.directory else {
            return refused("its package's folder is not on this machine")
        }
        if let names = try? FileManager.default.contentsOfDirectory(atPath: directory),
            let variant = names.sorted().first(where: { $0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift") })
        {
            return refused("the package also has \(variant), which a toolchain may read instead of Package.swift: edit the one it reads")
        }
        let relative: String
        let text: String
        switch read("Package.swift", in: directory, limit: ManifestEditor.maximumBytes) {
        case let .success(file): (relative, text) = file
        case let .failure(refusal): return refused(refusal.reason)
        }
        let entries = packageEntries(for: planned.map(\.change), in: directory, known: &known)
        do throws(ManifestRefusal) {
            // The packages the manifest declares, as its dump or evaluation says, however it is written.
            let dependencies = loaded.workspace.packages[identity]?.manifest?.dependencies ?? []
            let declared = Set(dependencies.flatMap { [$0.identity.rawValue] + ($0.explicitName.map { [$0.lowercased()] } ?? []) })
            let outcome = try ManifestEditor(text).apply(planned.map(\.change), packages: entries, declared: declared)
            var left: [FixRun.NotFixed] = []
            for (change, reason) in outcome.refused {
                left += planned.filter { $0.change == change }.map { FixRun.NotFixed(finding: $0.finding, reason: reason) }
            }
            let edit =
                outcome.text == text
                ? nil : FixRun.FileEdit(path: relative, old: text, new: outcome.text, packagesAdded: outcome.packagesAdded)
            return (edit, left)
        } catch {
            return refused("\(relative): \(error.reason)")
        }
    }

    /// Why a pod a target imports is not added: the Podfile declares it, and fix does not edit Podfiles.
    static let podReason = "a pod, which the Podfile declares: fix does not edit Podfiles yet; make the edit the finding says"

    /// An edit of an Xcode target's dependencies: one to remove as written, or a package's product to add.
    enum ProjectChange {
        case remove(target: String, written: String)
        /// `heldLocally`: another target of the project already uses a product of the package without
        /// naming a reference to it (a local package in a folder of the project, before Xcode 15).
        case addProduct(target: String, product: String, package: PackageIdentity, heldLocally: Bool)
        /// Another target of the same project: a target dependency, linked (and embedded) where its product needs it.
        case addTarget(target: String, dependency: String)
    }

    /// The edit a fix asks of an Xcode project; a reason when it is not one fix makes.
    private func projectChange(for fix: DependencyFix) -> Result<ProjectChange, ManifestRefusal> {
        switch fix {
        case let .remove(target, _, written):
            return .success(.remove(target: target.name, written: written))
        case let .add(target, dependency):
            let graph = loaded.graph
            if graph.package(dependency.package)?.origin == .cocoapods {
                return .failure(ManifestRefusal(reason: Self.podReason))
            }
            if dependency.package == target.package { return .success(.addTarget(target: target.name, dependency: dependency.name)) }
            // A framework the project links by file that no target of the workspace builds (the loader's
            // `<project>-prebuilt` node, AltStore's Roxas from an uninitialised submodule) is no package's product.
            if let owner = graph.package(dependency.package), !owner.isLoaded, owner.name.hasSuffix(" (prebuilt)") {
                return .failure(
                    ManifestRefusal(
                        reason:
                            "\"\(dependency.name)\" is a framework the project links by file, which no target of the workspace builds: link it in Xcode"
                    ))
            }
            guard let owner = graph.package(dependency.package), [.root, .local, .remote, .registry].contains(owner.origin) else {
                return .failure(
                    ManifestRefusal(
                        reason:
                            "fix adds packages' products and targets of the same project to an Xcode target, not a target of another project: make the edit the finding says in Xcode"
                    ))
            }
            guard let product = graph.productName(reaching: dependency) else {
                return .failure(
                    ManifestRefusal(
                        reason:
                            "package \"\(graph.packageReference(dependency.package))\" has no library product holding \"\(dependency.name)\": add one first"
                    ))
            }
            let packageOf = { (index: Int) in graph.targets[index].id.package }
            let heldLocally = graph.edgeEnds.contains { packageOf($0.from) == target.package && packageOf($0.to) == dependency.package }
            return .success(.addProduct(target: target.name, product: product, package: dependency.package, heldLocally: heldLocally))
        }
    }

    /// The edits of one Xcode project's `project.pbxproj`, made one after another on its text.
    private func projectEdit(
        _ identity: PackageIdentity, _ changes: [(finding: Finding, edit: ProjectChange)]
    ) -> (FixRun.FileEdit?, [FixRun.NotFixed]) {
        guard let path = loaded.graph.package(identity)?.path else {
            return (nil, changes.map { FixRun.NotFixed(finding: $0.finding, reason: "the project's path is not known") })
        }
        let folder = Paths.absolute(path, relativeTo: loaded.repository.inputs.base)
        return editing("project.pbxproj", in: folder, limit: OpenStepParser.maximumBytes, changes.map { ($0.finding, $0.edit) }) {
            text, edit throws(ManifestRefusal) in
            switch edit {
            case let .remove(target, written): try ProjectEditor(text).removing(written, from: target)
            case let .addProduct(target, product, package, heldLocally):
                try ProjectEditor(text).adding(product: product, of: package, to: target, heldLocally: heldLocally)
            case let .addTarget(target, dependency): try ProjectEditor(text).adding(targetDependency: dependency, to: target)
            }
        }
    }

    /// `changes` made one after another on the text of the file `name` in `folder`, read below ``root``: the
    /// file's edit (nil when nothing changed), and each change `apply` refused, with the file and the reason.
    func editing<Change>(
        _ name: String, in folder: String, limit: Int, _ changes: [(finding: Finding, change: Change)],
        apply: (String, Change) throws(ManifestRefusal) -> String
    ) -> (FixRun.FileEdit?, [FixRun.NotFixed]) {
        let relative: String
        let text: String
        switch read(name, in: folder, limit: limit) {
        case let .success(file): (relative, text) = file
        case let .failure(refusal): return (nil, changes.map { FixRun.NotFixed(finding: $0.finding, reason: refusal.reason) })
        }
        var current = text
        var notFixed: [FixRun.NotFixed] = []
        for (finding, change) in changes {
            do throws(ManifestRefusal) {
                current = try apply(current, change)
            } catch {
                notFixed.append(FixRun.NotFixed(finding: finding, reason: "\(relative): \(error.reason)"))
            }
        }
        let edit = current == text ? nil : FixRun.FileEdit(path: relative, old: text, new: current, packagesAdded: [])
        return (edit, notFixed)
    }

    /// The change a fix asks of a package's manifest; a reason when it is not one fix makes.
    private func change(for fix: DependencyFix) -> Result<ManifestEditor.Change, ManifestRefusal> {
        let graph = loaded.graph
        guard let package = graph.package(fix.target.package) else {
            return .failure(ManifestRefusal(reason: "its package is not in the graph"))
        }
        guard package.origin == .root || package.origin == .local else {
            let kind =
                package.isXcodeGenProject ? "an XcodeGen spec" : package.origin == .cocoapods ? "a Podfile" : "an Xcode project"
            return .failure(
                ManifestRefusal(reason: "its target is declared in \(kind), which fix does not edit yet: make the edit the finding says"))
        }
        switch fix {
        case let .remove(target, _, written):
            return .success(.remove(target: target.name, written: written))
        case let .add(target, dependency):
            if dependency.package == target.package { return .success(.add(target: target.name, element: .target(dependency.name))) }
            guard let product = graph.productName(reaching: dependency) else {
                return .failure(
                    ManifestRefusal(
                        reason:
                            "package \"\(graph.packageReference(dependency.package))\" has no library product holding \"\(dependency.name)\": add one first"
                    ))
            }
            return .success(
                .add(target: target.name, element: .product(name: product, package: graph.packageReference(dependency.package))))
        }
    }

    /// The file `name` in `folder`, read below ``root`` (the folder's real path, the file's own name: a
    /// file that is a link is refused), with its path from ``root``; a reason when it is outside the
    /// repository, missing, larger than `limit`, reached through a link, or not UTF-8.
    func read(_ name: String, in folder: String, limit: Int) -> Result<(relative: String, text: String), ManifestRefusal> {
        let file = Paths.absolute(name, relativeTo: Paths.canonical(folder) ?? folder)
        let relative = Paths.relative(file, from: root)
        guard relative != "..", !relative.hasPrefix("../") else {
            return .failure(ManifestRefusal(reason: "\(file) is outside the repository, which fix does not write"))
        }
        guard let bytes = ConfinedFiles.read(relative, in: root, limit: limit), let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(
                ManifestRefusal(
                    reason: "\(relative) cannot be read as UTF-8 text below the repository (missing, too large, or reached through a link)")
            )
        }
        return .success((relative, text))
    }

    /// How a manifest in `directory` declares each package a product of which `changes` add:
    /// a package of the workspace on disk by its path from here, else as another own manifest declares
    /// it (`known`, read on first need).
    private func packageEntries(
        for changes: [ManifestEditor.Change], in directory: String, known: inout [ManifestEditor.PackageEntry]?
    ) -> [String: ManifestEditor.PackageEntry] {
        var entries: [String: ManifestEditor.PackageEntry] = [:]
        let here = Paths.canonical(directory) ?? directory
        for change in changes {
            guard case let .add(_, .product(_, reference)) = change, entries[reference] == nil else { continue }
            let identity = PackageIdentity(reference.lowercased())
            let package = loaded.workspace.packages[identity]
            if let package, package.origin == .local || package.origin == .root, let other = package.directory {
                let path = Paths.relative(Paths.canonical(other) ?? other, from: here)
                entries[reference] = ManifestEditor.PackageEntry(
                    names: [reference, identity.rawValue], entry: ".package(path: \(Escape.swiftString(path)))")
            } else {
                if known == nil { known = knownPackages() }
                if let entry = known?.first(where: { $0.names.contains { $0.lowercased() == identity.rawValue } }) {
                    entries[reference] = entry
                }
            }
        }
        return entries
    }

    /// The package-level dependencies the workspace's own manifests declare, read below the repository.
    private func knownPackages() -> [ManifestEditor.PackageEntry] {
        var entries: [ManifestEditor.PackageEntry] = []
        for identity in loaded.workspace.packages.keys.sorted() {
            guard let package = loaded.workspace.packages[identity], package.origin == .local || package.origin == .root,
                let directory = package.directory,
                case let .success(file) = read("Package.swift", in: directory, limit: ManifestEditor.maximumBytes)
            else { continue }
            entries += ManifestEditor.declaredPackages(file.text)
        }
        return entries
    }
}
