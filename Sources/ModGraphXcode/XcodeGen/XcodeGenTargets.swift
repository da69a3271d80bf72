import Foundation

/// The targets of an XcodeGen spec as `xcodegen generate` makes them from
/// what is written: multi-platform targets expanded, target templates
/// applied, and expanded again (so that a template may make a target
/// multi-platform, and a platform's target may use a template), in the order
/// XcodeGen's `Project.resolveProject` applies them.
///
/// - A target whose `platform:` is a list becomes one target per platform,
///   named `platformPrefix` + name + `platformSuffix` (`_${platform}` by
///   default), with `${platform}` replaced in
///   every value and key, and its product named as the target written.
/// - A target's `templates:` (and theirs, depth first, each once) are merged
///   under it in order, lists joined, then `${target_name}` and each of its
///   `templateAttributes` replaced.
///
/// Bounded: at most ``maximumTargets`` targets come out (a list of platforms
/// multiplies them).
enum XcodeGenTargets {
    /// More targets than any project holds.
    static let maximumTargets = 20_000

    /// The targets of `spec`, by name, sorted by name as XcodeGen sorts them.
    static func resolved(_ spec: SpecValue, warnings: inout [String], file: String) -> [(key: String, value: SpecValue)] {
        let written = spec["targets"]?.entries ?? []
        let templates = spec["targetTemplates"]?.entries ?? []
        var targets = multiplatform(written, warnings: &warnings, file: file)
        targets = targets.map { ($0.key, applyingTemplates(to: $0.value, named: $0.key, templates: templates)) }
        targets = multiplatform(targets, warnings: &warnings, file: file)
        return targets.sorted { $0.key < $1.key }
    }

    /// `targets` with each whose `platform:` is a list made one per platform.
    private static func multiplatform(
        _ targets: [(key: String, value: SpecValue)], warnings: inout [String], file: String
    ) -> [(key: String, value: SpecValue)] {
        var result: [(key: String, value: SpecValue)] = []
        for (name, target) in targets {
            guard case let .list(platforms, _)? = target["platform"] else {
                result.append((name, target))
                continue
            }
            for platform in platforms.compactMap(\.string) {
                guard result.count < maximumTargets else { break }
                let expanded = target.expanding(["platform": platform])
                let prefix = expanded["platformPrefix"]?.string ?? ""
                let suffix = expanded["platformSuffix"]?.string ?? "_\(platform)"
                let origin = target["platform"]?.origin ?? target.origin
                let replaced = expanded.merged(
                    with: .map(
                        [("platform:REPLACE", .text(platform, origin)), ("productName:REPLACE", .text(name, origin))], origin))
                result.append((prefix + name + suffix, replaced))
            }
            if result.count >= maximumTargets {
                warnings.append("\(file): more than \(maximumTargets) targets once platforms are expanded; the rest are left out")
                break
            }
        }
        return result
    }

    /// `target` merged onto its templates, as XcodeGen's `resolveTemplates` does.
    private static func applyingTemplates(
        to target: SpecValue, named name: String, templates: [(key: String, value: SpecValue)]
    ) -> SpecValue {
        var byName: [String: SpecValue] = [:]
        for (key, value) in templates { byName[key] = value }
        // Depth first, each once: a template's own templates come before it.
        var order: [String] = []
        func collect(_ value: SpecValue, at insertion: inout Int, depth: Int) {
            guard depth < SpecValue.maximumDepth else { return }
            for item in value["templates"]?.items ?? [] {
                guard let template = item.string, !order.contains(template), let found = byName[template] else { continue }
                order.insert(template, at: insertion)
                collect(found, at: &insertion, depth: depth + 1)
                insertion += 1
            }
        }
        var insertion = 0
        collect(target, at: &insertion, depth: 0)
        guard !order.isEmpty else { return target }
        var merged: SpecValue = .map([], target.origin)
        for template in order {
            if let found = byName[template] { merged = merged.merged(with: found) }
        }
        var result = merged.merged(with: target).expanding(["target_name": name])
        if let attributes = result["templateAttributes"]?.entries {
            var variables: [String: String] = [:]
            for (key, value) in attributes { if let text = value.string { variables[key] = text } }
            result = result.expanding(variables)
        }
        return result
    }
}

extension SpecValue {
    /// This value with `${name}` replaced by `variables[name]` in every string and key, as
    /// XcodeGen expands variables (the older `$platform` form went in XcodeGen 2.11, and is left as written).
    func expanding(_ variables: [String: String]) -> SpecValue {
        guard !variables.isEmpty else { return self }
        return mapStrings { text in
            guard text.contains("$") else { return text }
            var result = text
            for (name, value) in variables {
                result = result.replacingOccurrences(of: "${\(name)}", with: value)
            }
            return result
        }
    }
}
