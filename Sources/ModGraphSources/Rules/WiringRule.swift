import ModGraphCore
import ModGraphRules

/// The wiring checks (`sources.wiring`, docs/wiring.md) on what ``WiringAnalyzer`` read:
/// a need nothing provides, one two verticals provide, a builder requirement the app
/// never wires, a vertical wiring another's builder, a container extended outside its owners.
struct WiringRule {
    let settings: CheckConfig.WiringChecks
    let roles: WiringRoles
    let graph: ModuleGraph

    /// - Complexity: O(N + S + X·C) for N needs, S wiring sites, X extensions and C containers.
    func findings(_ facts: WiringFacts, folders: [TargetID: String]) -> [Finding] {
        var findings: [Finding] = []
        func position(_ site: Wiring.Site) -> SourcePosition {
            let folder = folders[site.target] ?? ""
            let path = folder.isEmpty ? site.file : (folder.hasSuffix("/") ? folder : folder + "/") + site.file
            return SourcePosition(file: path, line: site.line, column: site.column)
        }
        func add(_ rule: RuleKind, _ level: RuleLevel, _ site: Wiring.Site, _ subject: String, _ message: String, location: ConfigLocation? = nil) {
            guard let severity = level.severity else { return }
            findings.append(
                Finding(
                    rule: rule, severity: severity, chain: [site.target], message: message, source: location ?? settings.location,
                    sourcePosition: position(site), subject: "\(site.file): \(subject)"))
        }
        for need in facts.needs {
            let what = need.kind == .builder ? "builder requirement" : "interface protocol"
            if need.providers.isEmpty && need.wired.isEmpty {
                let hint =
                    need.kind == .builder
                    ? "declare a builder whose dependencies take its argument type, and have the app wire it"
                    : "implement it in the vertical that offers it, or remove it from the interface module"
                add(
                    .unprovidedRequirement, settings.unprovided, need.site, "\(what) \(need.label)",
                    "\(need.needer.name) needs \(what) \(need.label), which no module of the graph provides; \(hint)")
            }
            var verticals: [String: [String]] = [:]
            for provider in need.providers {
                guard let feature = roles.verticals[provider.target] else { continue }
                verticals[feature, default: []].append("\(provider.type) in \(provider.target.name)")
            }
            if verticals.count > 1 {
                let list = verticals.keys.sorted().flatMap { verticals[$0] ?? [] }.joined(separator: ", ")
                add(
                    .providedTwice, settings.providedTwice, need.site, "\(what) \(need.label)",
                    "\(need.needer.name) needs \(what) \(need.label), which \(verticals.count) verticals provide (\(list)); which one it gets is decided where the app wires it, so keep one provider or name them apart"
                )
            }
            if need.kind == .builder, need.wired.isEmpty, !roles.app.isEmpty {
                add(
                    .unwiredBuilder, settings.unwired, need.site, "\(what) \(need.label)",
                    "no module of the app wires \(what) \(need.label) of \(need.needer.name): implement it where the app builds \(need.needer.name)'s dependencies"
                )
            }
        }
        for module in facts.wiring.modules {
            guard let feature = roles.verticals[module.target] else { continue }
            for site in module.wiringSites where site.owner != module.target && roles.verticals[site.owner].map({ $0 != feature }) == true {
                add(
                    .verticalWiring, settings.verticalWiring, site.site, site.what,
                    "\(module.target.name) wires \(site.what) of \(site.owner.name) itself; wiring one vertical into another belongs to the app"
                )
            }
        }
        for (index, container) in settings.containers.enumerated() {
            let simple = String(WiringName.components(of: container.type).last ?? Substring(container.type))
            var extended = false
            for found in facts.extensions {
                let written = String(found.type.split(separator: "<").first ?? Substring(found.type))
                guard written == container.type || written == simple else { continue }
                extended = true
                let target = found.site.target
                let packageName = graph.package(target.package)?.name
                if container.owners.contains(where: { $0.pattern.match(target, packageName: packageName) != nil }) { continue }
                add(
                    .containerExtension, settings.containerExtensions, found.site, "extension \(written)",
                    "\(target.name) extends \(container.type), which only its owners may extend (sources.wiring.containers); move the extension to an owner or add \(target.name) to owners",
                    location: container.location)
            }
            // A container no module extends: the check has nothing to look at, most often a typo in
            // its name. Stale configuration, as the graph-level `stale-config` says of patterns.
            if !extended {
                findings.append(
                    Finding(
                        rule: .staleConfig, severity: .warning, chain: [],
                        message:
                            "container type '\(container.type)' (sources.wiring.containers[\(index)]) is extended by no module's sources: remove it or fix its name",
                        source: container.location))
            }
        }
        return findings
    }
}
