import ModGraphCore
import ModGraphFix
import ModGraphRules
import ModGraphXcode

/// Fixes of targets an XcodeGen spec declares: edits of the file that writes the target (the spec or a
/// file it includes), at the lines the load found (``SpecEditor``). A dependency is added as the spec
/// writes them: `- target: Name` for a target of the same spec, `- package:` with the name the spec's
/// `packages:` gives the package (and `product:` when the product is named otherwise).
extension FixPlanner {
    /// One edit of a spec's file.
    struct SpecChange {
        enum Kind {
            case remove(written: String, line: Int)
            case add([(key: String, value: String)])
        }

        let finding: Finding
        /// The file, absolute, and the line of the target's key in it.
        let file: String
        let targetLine: Int
        let kind: Kind
    }

    /// The edit a fix asks of the spec that declares its target; a reason when it is not one fix makes.
    /// - Parameter packageNames: the names the spec gives its packages (``Repository/generatorPackageNames()``).
    func specChange(for fix: DependencyFix, finding: Finding, packageNames: [PackageIdentity: String]?) -> Result<SpecChange, ManifestRefusal> {
        let graph = loaded.graph
        guard let declared = loaded.repository.declarations[fix.target], let targetLine = declared.target else {
            return .failure(ManifestRefusal(reason: "where the spec declares the target is not known"))
        }
        switch fix {
        case let .remove(_, _, written):
            guard let line = declared.dependencies[written] else {
                return .failure(ManifestRefusal(reason: "where the spec declares \"\(written)\" is not known"))
            }
            if let other = declared.files[written], other != declared.file {
                return .failure(
                    ManifestRefusal(reason: "the dependency on \"\(written)\" comes from a template in \(DisplayPath.of(other)): edit it by hand"))
            }
            return .success(SpecChange(finding: finding, file: declared.file, targetLine: targetLine, kind: .remove(written: written, line: line)))
        case let .add(target, dependency):
            if dependency.package == target.package {
                return .success(SpecChange(finding: finding, file: declared.file, targetLine: targetLine, kind: .add([("target", dependency.name)])))
            }
            if graph.package(dependency.package)?.origin == .cocoapods {
                return .failure(ManifestRefusal(reason: Self.podReason))
            }
            guard let owner = graph.package(dependency.package), [.root, .local, .remote, .registry].contains(owner.origin) else {
                return .failure(ManifestRefusal(reason: "a target of another project goes through projectReferences: make the edit the finding says"))
            }
            guard let name = packageNames?[dependency.package] else {
                return .failure(
                    ManifestRefusal(
                        reason: "the spec's packages: does not declare \"\(graph.packageReference(dependency.package))\": add it there first, then run fix again"))
            }
            guard let product = graph.productName(reaching: dependency) else {
                return .failure(ManifestRefusal(reason: "package \"\(name)\" has no library product holding \"\(dependency.name)\": add one first"))
            }
            let fields = [("package", name)] + (product == name ? [] : [("product", product)])
            return .success(SpecChange(finding: finding, file: declared.file, targetLine: targetLine, kind: .add(fields)))
        }
    }

    /// The changes of one spec file, made on its text one after another: the targets written last first, and
    /// within a target its removals (from the last line up) before its additions, so that no edit moves a line
    /// another still has to find.
    func specEdit(_ file: String, _ changes: [SpecChange]) -> (FixRun.FileEdit?, [FixRun.NotFixed]) {
        func order(_ change: SpecChange) -> (Int, Int, Int) {
            switch change.kind {
            case let .remove(_, line): (change.targetLine, 1, line)
            case .add: (change.targetLine, 0, 0)
            }
        }
        let ordered = changes.sorted { order($0) > order($1) }.map { ($0.finding, $0) }
        return editing(XcodePath.lastComponent(file), in: XcodePath.parent(file), limit: SpecEditor.maximumBytes, ordered) {
            text, change throws(ManifestRefusal) in
            switch change.kind {
            case let .remove(written, line): try SpecEditor(text).removing(itemAt: line, written: written, targetLine: change.targetLine)
            case let .add(fields): try SpecEditor(text).adding(fields, toTargetAt: change.targetLine)
            }
        }
    }
}
