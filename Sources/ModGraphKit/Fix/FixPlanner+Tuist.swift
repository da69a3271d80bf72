import ModGraphCore
import ModGraphFix
import ModGraphRules
import ModGraphSources
import ModGraphTuist
import ModGraphXcode

/// Fixes of targets a Tuist `Project.swift` declares: edits of that manifest where the target is
/// written out in it (``TuistEditor``), the dependency written as check advises it
/// (``TuistDependency``: `.target(name:)`, `.project(target:path:)`, `.external(name:)`,
/// `.package(product:)`). Of a target a helper makes, a dependency is removed at the line the
/// evaluator made it at, or added beside another of its dependencies, when the manifest evaluated
/// before and after the edit differs by that dependency alone (``atItsLine(_:_:dependency:reader:)``).
/// A pod, a package of the repository's own without a product keep their advice, with the reason.
extension FixPlanner {
    /// One edit of a Tuist manifest.
    struct TuistChange {
        let finding: Finding
        /// The manifest, absolute.
        let file: String
        let change: TuistEditor.Change
        /// The dependency added or taken out, as the graph names it.
        var dependency: TargetID? = nil
    }

    /// The edit a fix asks of the manifest that declares its target; a reason when it is not one fix makes.
    /// - Parameter listed: the packages of the repository's own Tuist's package list names (``Repository/generatorPackageNames()``).
    func tuistChange(for fix: DependencyFix, finding: Finding, listed: [PackageIdentity: String]?) -> Result<TuistChange, ManifestRefusal> {
        guard let file = loaded.repository.declarations[fix.target]?.file else {
            return .failure(ManifestRefusal(reason: "the manifest that declares the target is not known"))
        }
        switch fix {
        case let .remove(target, dependency, written):
            return .success(
                TuistChange(finding: finding, file: file, change: .remove(target: target.name, name: written), dependency: dependency))
        case let .add(target, dependency):
            if loaded.graph.package(dependency.package)?.origin == .cocoapods {
                return .failure(ManifestRefusal(reason: Self.podReason))
            }
            guard let element = TuistDependency(dependency, of: target, in: loaded.graph, listed: Set((listed ?? [:]).keys)) else {
                return .failure(
                    ManifestRefusal(
                        reason:
                            "package \"\(loaded.graph.packageReference(dependency.package))\" has no library product holding \"\(dependency.name)\": add one first"
                    ))
            }
            return .success(
                TuistChange(
                    finding: finding, file: file, change: .add(target: target.name, written: element.written, name: element.name),
                    dependency: dependency))
        }
    }

    /// The changes of one manifest, made on its text one after another (each one's refusal kept with its finding).
    func tuistEdit(_ file: String, _ changes: [TuistChange]) -> (FixRun.FileEdit?, [FixRun.NotFixed]) {
        let reader = Self.verifyingReader()
        defer { reader.finish() }
        return editing(
            XcodePath.lastComponent(file), in: XcodePath.parent(file), limit: TuistEditor.maximumBytes, changes.map { ($0.finding, $0) }
        ) {
            text, change throws(ManifestRefusal) in
            // The others for context: a function making several targets is edited for what all of them ask.
            let outcome = try TuistEditor(text).apply([change.change], asked: changes.map(\.change))
            guard let refusal = outcome.refused.first else { return outcome.text }
            guard let dependency = change.dependency else { throw ManifestRefusal(reason: refusal.reason) }
            do throws(ManifestRefusal) {
                return try atItsLine(text, change, dependency: dependency, reader: reader)
            } catch {
                throw ManifestRefusal(reason: refusal.reason + "; \(error.reason)")
            }
        }
    }

    /// `change` made where the manifest makes the target's dependencies, for a target a helper makes: a removal takes out
    /// the one array element at the line the evaluator made the dependency at; an addition appends the dependency to the
    /// array of another of the target's dependencies. Kept only when the manifest evaluated from its text before and
    /// after the edit differs by that dependency of that target alone: an element or array that also makes another
    /// target's dependencies, or the target itself, is refused.
    func atItsLine(_ text: String, _ change: TuistChange, dependency: TargetID, reader: TuistReader) throws(ManifestRefusal) -> String {
        let root = loaded.repository.inputs.root
        guard let before = reader.evaluatedProject(text, at: change.file, root: root),
            let index = before.targets.firstIndex(where: { $0.name == change.change.target })
        else { throw ManifestRefusal(reason: "the manifest cannot be evaluated from its text, which finds where a helper makes it") }
        let dependencies = before.targets[index].dependencies
        let named = dependencies.indices.filter { Self.name(of: dependencies[$0].reference) == dependency.name }
        var expected = before.targets.map(TargetShape.init)
        let candidates: [(line: Int, edit: () throws(ManifestRefusal) -> String)]
        switch change.change {
        case .remove:
            guard named.count == 1, let only = named.first, let line = dependencies[only].line else {
                throw ManifestRefusal(reason: "the evaluated manifest makes it \(named.count) times or at no line: edit it by hand")
            }
            expected[index].dependencies.remove(at: only)
            candidates = [(line, { () throws(ManifestRefusal) in try TuistEditor(text).removingElement(at: line) })]
        case let .add(_, written, _):
            // Beside each other dependency the target has at a line of its own, in the manifest's order, until one is only this target's.
            let lines = Array(Set(dependencies.compactMap { $0.line })).sorted().prefix(4)
            guard named.isEmpty, !lines.isEmpty else {
                throw ManifestRefusal(reason: "the evaluated target has no dependency at a line of the manifest to add it beside")
            }
            candidates = lines.map { line in
                (line, { () throws(ManifestRefusal) in try TuistEditor(text).addingElement(written, besideTheElementAt: line) })
            }
        }
        var reason = ""
        for candidate in candidates {
            do throws(ManifestRefusal) {
                let edited = try candidate.edit()
                if let after = reader.evaluatedProject(edited, at: change.file, root: root),
                    Self.differsOnly(after, from: before, expected, index, adding: dependency)
                {
                    return edited
                }
                reason = "line \(candidate.line), where a helper makes a dependency of it, makes more than this target's: edit it by hand"
            } catch {
                reason = error.reason
            }
        }
        throw ManifestRefusal(reason: reason)
    }

    /// Whether `after` is `before` with `expected` targets: for an addition, the target at `index` with one dependency more,
    /// on `added`, wherever the helper puts it.
    static func differsOnly(
        _ after: XcodeProject, from before: XcodeProject, _ expected: [TargetShape], _ index: Int, adding added: TargetID
    ) -> Bool {
        guard after.name == before.name, after.packageReferences == before.packageReferences else { return false }
        var shapes = after.targets.map(TargetShape.init)
        guard shapes.count == expected.count else { return false }
        if shapes[index].dependencies.count == expected[index].dependencies.count + 1 {
            guard
                let new = shapes[index].dependencies.indices.first(where: { position in
                    var without = shapes[index].dependencies
                    without.remove(at: position)
                    return without == expected[index].dependencies
                }), name(of: shapes[index].dependencies[new].reference) == added.name
            else { return false }
            shapes[index].dependencies.remove(at: new)
        }
        return shapes == expected
    }

    /// A reader that evaluates manifests from their text only, for ``atItsLine(_:_:dependency:reader:)``.
    static func verifyingReader() -> TuistReader {
        TuistReader(options: TuistOptions(cacheFolder: nil, runsManifests: false, evaluatesStatically: true))
    }

    /// The target or product a dependency names.
    static func name(of reference: XcodeDependency.Reference) -> String? {
        switch reference {
        case let .target(id, name, _): name ?? id
        case let .packageProduct(product): product.name
        default: nil
        }
    }

    /// What a target is, less where it is written (an edit moves the lines after it).
    struct TargetShape: Equatable {
        let name: String
        let kind: XcodeTargetKind
        let names: [String]
        let files: [[String]]
        let folders: [XcodeSynchronizedFolder]
        /// Compared without their lines (``XcodeDependency``'s equality).
        var dependencies: [XcodeDependency]

        init(_ target: XcodeTarget) {
            name = target.name
            kind = target.kind
            names = [target.productName, target.moduleName]
            files = [target.sources, target.resources, target.platforms]
            folders = target.synchronizedFolders
            dependencies = target.dependencies
        }
    }
}
