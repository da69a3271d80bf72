import Foundation
import Yams

/// Reads `.modgraph.yml` from its text into a ``CheckConfig``. Every error
/// names the file, the line and the key, and unknown keys are errors: a
/// misspelt rule that silently does nothing is worse than a failed build.
public enum ConfigParser {
    /// The longest pattern with a wildcard or a capture, in Unicode scalars. Real
    /// ones are a few dozen characters; the matcher's time grows with the
    /// pattern's length times the name's (``TargetPattern/match(_:packageName:bindings:)``),
    /// and the configuration comes with the pull request it checks. A literal
    /// pattern (a name, as `modgraph init` writes every one) matches by
    /// comparison alone, so only the file's size bounds it: a target may be
    /// named with more than 1,000 characters, and must be placeable.
    public static let maximumPatternLength = 1_000

    public static func parse(_ text: String, file: String) throws(ConfigError) -> CheckConfig {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw ConfigError(file: file, line: nil, problem: "the file is empty; see docs/configuration.md")
            }
            root = node
        } catch let error as ConfigError {
            throw error
        } catch let YamlError.duplicatedKeysInMapping(duplicates, context) {
            let key = duplicates.sorted().first ?? ""
            throw ConfigError(
                file: file, line: Self.secondLine(of: key, in: text, from: context.mark.line) ?? context.mark.line,
                problem: "key '\(key)' appears twice in one mapping")
        } catch let error as YamlError {
            var problem = "not valid YAML: \(Self.summary(of: error))"
            // `[Shared, !Legacy]`: the unquoted exclusion reads as a tag that the `]` cuts short.
            if problem.contains("while scanning a tag") { problem += " (quote a '!' pattern: \"!Name\")" }
            throw ConfigError(file: file, line: Self.line(of: error), problem: problem)
        } catch {
            throw ConfigError(file: file, line: nil, problem: "not valid YAML: " + String("\(error)".prefix { $0 != "\n" }))
        }
        var reader = Reader(file: file)
        return try reader.config(root)
    }

    /// Yams reports a duplicated key at its mapping; the user needs the line of the repeat.
    private static func secondLine(of key: String, in text: String, from start: Int) -> Int? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var seen = 0
        for (index, line) in lines.enumerated() where index + 1 >= start {
            let trimmed = line.drop { $0 == " " || $0 == "-" }
            if trimmed.hasPrefix("\(key):") || trimmed.hasPrefix("\"\(key)\":") {
                seen += 1
                if seen == 2 { return index + 1 }
            }
        }
        return nil
    }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case let .scanner(_, _, mark, _), let .parser(_, _, mark, _), let .composer(_, _, mark, _):
            return mark.line
        case let .reader(_, offset?, _, yaml):
            // The line holding the offending byte.
            return yaml.utf8.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        default:
            return nil
        }
    }

    private static func summary(of error: YamlError) -> String {
        switch error {
        case let .scanner(context, problem, _, _), let .parser(context, problem, _, _), let .composer(context, problem, _, _):
            return [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
        case let .reader(problem, _, _, _):
            return problem
        default:
            // Yams' descriptions echo the offending line and a caret on lines of their own; the error is one line.
            return String("\(error)".prefix { $0 != "\n" })
        }
    }
}

/// Walks the YAML tree, keeping the file name for messages.
private struct Reader {
    let file: String

    func location(_ node: Node) -> ConfigLocation {
        ConfigLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    func fail(_ node: Node?, _ problem: String) -> ConfigError {
        ConfigError(file: file, line: node?.mark?.line, problem: problem)
    }

    /// The entries of a mapping; unknown keys are errors that list the known ones.
    func entries(_ node: Node, at path: String, allowed: [String]) throws(ConfigError) -> [(key: String, keyNode: Node, value: Node)] {
        guard case let .mapping(mapping) = node else {
            throw fail(node, "\(path) must be a mapping of keys to values")
        }
        // Yams itself rejects a key written twice, before this sees the mapping.
        var result: [(key: String, keyNode: Node, value: Node)] = []
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string else { throw fail(keyNode, "\(path) has a key that is not text") }
            guard allowed.contains(key) else {
                throw fail(keyNode, "unknown key '\(key)' in \(path); expected one of: \(allowed.joined(separator: ", "))")
            }
            result.append((key, keyNode, value))
        }
        return result
    }

    func string(_ node: Node, at path: String) throws(ConfigError) -> String {
        guard let scalar = node.scalar else { throw fail(node, "\(path) must be text") }
        return scalar.string
    }

    func integer(_ node: Node, at path: String) throws(ConfigError) -> Int {
        guard let scalar = node.scalar, let value = Int(scalar.string), value >= 0 else {
            throw fail(node, "\(path) must be a whole number, 0 or more")
        }
        return value
    }

    func boolean(_ node: Node, at path: String) throws(ConfigError) -> Bool {
        switch node.scalar?.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw fail(node, "\(path) must be true or false")
        }
    }

    /// A pattern; with `exclusions`, a leading `!` makes it an exclusion
    /// (``LocatedPattern/isExclusion``). Elsewhere a leading `!` is an error, not
    /// a pattern that silently matches nothing; `\!` is the character itself.
    func pattern(_ node: Node, at path: String, exclusions: Bool = false) throws(ConfigError) -> LocatedPattern {
        // Unquoted, `!Name` is a YAML tag on an empty value: say so rather than "is empty".
        // (A quoted value's tag is the non-specific `!`; `!!str` and the like are YAML's own.)
        if let tag = node.scalar?.tag.rawValue, tag.hasPrefix("!"), tag != "!", !tag.hasPrefix("!!") {
            throw fail(node, "\(path): write \"\(tag)\(node.scalar?.string ?? "")\" in quotes; unquoted, YAML reads \(tag) as a tag")
        }
        let text = try string(node, at: path)
        let length = text.unicodeScalars.count
        let isExclusion = text.hasPrefix("!")
        if isExclusion, !exclusions {
            throw fail(
                node,
                "\(path): '\(text)' excludes, which only a layer's 'targets' and 'isolated' lists do; write '\\!' for a name that starts with '!'"
            )
        }
        let pattern: TargetPattern
        do {
            pattern = try TargetPattern(isExclusion ? String(text.dropFirst()) : text)
        } catch {
            throw fail(node, "\(path): \(PatternError(pattern: text, problem: error.problem).description)")
        }
        guard length <= ConfigParser.maximumPatternLength || pattern.isLiteral else {
            throw fail(node, "\(path): a pattern of \(length) characters is longer than the \(ConfigParser.maximumPatternLength) allowed")
        }
        return LocatedPattern(pattern: pattern, location: location(node), isExclusion: isExclusion)
    }

    /// A pattern or a list of patterns. With `exclusions` (a layer's `targets`
    /// and `isolated`), `!pattern` entries take back what the entries before
    /// them match, so one cannot come first.
    func patterns(_ node: Node, at path: String, exclusions: Bool = false) throws(ConfigError) -> [LocatedPattern] {
        let items: [Node] = node.sequence.map(Array.init) ?? [node]
        var result: [LocatedPattern] = []
        for item in items {
            let pattern = try pattern(item, at: path, exclusions: exclusions)
            if pattern.isExclusion, result.isEmpty {
                throw fail(
                    item, "\(path): '\(pattern.written)' comes first; a '!' pattern removes targets from the patterns before it in the list"
                )
            }
            result.append(pattern)
        }
        return result
    }

    func choice<T: RawRepresentable & CaseIterable>(_ node: Node, at path: String, as type: T.Type) throws(ConfigError) -> T
    where T.RawValue == String {
        let text = try string(node, at: path)
        guard let value = T(rawValue: text) else {
            throw fail(node, "\(path) must be one of: \(T.allCases.map(\.rawValue).joined(separator: ", ")); got '\(text)'")
        }
        return value
    }

    mutating func config(_ root: Node) throws(ConfigError) -> CheckConfig {
        var config = CheckConfig(file: file)
        let keys = [
            "version", "exclude", "layers", "unassigned", "tests", "forbidden", "exceptions", "limits", "sources", "affected", "budgets",
            "manifests",
        ]
        for (key, _, value) in try entries(root, at: "the top level", allowed: keys) {
            switch key {
            case "version":
                guard try integer(value, at: "version") == 1 else { throw fail(value, "version must be 1") }
            case "exclude":
                config.exclude = try list(value, at: "exclude") { reader, item, path throws(ConfigError) in
                    (pattern: try reader.string(item, at: path), location: reader.location(item))
                }
            case "layers":
                config.layers = try layers(value)
            case "unassigned":
                config.unassigned = try choice(value, at: "unassigned", as: RuleLevel.self)
                config.unassignedLocation = location(value)
            case "tests":
                config.tests = try choice(value, at: "tests", as: CheckConfig.TestPolicy.self)
            case "forbidden":
                config.forbidden = try list(value, at: "forbidden") { reader, item, path throws(ConfigError) in
                    try reader.forbiddenEdge(item, at: path)
                }
            case "exceptions":
                config.exceptions = try list(value, at: "exceptions") { reader, item, path throws(ConfigError) in
                    try reader.exception(item, at: path)
                }
            case "limits":
                config.limits = try limits(value)
            case "sources":
                config.sources = try sources(value)
            case "affected":
                config.affected = try affected(value)
            case "budgets":
                config.budgets = try budgets(value)
            case "manifests":
                for (key, _, setting) in try entries(value, at: "manifests", allowed: ["run"]) where key == "run" {
                    config.runsManifests = try boolean(setting, at: "manifests.run")
                }
            default:
                break
            }
        }
        return config
    }

    func list<T>(_ node: Node, at path: String, _ read: (Reader, Node, String) throws(ConfigError) -> T) throws(ConfigError) -> [T] {
        guard case let .sequence(sequence) = node else { throw fail(node, "\(path) must be a list") }
        var result: [T] = []
        for (index, item) in sequence.enumerated() {
            result.append(try read(self, item, "\(path)[\(index)]"))
        }
        return result
    }

    func layers(_ node: Node) throws(ConfigError) -> [CheckConfig.Layer] {
        let layers = try list(node, at: "layers") { reader, item, path throws(ConfigError) in try reader.layer(item, at: path) }
        var names = Set<String>()
        for layer in layers where !names.insert(layer.name).inserted {
            throw ConfigError(file: file, line: layer.location.line, problem: "two layers are named '\(layer.name)'")
        }
        return layers
    }

    func layer(_ node: Node, at path: String) throws(ConfigError) -> CheckConfig.Layer {
        var name: String?
        var targets: [LocatedPattern]?
        var isolated: [LocatedPattern] = []
        var isolatedAll = false
        var externals: [LocatedPattern]?
        for (key, _, value) in try entries(node, at: path, allowed: ["name", "targets", "isolated", "externals"]) {
            switch key {
            case "name": name = try string(value, at: "\(path).name")
            case "targets": targets = try patterns(value, at: "\(path).targets", exclusions: true)
            case "isolated":
                if value.scalar != nil, let flag = try? boolean(value, at: "\(path).isolated") {
                    isolatedAll = flag
                } else {
                    isolated = try patterns(value, at: "\(path).isolated", exclusions: true)
                }
            case "externals":
                externals = value.sequence?.isEmpty == true ? [] : try patterns(value, at: "\(path).externals")
            default: break
            }
        }
        guard let name, !name.isEmpty else { throw fail(node, "\(path) needs a 'name'") }
        guard let targets, !targets.isEmpty else { throw fail(node, "\(path) ('\(name)') needs 'targets': a list of patterns") }
        return CheckConfig.Layer(
            name: name, targets: targets, isolated: isolatedAll ? targets : isolated,
            externals: externals, location: location(node))
    }

    func forbiddenEdge(_ node: Node, at path: String) throws(ConfigError) -> CheckConfig.ForbiddenEdge {
        var from: LocatedPattern?
        var to: LocatedPattern?
        var allow: LocatedPattern?
        var exceptFrom: [LocatedPattern] = []
        var message: String?
        for (key, _, value) in try entries(node, at: path, allowed: ["from", "to", "allow", "exceptFrom", "message"]) {
            switch key {
            case "from": from = try pattern(value, at: "\(path).from")
            case "to": to = try pattern(value, at: "\(path).to")
            case "allow": allow = try pattern(value, at: "\(path).allow")
            case "exceptFrom": exceptFrom = try patterns(value, at: "\(path).exceptFrom")
            case "message": message = try string(value, at: "\(path).message")
            default: break
            }
        }
        guard let from, let to else { throw fail(node, "\(path) needs both 'from' and 'to'") }
        let known = Set(from.pattern.captureNames)
        for used in (to.pattern.captureNames + (allow?.pattern.captureNames ?? [])) where !known.contains(used) {
            throw fail(node, "\(path) uses capture '{\(used)}', which 'from' does not define")
        }
        return CheckConfig.ForbiddenEdge(
            from: from, to: to, allow: allow, exceptFrom: exceptFrom, message: message, location: location(node))
    }

    func exception(_ node: Node, at path: String) throws(ConfigError) -> CheckConfig.Exception {
        var from: LocatedPattern?
        var to: LocatedPattern?
        var rule: RuleKind?
        var reason: String?
        for (key, _, value) in try entries(node, at: path, allowed: ["from", "to", "rule", "reason"]) {
            switch key {
            case "from": from = try pattern(value, at: "\(path).from")
            case "to": to = try pattern(value, at: "\(path).to")
            case "rule": rule = try choice(value, at: "\(path).rule", as: RuleKind.self)
            case "reason": reason = try string(value, at: "\(path).reason")
            default: break
            }
        }
        guard let from, let to else { throw fail(node, "\(path) needs both 'from' and 'to'") }
        guard let reason, !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw fail(node, "\(path) needs a 'reason': say why the team accepts this dependency")
        }
        return CheckConfig.Exception(from: from, to: to, rule: rule, reason: reason, location: location(node))
    }

    func budgets(_ node: Node) throws(ConfigError) -> CheckConfig.BudgetSettings {
        var budgets = CheckConfig.BudgetSettings()
        if case let .mapping(mapping) = node, mapping.isEmpty { return budgets }
        let keys = ["depthGrowth", "wavesGrowth", "fanInGrowth", "newFindings", "criticalPathGrowth", "makespanGrowth"]
        for (key, _, value) in try entries(node, at: "budgets", allowed: keys) {
            switch key {
            case "depthGrowth": budgets.depthGrowth = try integer(value, at: "budgets.depthGrowth")
            case "wavesGrowth": budgets.wavesGrowth = try integer(value, at: "budgets.wavesGrowth")
            case "fanInGrowth": budgets.fanInGrowth = try integer(value, at: "budgets.fanInGrowth")
            case "newFindings": budgets.newFindings = try integer(value, at: "budgets.newFindings")
            case "criticalPathGrowth": budgets.criticalPathGrowth = try growth(value, at: "budgets.criticalPathGrowth")
            case "makespanGrowth": budgets.makespanGrowth = try growth(value, at: "budgets.makespanGrowth")
            default: break
            }
        }
        return budgets
    }

    /// `12.5` (in the weights' unit) or `10%`, 0 or more, below a million.
    func growth(_ node: Node, at path: String) throws(ConfigError) -> CheckConfig.BudgetSettings.Growth {
        let text = try string(node, at: path).trimmingCharacters(in: .whitespaces)
        let isPercent = text.hasSuffix("%")
        guard let value = Double(isPercent ? String(text.dropLast()) : text), value.isFinite, value >= 0, value < 1_000_000 else {
            throw fail(node, "\(path) must be a number 0 or more, or a percentage such as 10%; got '\(text)'")
        }
        return CheckConfig.BudgetSettings.Growth(value: value, isPercent: isPercent)
    }

    func affected(_ node: Node) throws(ConfigError) -> CheckConfig.AffectedSettings {
        var settings = CheckConfig.AffectedSettings()
        if case let .mapping(mapping) = node, mapping.isEmpty { return settings }
        for (key, _, value) in try entries(node, at: "affected", allowed: ["ignore", "everything", "unowned", "triggers"]) {
            switch key {
            case "ignore", "everything":
                let patterns = try list(value, at: "affected.\(key)") { reader, item, path throws(ConfigError) in
                    (pattern: try reader.string(item, at: path), location: reader.location(item))
                }
                if key == "ignore" { settings.ignore = patterns } else { settings.everything = patterns }
            case "unowned":
                settings.unowned = try choice(value, at: "affected.unowned", as: CheckConfig.AffectedSettings.UnownedPolicy.self)
            case "triggers":
                settings.triggers = try list(value, at: "affected.triggers") { reader, item, path throws(ConfigError) in
                    try reader.trigger(item, at: path)
                }
            default:
                break
            }
        }
        return settings
    }

    /// `{paths: [...], targets: [...]}`: both lists required and not empty.
    func trigger(_ node: Node, at path: String) throws(ConfigError) -> CheckConfig.AffectedSettings.Trigger {
        var paths: [(pattern: String, location: ConfigLocation)] = []
        var targets: [LocatedPattern] = []
        for (key, _, value) in try entries(node, at: path, allowed: ["paths", "targets"]) {
            switch key {
            case "paths":
                let items: [Node] = value.sequence.map(Array.init) ?? [value]
                for item in items { paths.append((try string(item, at: "\(path).paths"), location(item))) }
            case "targets":
                targets = try patterns(value, at: "\(path).targets")
            default:
                break
            }
        }
        guard !paths.isEmpty, !targets.isEmpty else {
            throw fail(node, "\(path) needs 'paths' (the files) and 'targets' (what a change to them affects), neither empty")
        }
        return CheckConfig.AffectedSettings.Trigger(paths: paths, targets: targets, location: location(node))
    }

    func sources(_ node: Node) throws(ConfigError) -> CheckConfig.SourceChecks {
        var sources = CheckConfig.SourceChecks(location: location(node))
        // `sources: {}` turns the import checks on with their defaults.
        if case let .mapping(mapping) = node, mapping.isEmpty { return sources }
        let keys = ["interfaces", "protocolExtensions", "undeclaredImports", "unusedDependencies", "ignoreModules", "wiring", "tests"]
        for (key, _, value) in try entries(node, at: "sources", allowed: keys) {
            switch key {
            case "interfaces":
                sources.interfaces = value.sequence?.isEmpty == true ? [] : try patterns(value, at: "sources.interfaces")
                sources.interfacesLocation = location(value)
            case "protocolExtensions":
                sources.protocolExtensions = try choice(
                    value, at: "sources.protocolExtensions", as: CheckConfig.SourceChecks.ProtocolExtensionPolicy.self)
            case "undeclaredImports":
                sources.undeclaredImports = try choice(value, at: "sources.undeclaredImports", as: RuleLevel.self)
                sources.undeclaredImportsLocation = location(value)
            case "unusedDependencies":
                sources.unusedDependencies = try choice(value, at: "sources.unusedDependencies", as: RuleLevel.self)
                sources.unusedDependenciesLocation = location(value)
            case "ignoreModules":
                let names: [Node] = value.sequence.map(Array.init) ?? [value]
                for name in names {
                    let text = try string(name, at: "sources.ignoreModules")
                    guard !text.isEmpty, !text.contains(where: { $0 == "." || $0 == "/" || $0 == "*" || $0.isWhitespace }) else {
                        throw fail(name, "sources.ignoreModules lists module names (no patterns, paths or dots); got '\(text)'")
                    }
                    sources.ignoredModules.append(text)
                }
            case "wiring":
                sources.wiring = try wiring(value)
            case "tests":
                var tests = CheckConfig.TestLevels()
                for (key, _, level) in try entries(value, at: "sources.tests", allowed: ["undeclaredImports", "unusedDependencies"]) {
                    if key == "undeclaredImports" {
                        tests.undeclaredImports = try choice(level, at: "sources.tests.undeclaredImports", as: RuleLevel.self)
                        tests.undeclaredImportsLocation = location(level)
                    } else {
                        tests.unusedDependencies = try choice(level, at: "sources.tests.unusedDependencies", as: RuleLevel.self)
                        tests.unusedDependenciesLocation = location(level)
                    }
                }
                sources.tests = tests
            default:
                break
            }
        }
        return sources
    }

    /// `sources.wiring`: `{}` runs every wiring check at its default level.
    func wiring(_ node: Node) throws(ConfigError) -> CheckConfig.WiringChecks {
        var wiring = CheckConfig.WiringChecks(location: location(node))
        if case let .mapping(mapping) = node, mapping.isEmpty { return wiring }
        let keys = ["unprovided", "providedTwice", "unwired", "verticalWiring", "containerExtensions", "app", "containers", "vocabulary"]
        for (key, _, value) in try entries(node, at: "sources.wiring", allowed: keys) {
            let path = "sources.wiring.\(key)"
            switch key {
            case "unprovided": wiring.unprovided = try choice(value, at: path, as: RuleLevel.self)
            case "providedTwice": wiring.providedTwice = try choice(value, at: path, as: RuleLevel.self)
            case "unwired": wiring.unwired = try choice(value, at: path, as: RuleLevel.self)
            case "verticalWiring": wiring.verticalWiring = try choice(value, at: path, as: RuleLevel.self)
            case "containerExtensions": wiring.containerExtensions = try choice(value, at: path, as: RuleLevel.self)
            case "app": wiring.app = value.sequence?.isEmpty == true ? [] : try patterns(value, at: path)
            case "containers":
                wiring.containers = try list(value, at: path) { reader, item, itemPath throws(ConfigError) in
                    try reader.container(item, at: itemPath)
                }
            case "vocabulary": wiring.vocabulary = try vocabulary(value, at: path)
            default: break
            }
        }
        return wiring
    }

    /// `{type: World, owners: [App, Core]}`: a type name (a Swift identifier, `Module.Type` allowed) and the modules that may extend it.
    func container(_ node: Node, at path: String) throws(ConfigError) -> CheckConfig.WiringChecks.Container {
        var type: String?
        var owners: [LocatedPattern] = []
        for (key, _, value) in try entries(node, at: path, allowed: ["type", "owners"]) {
            switch key {
            case "type":
                let text = try string(value, at: "\(path).type")
                let parts = text.split(separator: ".", omittingEmptySubsequences: false)
                guard !parts.isEmpty, parts.count <= 4, parts.allSatisfy(Self.isIdentifier) else {
                    throw fail(value, "\(path).type names a Swift type (`World`, `Core.World`); got '\(text)'")
                }
                type = text
            case "owners":
                owners = value.sequence?.isEmpty == true ? [] : try patterns(value, at: "\(path).owners")
            default: break
            }
        }
        guard let type else { throw fail(node, "\(path) needs a 'type': the container type's name") }
        return CheckConfig.WiringChecks.Container(type: type, owners: owners, location: location(node))
    }

    /// `sources.wiring.vocabulary`: the words of the team's injection style; each list given
    /// replaces its default (``WiringVocabulary``); every word is a Swift identifier.
    func vocabulary(_ node: Node, at path: String) throws(ConfigError) -> WiringVocabulary {
        var vocabulary = WiringVocabulary.standard
        let keys = ["builderProtocols", "builderTypes", "builderNamespaces", "moduleProtocols", "moduleParts", "interfaceModules"]
        for (key, _, value) in try entries(node, at: path, allowed: keys) {
            let path = "\(path).\(key)"
            switch key {
            case "builderProtocols": vocabulary.builderProtocols = try words(value, at: path)
            case "builderTypes": vocabulary.builderTypes = try words(value, at: path)
            case "builderNamespaces": vocabulary.builderNamespaces = try words(value, at: path)
            case "moduleParts": vocabulary.moduleParts = try words(value, at: path)
            case "interfaceModules": vocabulary.interfaceModules = try words(value, at: path)
            case "moduleProtocols":
                var kinds: [String: String] = [:]
                guard case let .mapping(mapping) = value else { throw fail(value, "\(path) must be a mapping of protocol names to kinds") }
                guard mapping.count <= Self.maximumWords else { throw fail(value, "\(path) has more than \(Self.maximumWords) entries") }
                for (keyNode, kindNode) in mapping {
                    let name = try string(keyNode, at: path)
                    let kind = try string(kindNode, at: "\(path).\(name)")
                    guard Self.isIdentifier(Substring(name)), Self.isIdentifier(Substring(kind)) else {
                        throw fail(
                            keyNode,
                            "\(path) maps protocol names to kinds, both Swift identifiers (`ScreenModule: screen`); got '\(name): \(kind)'")
                    }
                    kinds[name] = kind
                }
                vocabulary.moduleProtocols = kinds
            default: break
            }
        }
        return vocabulary
    }

    /// The most words one vocabulary list holds.
    static let maximumWords = 64

    /// A list of Swift identifiers, at most ``maximumWords``.
    private func words(_ node: Node, at path: String) throws(ConfigError) -> [String] {
        let words = try list(node, at: path) { reader, item, itemPath throws(ConfigError) in try reader.string(item, at: itemPath) }
        guard words.count <= Self.maximumWords else { throw fail(node, "\(path) has more than \(Self.maximumWords) words") }
        if let bad = words.first(where: { !Self.isIdentifier(Substring($0)) }) {
            throw fail(node, "\(path) lists Swift identifiers (`Builder`, `Factory`); got '\(bad)'")
        }
        return words
    }

    /// A Swift identifier: a letter or `_`, then letters, digits and `_`; at most 200 characters.
    private static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, text.unicodeScalars.count <= 200,
            first == "_" || first.properties.isAlphabetic
        else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    func limits(_ node: Node) throws(ConfigError) -> CheckConfig.Limits {
        var limits = CheckConfig.Limits()
        for (key, _, value) in try entries(node, at: "limits", allowed: ["depth", "fanIn", "fanOut"]) {
            let entry = (try integer(value, at: "limits.\(key)"), location(value))
            switch key {
            case "depth": limits.depth = entry
            case "fanIn": limits.fanIn = entry
            case "fanOut": limits.fanOut = entry
            default: break
            }
        }
        return limits
    }
}
