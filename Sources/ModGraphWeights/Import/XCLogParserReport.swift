import Foundation

/// XCLogParser's report of an Xcode build (`xclogparser parse --reporter
/// json`, a tree of steps from the `main` step down, or `--reporter
/// flatJson`, the same steps in one array), read as a ``BuildRecord``.
///
/// Fields used, of each step (XCLogParser's `BuildStep`):
/// - `type`: `target` steps name a target; their `detail` steps are its jobs.
/// - `title` of a target step: `Build target NAME`, or `Build target NAME of
///   project PROJECT with configuration CONFIG` (newer Xcode); NAME and
///   PROJECT name the target (`PROJECT/NAME` in the graph, else NAME alone).
/// - `startTimestamp`, `endTimestamp`: seconds since 1970.
/// - `detailStepType` of a detail step: `swiftCompilation`,
///   `swiftAggregatedCompilation` and `cCompilation` are compile jobs,
///   `mergeSwiftModule` emits the module, `linker` links; a `signature`
///   starting `SwiftEmitModule` or `EmitSwiftModule` (Xcode 14 and later,
///   which XCLogParser files as `other`) emits the module too.
/// - `parentIdentifier` and `identifier` in the flat report, `subSteps` in
///   the tree: which target a detail step belongs to.
///
/// Everything else (warnings, notes, function times) is not read.
enum XCLogParserReport {
    /// Whether `object` looks like one of XCLogParser's reports.
    static func matches(_ object: Any) -> Bool {
        if let step = object as? [String: Any] { return step["subSteps"] is [Any] && step["type"] is String }
        if let steps = object as? [Any], let first = steps.first as? [String: Any] {
            return first["type"] is String && first["title"] is String && first["startTimestamp"] != nil
        }
        return false
    }

    static func record(from object: Any) -> BuildRecord {
        var record = BuildRecord(format: .xclogparser)
        // (step, the target it belongs to): the tree walked with a stack, not recursion.
        var pending: [(step: [String: Any], target: BuildRecord.Naming?)] = []
        var flatTargets: [String: BuildRecord.Naming] = [:]
        if let root = object as? [String: Any] {
            pending.append((root, nil))
        } else if let steps = object as? [Any] {
            // The flat report: targets first by identifier, then their details by parent.
            let objects = steps.compactMap { $0 as? [String: Any] }
            for step in objects where step["type"] as? String == "target" {
                if let identifier = step["identifier"] as? String, let naming = targetNaming(step) {
                    flatTargets[identifier] = naming
                }
            }
            for step in objects.reversed() {
                let parent = (step["parentIdentifier"] as? String).flatMap { flatTargets[$0] }
                pending.append((step, parent))
            }
        }
        while let (step, target) = pending.popLast() {
            let type = step["type"] as? String
            var owner = target
            if type == "target" { owner = targetNaming(step) }
            if type == "detail", let owner {
                if let start = number(step["startTimestamp"]), let end = number(step["endTimestamp"]), end >= start {
                    record.work.append(BuildRecord.Work(naming: owner, kind: kind(of: step), start: start, end: end))
                } else {
                    record.skipped += 1
                }
            }
            if type == "target", let owner, let start = number(step["startTimestamp"]), let end = number(step["endTimestamp"]),
                end >= start
            {
                // The target's own span: what counts when none of its details is a job.
                record.work.append(BuildRecord.Work(naming: owner, kind: .other, start: start, end: end))
            }
            for child in ((step["subSteps"] as? [Any]) ?? []).reversed() {
                if let child = child as? [String: Any] { pending.append((child, owner)) }
            }
        }
        return record
    }

    /// `Build target Core of project App with configuration Debug` → `Core`, `App`.
    static func targetNaming(_ step: [String: Any]) -> BuildRecord.Naming? {
        guard let title = step["title"] as? String else { return nil }
        let prefix = "Build target "
        guard title.hasPrefix(prefix) else { return nil }
        var rest = Substring(title.dropFirst(prefix.count))
        var project: String?
        if let of = rest.range(of: " of project ") {
            var projectPart = rest[of.upperBound...]
            if let with = projectPart.range(of: " with configuration ") { projectPart = projectPart[..<with.lowerBound] }
            project = String(projectPart)
            rest = rest[..<of.lowerBound]
        }
        let name = String(rest)
        return name.isEmpty ? nil : .target(name: name, project: project?.isEmpty == true ? nil : project)
    }

    private static func kind(of step: [String: Any]) -> BuildRecord.Kind {
        let signature = step["signature"] as? String ?? ""
        if signature.hasPrefix("SwiftEmitModule") || signature.hasPrefix("EmitSwiftModule") { return .emitModule }
        switch step["detailStepType"] as? String {
        case "swiftCompilation", "swiftAggregatedCompilation", "cCompilation": return .compile
        case "mergeSwiftModule": return .emitModule
        case "linker": return .link
        default: return .other
        }
    }

    /// A finite JSON number.
    static func number(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber else { return nil }
        let double = number.doubleValue
        return double.isFinite ? double : nil
    }
}
