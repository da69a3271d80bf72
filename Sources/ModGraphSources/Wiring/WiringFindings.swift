import ModGraphCore
import ModGraphRules

/// The wiring checks (`sources.wiring`, docs/wiring.md) on what ``WiringAnalyzer`` read:
/// a need nothing provides, one two verticals provide, a builder requirement the app
/// never wires, a vertical wiring another's builder, a container extended outside its owners.
struct WiringFindings {
    let settings: CheckConfig.WiringChecks
    let roles: WiringRoles
    let graph: ModuleGraph

    /// - Complexity: O(N + S + X·C) for N needs, S wiring sites, X extensions and C containers.
    func findings(_ facts: WiringFacts, folders: [TargetID: String]) -> [Finding] {
        var findings: [Finding] = []
        var reach: [Int: Set<Int>] = [:]
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
            // Alternatives targets choose between are no conflict: only a build that links providers from
            // two verticals beside the needer gets two.
            if let (top, list, count) = doubleProvision(need, reach: &reach) {
                add(
                    .providedTwice, settings.providedTwice, need.site, "\(what) \(need.label)",
                    "\(need.needer.name) needs \(what) \(need.label), and \(top.name) links providers of it from \(count) verticals (\(list)); which one it gets is decided where the app wires it, so keep one in the build of \(top.name) or name them apart"
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

    /// The first build (in id order) that links providers of `need` from more than one vertical
    /// beside the needer: a target that depends on the needer (or is it) and that nothing but
    /// tests depends on, with the providers it reaches, by vertical. Nil when every such build
    /// links providers from one vertical at most (alternatives each app picks one of).
    ///
    /// - Complexity: O(V + E) per build looked at, each build's reach computed once (`reach`).
    private func doubleProvision(_ need: WiringFacts.Need, reach: inout [Int: Set<Int>]) -> (TargetID, String, Int)? {
        let verticalsOfProviders = Set(need.providers.compactMap { roles.verticals[$0.target] })
        guard verticalsOfProviders.count > 1, let needer = graph.index(of: need.needer) else { return nil }
        let digraph = graph.digraph
        func isTest(_ vertex: Int) -> Bool { graph.targets[vertex].type == .test }
        // The needer's dependents, the needer included.
        var dependents: Set<Int> = [needer]
        var queue = [needer]
        while let vertex = queue.popLast() {
            for next in digraph.predecessors(of: vertex) where dependents.insert(next).inserted { queue.append(next) }
        }
        let builds = dependents.filter { vertex in !isTest(vertex) && digraph.predecessors(of: vertex).allSatisfy(isTest) }
            .sorted { graph.targets[$0].id < graph.targets[$1].id }
        for build in builds.prefix(Self.maximumBuilds) {
            if reach[build] == nil {
                var seen: Set<Int> = [build]
                var pending = [build]
                while let vertex = pending.popLast() {
                    for next in digraph.successors(of: vertex) where seen.insert(next).inserted { pending.append(next) }
                }
                reach[build] = seen
            }
            let reached = reach[build] ?? []
            var byVertical: [String: [String]] = [:]
            for provider in need.providers {
                guard let vertical = roles.verticals[provider.target], let vertex = graph.index(of: provider.target), reached.contains(vertex)
                else { continue }
                byVertical[vertical, default: []].append("\(provider.type) in \(provider.target.name)")
            }
            if byVertical.count > 1 {
                return (graph.targets[build].id, byVertical.keys.sorted().flatMap { byVertical[$0] ?? [] }.joined(separator: ", "), byVertical.count)
            }
        }
        return nil
    }

    /// Far more products than an app builds with one module: what is looked at per need.
    static let maximumBuilds = 256

}
