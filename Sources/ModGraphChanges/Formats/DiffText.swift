import ModGraphCore
import ModGraphOutput

/// `modgraph diff` for people.
public enum DiffText {
    public static func render(_ report: DiffReport) -> String {
        var lines = ["diff: \(Escape.text(report.base)) → \(Escape.text(report.head))"]
        lines += DiffRows.metrics(report).map { row in
            row.before.isEmpty
                ? "  \(row.name): \(row.after)"
                : "  \(row.name): \(row.before) → \(row.after)\(row.change.isEmpty ? "" : " (\(row.change))")"
        }
        let graph = report.graph
        func list(_ title: String, _ items: [String]) {
            guard !items.isEmpty else { return }
            lines.append("\(title) (\(items.count)):")
            lines += items.prefix(200).map { "  " + $0 }
            if items.count > 200 { lines.append("  … and \(items.count - 200) more") }
        }
        if graph.isEmpty { lines.append("the graph did not change") }
        list("targets added", graph.addedTargets.map { Escape.text($0.description) })
        list("targets removed", graph.removedTargets.map { Escape.text($0.description) })
        list(
            "dependencies added", graph.addedDependencies.map { Escape.text($0.from.description) + " → " + Escape.text($0.to.description) })
        list(
            "dependencies removed",
            graph.removedDependencies.map { Escape.text($0.from.description) + " → " + Escape.text($0.to.description) })
        if let config = report.config {
            lines.append(
                "findings (\(Escape.text(config, limit: Escape.messageLimit))): \(report.newFindings.count) new, "
                    + "\(report.fixedFindings.count) fixed, \(report.unchangedFindings) unchanged")
            list("new findings", report.newFindings.map { "\($0.severity) [\($0.rule)] " + Escape.message($0.message) })
            list("fixed findings", report.fixedFindings.map { "[\($0.rule)] " + Escape.message($0.message) })
        }
        for check in report.budgets {
            lines.append("budget \(check.name) \(check.limit): \(check.actual)\(check.isExceeded ? ", exceeded" : "")")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// The metric rows every format shows: name, base, head, change.
enum DiffRows {
    struct Row {
        let key: String
        let name: String
        let before: String
        let after: String
        let change: String
    }

    static func metrics(_ report: DiffReport) -> [Row] {
        let before = report.before
        let after = report.after
        func int(_ key: String, _ name: String, _ old: Int?, _ new: Int?) -> Row {
            let change = old.flatMap { old in new.map { $0 - old } }.map { $0 == 0 ? "" : ($0 > 0 ? "+\($0)" : "\($0)") } ?? ""
            return Row(
                key: key, name: name, before: old.map(String.init) ?? "cycle", after: new.map(String.init) ?? "cycle", change: change)
        }
        func weight(_ key: String, _ name: String, _ old: Double?, _ new: Double?) -> Row {
            let unit = " " + after.unit
            var change = ""
            if let old, let new, abs(new - old) > 1e-9 {
                change = Budgets.signed(new - old) + unit + (old > 0 ? ", " + Budgets.signed(100 * (new - old) / old) + "%" : "")
            }
            return Row(
                key: key, name: name, before: old.map { Budgets.number($0) + unit } ?? "cycle",
                after: new.map { Budgets.number($0) + unit } ?? "cycle", change: change)
        }
        var rows = [
            int("targets", "targets", before.targets, after.targets),
            int("dependencies", "dependencies", before.dependencies, after.dependencies),
            int("depth", "depth", before.depth, after.depth),
            int("waves", "waves", before.waves, after.waves),
            weight("criticalPath", "critical path", before.criticalPath, after.criticalPath),
            weight("makespan", "simulated build", before.makespan, after.makespan),
        ]
        let joined = Set(after.criticalTargets).subtracting(before.criticalTargets)
        if !joined.isEmpty, after.criticalPath != before.criticalPath {
            let names = after.criticalTargets.filter(joined.contains).map { Escape.text($0.description) }
            rows.append(
                Row(key: "criticalTargets", name: "new on the critical path", before: "", after: names.joined(separator: ", "), change: ""))
        }
        return rows
    }
}
