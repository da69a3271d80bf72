import ModGraphCore
import ModGraphOutput

/// `modgraph affected` for people: the count, each target with why it is
/// in, the test targets to run, and what each changed file did.
public enum AffectedText {
    public static func render(_ report: AffectedReport) -> String {
        let selection = report.selection
        var lines: [String] = []
        let against = report.base.map { " against \(Escape.text($0))" } ?? ""
        let files = "\(report.files.count) changed file\(report.files.count == 1 ? "" : "s")"
        if let everything = selection.everything {
            lines.append(
                "affected: everything, \(selection.targets.count) targets and \(selection.tests.count) test targets, from \(files)\(against)"
            )
            lines.append("  why: \(Escape.message(everything.message))")
        } else {
            lines.append(
                "affected: \(selection.targets.count) of \(selection.graphTargetCount) targets and \(selection.tests.count) of "
                    + "\(selection.graphTestCount) test targets, from \(files)\(against)")
            let width = min(48, selection.targets.map { Escape.text($0.target.description).count }.max() ?? 0)
            for selected in selection.targets {
                let name = Escape.text(selected.target.description)
                lines.append(
                    "  " + name.padding(toLength: max(width, name.count), withPad: " ", startingAt: 0) + "  " + why(selected.reason))
            }
        }
        for read in report.environment {
            lines.append("  the answer depends on the environment: " + Self.environment(read))
        }
        let tests = selection.tests
        lines.append(
            tests.isEmpty
                ? "no test targets to run"
                : "test targets to run (\(tests.count)): "
                    + tests.map { Escape.text($0.target.description) }.joined(separator: ", "))
        if !report.files.isEmpty {
            lines.append("changed files:")
            let paths = report.files.map { Escape.text($0.change.path, limit: Escape.messageLimit) }
            let width = min(60, paths.map(\.count).max() ?? 0)
            for (file, path) in zip(report.files, paths) {
                lines.append(
                    "  " + path.padding(toLength: max(width, path.count), withPad: " ", startingAt: 0) + "  " + verdict(file.verdict))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Package.swift reads CI, USE_LOCAL (and others whose names cannot be told)`.
    static func environment(_ read: AffectedReport.EnvironmentRead) -> String {
        let names = read.variables.map { Escape.text($0) }.joined(separator: ", ")
        let manifest = Escape.text(read.manifest, limit: Escape.messageLimit)
        switch (names.isEmpty, read.readsOthers) {
        case (false, false): return "\(manifest) reads \(names)"
        case (false, true): return "\(manifest) reads \(names), and variables whose names cannot be told"
        default: return "\(manifest) reads variables whose names cannot be told"
        }
    }

    static func why(_ reason: AffectedReason) -> String {
        switch reason {
        case let .changedFiles(files, count):
            let more = count > files.count ? " (and \(count - files.count) more)" : ""
            return "changed: " + files.map { Escape.text($0, limit: Escape.messageLimit) }.joined(separator: ", ") + more
        case let .manifest(file, detail), let .packageFolder(file, detail):
            return "\(Escape.text(file, limit: Escape.messageLimit)): \(Escape.message(detail))"
        case let .project(file, detail): return "\(Escape.text(file, limit: Escape.messageLimit)): \(Escape.message(detail))"
        case let .pins(file, packages):
            return "\(Escape.text(file, limit: Escape.messageLimit)) moved " + packages.map { Escape.text($0) }.joined(separator: ", ")
        case let .dependency(through, changed, steps):
            switch steps {
            case 1: return "depends on \(Escape.text(through.description))"
            case 2: return "depends on \(Escape.text(through.description)) → \(Escape.text(changed.description))"
            default: return "depends on \(Escape.text(through.description)) → … → \(Escape.text(changed.description)) (\(steps) steps)"
            }
        case let .everything(message): return Escape.message(message)
        case let .added(detail): return Escape.message(detail)
        case let .submodule(path, detail): return "submodule \(Escape.text(path, limit: Escape.messageLimit)): \(Escape.message(detail))"
        case let .triggered(file, pattern):
            return
                "triggered by \(Escape.text(file, limit: Escape.messageLimit)) (affected.triggers: \(Escape.text(pattern, limit: Escape.messageLimit)))"
        }
    }

    static func verdict(_ verdict: AffectedReport.Verdict) -> String {
        switch verdict {
        case let .owned(targets): return "in " + targets.map { Escape.text($0.description) }.joined(separator: ", ")
        case let .manifest(package, detail): return "manifest of \(Escape.text(package)): \(Escape.message(detail))"
        case let .pins(packages) where packages.isEmpty: return "pins: none moved"
        case let .pins(packages): return "pins moved: " + packages.map { Escape.text($0) }.joined(separator: ", ")
        case let .project(project, detail): return "project \(Escape.text(project)): \(Escape.message(detail))"
        case let .tests(runner, targets, detail):
            return "\(runner.rawValue): \(Escape.message(detail)): " + targets.map { Escape.text($0.description) }.joined(separator: ", ")
        case let .packageFolder(package):
            return "in \(Escape.text(package))'s folder, in no target's: every target of \(Escape.text(package))"
        case let .ignored(pattern): return "ignored (affected.ignore: \(Escape.text(pattern, limit: Escape.messageLimit)))"
        case let .everything(pattern?):
            return "selects everything (affected.everything: \(Escape.text(pattern, limit: Escape.messageLimit)))"
        case .everything(nil):
            return "owned by no target: selects everything (list it under affected.ignore in .modgraph.yml if it builds nothing)"
        case .outside: return "outside the folder loaded, owned by no target: affects nothing here"
        case let .submodule(_, detail): return "submodule: \(Escape.message(detail))"
        case .configuration(affectedChanged: false): return "the configuration, its affected: unchanged: affects nothing"
        case .configuration(affectedChanged: true):
            return "the configuration, its affected: changed: what the change selects under the base's affected: and the head's"
        case let .triggered(pattern, targets):
            return "affected.triggers (\(Escape.text(pattern, limit: Escape.messageLimit))): "
                + (targets.isEmpty ? "no target" : targets.map { Escape.text($0.description) }.joined(separator: ", "))
        case let .notLoaded(folder):
            return
                "in \(Escape.text(folder, limit: Escape.messageLimit)), which was not loaded: affects nothing here (name it as a PATH to include it)"
        }
    }
}
