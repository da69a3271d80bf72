import ModGraphCore
import ModGraphOutput

/// `modgraph affected --format json`: the selection, why each target is in,
/// and what each changed file did (docs/json-format.md).
public enum AffectedJSON {
    public static let schemaVersion = 1

    public static func document(_ report: AffectedReport) -> JSONValue {
        let selection = report.selection
        return .object([
            ("schemaVersion", .int(schemaVersion)),
            ("base", .optional(report.base)),
            ("head", .optional(report.head)),
            (
                "everything",
                everything(selection).map { .object([("file", .optional($0.file)), ("reason", .string($0.message))]) } ?? .null
            ),
            (
                "counts",
                .object([
                    ("targets", .int(selection.targets.count)),
                    ("graphTargets", .int(selection.graphTargetCount)),
                    ("tests", .int(selection.tests.count)),
                    ("graphTests", .int(selection.graphTestCount)),
                    ("changedFiles", .int(report.files.count)),
                ])
            ),
            (
                "targets",
                .array(
                    selection.targets.map { selected in
                        .object([
                            ("id", .string(selected.target.description)),
                            ("type", .string(selected.type.rawValue)),
                            ("module", .string(selected.moduleName)),
                            ("test", .bool(selected.type.isTest)),
                            ("reason", reason(selected.reason)),
                        ])
                    })
            ),
            ("tests", .strings(selection.tests.map(\.target.description))),
            ("changedFiles", .array(report.files.map(file))),
            (
                "environment",
                .array(
                    report.environment.map { read in
                        .object([
                            ("manifest", .string(read.manifest)), ("variables", .strings(read.variables)),
                            ("readsOthers", .bool(read.readsOthers)),
                        ])
                    })
            ),
        ])
    }

    /// Why everything is selected, whenever every target is, whatever the reason: a
    /// program reading `everything` need not count the targets.
    static func everything(_ selection: AffectedSelection) -> EverythingReason? {
        if let everything = selection.everything { return everything }
        guard selection.graphTargetCount > 0, selection.targets.count == selection.graphTargetCount else { return nil }
        return EverythingReason(
            file: nil, message: "every target is selected: each is affected by a changed file or a target it depends on")
    }

    static func reason(_ reason: AffectedReason) -> JSONValue {
        switch reason {
        case let .changedFiles(files, count):
            .object([("kind", .string("changed")), ("files", .strings(files)), ("fileCount", .int(count))])
        // A file in the package's folder is told as the manifest's reasons are (the schema's kinds are kept).
        case let .manifest(file, detail), let .packageFolder(file, detail):
            .object([("kind", .string("manifest")), ("file", .string(file)), ("detail", .string(detail))])
        case let .project(file, detail): .object([("kind", .string("project")), ("file", .string(file)), ("detail", .string(detail))])
        case let .pins(file, packages): .object([("kind", .string("pins")), ("file", .string(file)), ("packages", .strings(packages))])
        case let .dependency(through, changed, steps):
            .object([
                ("kind", .string("dependency")), ("through", .string(through.description)),
                ("changed", .string(changed.description)), ("steps", .int(steps)),
            ])
        case let .everything(message): .object([("kind", .string("everything")), ("detail", .string(message))])
        case let .added(detail): .object([("kind", .string("added")), ("detail", .string(detail))])
        case let .submodule(path, detail): .object([("kind", .string("submodule")), ("path", .string(path)), ("detail", .string(detail))])
        case let .triggered(file, pattern): .object([("kind", .string("trigger")), ("file", .string(file)), ("pattern", .string(pattern))])
        }
    }

    static func file(_ file: AffectedReport.File) -> JSONValue {
        var fields: [(String, JSONValue)] = [("path", .string(file.change.path))]
        switch file.change.status {
        case .added: fields.append(("status", .string("added")))
        case .modified: fields.append(("status", .string("modified")))
        case .deleted: fields.append(("status", .string("deleted")))
        case let .renamed(from): fields += [("status", .string("renamed")), ("from", .string(from))]
        }
        switch file.verdict {
        case let .owned(targets): fields += [("verdict", .string("owned")), ("targets", .strings(targets.map(\.description)))]
        case let .manifest(package, detail):
            fields += [("verdict", .string("manifest")), ("package", .string(package)), ("detail", .string(detail))]
        case let .pins(packages): fields += [("verdict", .string("pins")), ("packages", .strings(packages))]
        case let .project(project, detail):
            fields += [("verdict", .string("project")), ("project", .string(project)), ("detail", .string(detail))]
        case let .tests(runner, targets, detail):
            fields += [
                ("verdict", .string(runner == .scheme ? "scheme" : "test-plan")), ("targets", .strings(targets.map(\.description))),
                ("detail", .string(detail)),
            ]
        case let .packageFolder(package): fields += [("verdict", .string("package-folder")), ("package", .string(package))]
        case let .ignored(pattern): fields += [("verdict", .string("ignored")), ("pattern", .string(pattern))]
        case let .everything(pattern): fields += [("verdict", .string("everything")), ("pattern", .optional(pattern))]
        case .outside: fields.append(("verdict", .string("outside")))
        case let .notLoaded(folder): fields += [("verdict", .string("not-loaded")), ("folder", .string(folder))]
        case let .submodule(_, detail): fields += [("verdict", .string("submodule")), ("detail", .string(detail))]
        case let .configuration(changed): fields += [("verdict", .string("configuration")), ("affectedChanged", .bool(changed))]
        case let .triggered(pattern, targets):
            fields += [("verdict", .string("triggered")), ("pattern", .string(pattern)), ("targets", .strings(targets.map(\.description)))]
        }
        return .object(fields)
    }
}
