import ModGraphCore
import ModGraphFix
import ModGraphRules
import ModGraphSources
import ModGraphXcode

/// Fixes of targets a Tuist `Project.swift` declares: edits of that manifest where the target is
/// written out in it (``TuistEditor``), the dependency written as check advises it
/// (``TuistDependency``: `.target(name:)`, `.project(target:path:)`, `.external(name:)`,
/// `.package(product:)`). A target a helper makes, a pod, a package of the repository's own
/// without a product keep their advice, with the reason.
extension FixPlanner {
    /// One edit of a Tuist manifest.
    struct TuistChange {
        let finding: Finding
        /// The manifest, absolute.
        let file: String
        let change: TuistEditor.Change
    }

    /// The edit a fix asks of the manifest that declares its target; a reason when it is not one fix makes.
    func tuistChange(for fix: DependencyFix, finding: Finding) -> Result<TuistChange, ManifestRefusal> {
        guard let file = loaded.repository.declarations[fix.target]?.file else {
            return .failure(ManifestRefusal(reason: "the manifest that declares the target is not known"))
        }
        switch fix {
        case let .remove(target, _, written):
            return .success(TuistChange(finding: finding, file: file, change: .remove(target: target.name, name: written)))
        case let .add(target, dependency):
            if loaded.graph.package(dependency.package)?.origin == .cocoapods {
                return .failure(ManifestRefusal(reason: Self.podReason))
            }
            guard let element = TuistDependency(dependency, of: target, in: loaded.graph) else {
                return .failure(
                    ManifestRefusal(
                        reason:
                            "package \"\(loaded.graph.packageReference(dependency.package))\" has no library product holding \"\(dependency.name)\": add one first"
                    ))
            }
            return .success(
                TuistChange(finding: finding, file: file, change: .add(target: target.name, written: element.written, name: element.name)))
        }
    }

    /// The changes of one manifest, made on its text one after another (each one's refusal kept with its finding).
    func tuistEdit(_ file: String, _ changes: [TuistChange]) -> (FixRun.FileEdit?, [FixRun.NotFixed]) {
        editing(
            XcodePath.lastComponent(file), in: XcodePath.parent(file), limit: TuistEditor.maximumBytes, changes.map { ($0.finding, $0) }
        ) {
            text, change throws(ManifestRefusal) in
            // The others for context: a function making several targets is edited for what all of them ask.
            let outcome = try TuistEditor(text).apply([change.change], asked: changes.map(\.change))
            if let refusal = outcome.refused.first { throw ManifestRefusal(reason: refusal.reason) }
            return outcome.text
        }
    }
}
