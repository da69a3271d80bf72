import ModGraphCore
import ModGraphRules

/// The layers `modgraph init` proposes for a graph, each with why: apps and
/// executables on top, feature-like modules as an isolated layer, interface
/// modules below them, what is left (what they share) as core, and the build
/// tools (plugins, macros and the executables plugins run) where they break the
/// fewest dependencies. Every target of the workspace's own code but its tests is
/// placed, so that `unassigned: error` holds on the day the file is written.
struct StarterConfiguration {
    struct Layer {
        let name: String
        /// Why its targets were put there, one comment line each, for the reader to judge.
        let why: [String]
        let targets: [String]
        let isolated: Bool
        /// `isolated`'s patterns when features are several modules each (``featurePatterns(_:_:)``); empty: each its own.
        var featurePatterns: [String] = []
    }

    let layers: [Layer]
    let interfaces: [String]
    /// Whether the sources wire verticals the ways `sources.wiring` reads: its checks are written only then.
    var wiring = false
    /// Whether the workspace's own targets have Swift files to read: `sources:` is written only then.
    let readsSources: Bool
    /// `affected.ignore`: files that build nothing (documentation, CI), as path patterns.
    let ignoredPaths: [String]

    /// - Parameters:
    ///   - readsSources: whether the source checks would find Swift files to read.
    ///   - ignoredPaths: the `affected.ignore` patterns to write.
    /// - Complexity: O(V + E).
    init(graph: ModuleGraph, readsSources: Bool = true, ignoredPaths: [String] = []) {
        self.readsSources = readsSources
        self.ignoredPaths = ignoredPaths
        let own = Set(graph.packages.filter(\.origin.isOwn).map(\.identity))
        let candidates = graph.targets.indices.filter { vertex in
            let target = graph.targets[vertex]
            return own.contains(target.package) && !target.type.isTest && target.type != .externalProduct
        }
        let isCandidate = Set(candidates)
        let tools = Self.tools(candidates, isCandidate, graph)
        // Aggregate targets ("build everything", script runners) compile nothing: apart, like the tools.
        let aggregates = Set(candidates.filter { graph.targets[$0].type == .aggregate && !tools.contains($0) })
        let apart = tools.union(aggregates)
        let twinOf = Self.twins(candidates, apart: apart, graph)
        let placed = candidates.filter { !apart.contains($0) && twinOf[$0] == nil }
        let apps = placed.filter { graph.targets[$0].type.isEntryPoint }
        let isApp = Set(apps)
        let interfaces = placed.filter { !isApp.contains($0) && WiringVocabulary.standard.looksLikeInterface(graph.targets[$0].name) }
        let isInterface = Set(interfaces)
        let found = Self.features(
            placed.filter { !isApp.contains($0) && !isInterface.contains($0) }, isApp: isApp, isCandidate: isCandidate, twinOf: twinOf,
            graph)
        let allFeatures = found.named + found.inFolder + found.usedByAppsOnly
        let isFeature = Set(allFeatures)
        let composers = Self.composers(allFeatures, isFeature: isFeature, isApp: isApp, isCandidate: isCandidate, twinOf: twinOf, graph)
        let isComposer = Set(composers)
        let namedFeatures = found.named.filter { !isComposer.contains($0) }
        let inFeatureFolder = found.inFolder.filter { !isComposer.contains($0) }
        let usedByAppsOnly = found.usedByAppsOnly.filter { !isComposer.contains($0) }
        let rest = placed.filter { !isApp.contains($0) && !isInterface.contains($0) && !isFeature.contains($0) }
        let usedByCore = Self.interfacesUsed(byCore: rest, interfaces: interfaces, graph)
        let layered = interfaces.filter { !usedByCore.contains($0) }
        let core = rest + interfaces.filter(usedByCore.contains)
        let namer = Namer(graph: graph, candidates: candidates, twinOf: twinOf)

        var layers: [Layer] = []
        if !apps.isEmpty { layers.append(Self.appLayer(apps, composers: composers, namer)) }
        if let features = Self.featureLayer(named: namedFeatures, inFolder: inFeatureFolder, usedByAppsOnly: usedByAppsOnly, namer) {
            layers.append(features)
        }
        if !layered.isEmpty {
            layers.append(
                namer.layer(
                    "interfaces",
                    [
                        "named like interfaces (\(namer.examples(layered))): protocols and plain data the features share instead of depending on one another"
                    ],
                    layered))
        }
        if !core.isEmpty {
            var why = ["what the layers above share, and every module no other rule placed (\(namer.examples(rest.isEmpty ? core : rest)))"]
            if !usedByCore.isEmpty {
                why.append(
                    "named like interfaces but used by modules placed here (\(namer.examples(Array(usedByCore)))): below those, so with them"
                )
            }
            layers.append(namer.layer("core", why, core))
        }
        for (name, members, what) in [
            ("tools", tools, "build tools (%@): plugins, macros and the executables plugins run"),
            ("aggregates", aggregates, "aggregate targets (%@): they compile nothing, and build or run what they name"),
        ] where !members.isEmpty {
            let list = candidates.filter(members.contains)
            let (atBottom, why) = Self.side(of: members, isCandidate: isCandidate, graph)
            let apartLayer = namer.layer(name, [what.replacingOccurrences(of: "%@", with: namer.examples(list)), why], list)
            if atBottom { layers.append(apartLayer) } else { layers.insert(apartLayer, at: 0) }
        }
        self.layers = layers
        self.interfaces = namer.literals(interfaces)
    }

    /// The apps, extensions and executables on top, with what composes features for them (``composers(_:isFeature:isApp:isCandidate:twinOf:_:)``).
    private static func appLayer(_ apps: [Int], composers: [Int], _ namer: Namer) -> Layer {
        var why = ["apps, extensions and executables (\(namer.examples(apps))): they wire the modules below and nothing depends on them"]
        if !composers.isEmpty {
            why.append(
                "and what composes features for them (\(namer.examples(composers))): each depends on half the features or more, and only apps depend on it"
            )
        }
        return namer.layer("app", why, apps + composers)
    }

    /// The isolated layer of features, each reason it holds a module said, and the patterns that make one feature of
    /// a feature's several modules; nil when there are none.
    private static func featureLayer(named: [Int], inFolder: [Int], usedByAppsOnly: [Int], _ namer: Namer) -> Layer? {
        let members = named + inFolder + usedByAppsOnly
        guard !members.isEmpty else { return nil }
        var why = ["verticals that must not reach one another"]
        if !named.isEmpty { why.append("named like features: \(namer.examples(named))") }
        if !inFolder.isEmpty { why.append("kept in a folder of features: \(namer.examples(inFolder))") }
        if !usedByAppsOnly.isEmpty {
            why.append(
                "used by apps and by no other module: \(namer.examples(usedByAppsOnly)); a weak sign: move to core what several features will share"
            )
        }
        let patterns = featurePatterns(members, namer.graph)
        if !patterns.isEmpty {
            why.append(
                "one feature per name before a part several features have (\(patterns.prefix(3).map(quoted).joined(separator: ", "))\(patterns.count > 3 ? ", …" : "")), as their folders group them"
            )
        }
        var layer = namer.layer("features", why, members, isolated: true)
        layer.featurePatterns = patterns
        return layer
    }

    /// How the proposal names targets and lists examples, and makes layers with the platform copies of their members.
    private struct Namer {
        let graph: ModuleGraph
        let candidates: [Int]
        let twinOf: [Int: Int]
        let unique: [String: Int]

        init(graph: ModuleGraph, candidates: [Int], twinOf: [Int: Int]) {
            self.graph = graph
            self.candidates = candidates
            self.twinOf = twinOf
            unique = Dictionary(grouping: candidates.map { graph.targets[$0].name }, by: { $0 }).mapValues(\.count)
        }

        /// Names alone when they are unique among the candidates, else package/Name.
        func literals(_ vertices: [Int]) -> [String] {
            vertices.map { vertex in
                let target = graph.targets[vertex]
                return unique[target.name] == 1 ? StarterConfiguration.literal(target.name) : StarterConfiguration.literal(target.id)
            }.sorted()
        }

        /// Names are data, in comments too: each one quoted, so that none can end the comment's line.
        func examples(_ vertices: [Int]) -> String {
            let shown = vertices.map { graph.targets[$0].name }.sorted()
            return shown.prefix(3).map(StarterConfiguration.quoted).joined(separator: ", ") + (shown.count > 3 ? ", …" : "")
        }

        /// A layer of `vertices` and the platform copies of them, saying why.
        func layer(_ name: String, _ why: [String], _ vertices: [Int], isolated: Bool = false) -> Layer {
            let members = Set(vertices)
            let copies = candidates.filter { twinOf[$0].map(members.contains) ?? false }
            let note =
                copies.isEmpty
                ? [] : ["with them, their platform copies (\(examples(copies))): a copy goes where the module it copies goes"]
            return Layer(name: name, why: why + note, targets: literals(vertices + copies), isolated: isolated)
        }
    }

    /// Build tools: plugins and macros, and the executables plugins run (which no app is).
    private static func tools(_ candidates: [Int], _ isCandidate: Set<Int>, _ graph: ModuleGraph) -> Set<Int> {
        var tools = Set(candidates.filter { [.plugin, .macro].contains(graph.targets[$0].type) })
        var pending = Array(tools)
        while let tool = pending.popLast() {
            for next in graph.digraph.successors(of: tool)
            where isCandidate.contains(next) && graph.targets[next].type == .executable && tools.insert(next).inserted {
                pending.append(next)
            }
        }
        return tools
    }

    /// A platform copy of a module (`Kit-watchOS` beside `Kit`) goes where the module goes: each copy's module.
    private static func twins(_ candidates: [Int], apart: Set<Int>, _ graph: ModuleGraph) -> [Int: Int] {
        let names = Dictionary(grouping: candidates, by: { graph.targets[$0].name })
        var twinOf: [Int: Int] = [:]
        for vertex in candidates where !apart.contains(vertex) {
            if let base = platformCopyBase(graph.targets[vertex].name), let twins = names[base],
                let twin = twins.first(where: { $0 != vertex && !apart.contains($0) })
            {
                twinOf[vertex] = twin
            }
        }
        return twinOf
    }

    /// The features among `rest`: named like one; kept in a folder named like features
    /// (`Modules/Feature/Feed`, `Features/Home`) and not named like a shared module, whoever uses them
    /// (a feature another feature uses is the edge vertical isolation is about, not a shared module);
    /// or (a weak sign, kept for names that say nothing either way) used by apps alone, with
    /// dependencies of their own, and not named like a shared module.
    private static func features(
        _ rest: [Int], isApp: Set<Int>, isCandidate: Set<Int>, twinOf: [Int: Int], _ graph: ModuleGraph
    ) -> (named: [Int], inFolder: [Int], usedByAppsOnly: [Int]) {
        var named: [Int] = []
        var inFolder: [Int] = []
        var usedByAppsOnly: [Int] = []
        for vertex in rest {
            let name = graph.targets[vertex].name
            // `Projects/Shared/UtilityModule`, `Projects/Core/JwtStore`: kept with shared code, whatever the name says.
            if isInSharedFolder(graph.targets[vertex], graph) { continue }
            if looksLikeFeature(name), !looksShared(name) {
                named.append(vertex)
                continue
            }
            if isInFeatureFolder(graph.targets[vertex], graph), !looksShared(name) {
                inFolder.append(vertex)
                continue
            }
            let users = graph.digraph.predecessors(of: vertex).filter { isCandidate.contains($0) && !graph.targets[$0].type.isTest }
            if !users.isEmpty, users.allSatisfy({ isApp.contains($0) || isApp.contains(twinOf[$0] ?? -1) }),
                !graph.digraph.successors(of: vertex).isEmpty, !looksShared(name)
            {
                usedByAppsOnly.append(vertex)
            }
        }
        return (named, inFolder, usedByAppsOnly)
    }

    /// Features that compose others for an app (a root `Feature` module, a `TabBar`, a `MainCoordinator`): each is
    /// a feature of one module, depends on two other features or more and on at least half of them, and only apps
    /// depend on it (tests aside). They wire verticals as an app does, so they go with the apps: among the features,
    /// every one of their edges would be an exception. A vertical that reaches into a few others (`Home` using
    /// `Profile` and `Search` of twenty), or one module of a feature of several (`MOITListUserInterfaceImpl`
    /// beside `MOITListDomain`), stays a feature, its edges the violations they are. Decided once, on the features
    /// as first found, so a feature only such a module uses stays a feature.
    private static func composers(
        _ features: [Int], isFeature: Set<Int>, isApp: Set<Int>, isCandidate: Set<Int>, twinOf: [Int: Int], _ graph: ModuleGraph
    ) -> [Int] {
        let parts = featurePatterns(features, graph).map { $0.dropFirst("{feature}".count) }.filter { !$0.isEmpty }
        // The feature a module is part of: its name without the longest shared part it ends with.
        func feature(_ vertex: Int) -> Substring {
            let name = Substring(graph.targets[vertex].name)
            guard let part = parts.first(where: { name.hasSuffix($0) && name.count > $0.count }) else { return name }
            return name.dropLast(part.count)
        }
        let members = Dictionary(grouping: features, by: feature)
        return features.filter { vertex in
            let own = feature(vertex)
            guard members[own]?.count == 1 else { return false }
            let others = Set(graph.digraph.successors(of: vertex).filter { isFeature.contains($0) && $0 != vertex }.map(feature))
                .subtracting([own])
            guard others.count >= 2, others.count * 2 >= members.count - 1 else { return false }
            let users = graph.digraph.predecessors(of: vertex).filter { isCandidate.contains($0) && !graph.targets[$0].type.isTest }
            return !users.isEmpty && users.allSatisfy { isApp.contains($0) || isApp.contains(twinOf[$0] ?? -1) }
        }
    }

    /// The interface modules that a module of `core` uses, directly or through others of them: each sits
    /// below its users, so the interfaces layer above the core would make every such use an exception.
    /// - Complexity: O(V + E).
    private static func interfacesUsed(byCore core: [Int], interfaces: [Int], _ graph: ModuleGraph) -> Set<Int> {
        let isInterface = Set(interfaces)
        var used: Set<Int> = []
        var pending = core
        while let user = pending.popLast() {
            for next in graph.digraph.successors(of: user) where isInterface.contains(next) && used.insert(next).inserted {
                pending.append(next)
            }
        }
        return used
    }

    /// `isolated` patterns that make one feature of a vertical's several modules: where modules are kept in
    /// a folder per feature below a features folder (`Features/Auth/AuthData`, `Features/Auth/AuthDomainImp`),
    /// the parts their names add to a feature's name (`Data`, `DomainImp`) that two features or more have,
    /// longest first, as `{feature}DomainImp`, then `{feature}` for members with no such part. Empty when
    /// no part is shared: each member is then a feature of its own (`isolated: true`). Names and parts are
    /// kept only as ASCII letters and digits, so a pattern never holds the pattern syntax's characters.
    static func featurePatterns(_ members: [Int], _ graph: ModuleGraph) -> [String] {
        func isPlain(_ text: Substring) -> Bool {
            !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        }
        var features: Set<Substring> = []
        for vertex in members {
            let target = graph.targets[vertex]
            let folders = (graph.package(target.package)?.path ?? "").split(separator: "/") + (target.path ?? "").split(separator: "/")
            for (index, folder) in folders.enumerated().dropLast() where featureFolders.contains(String(folder)) {
                if isPlain(folders[index + 1]) { features.insert(folders[index + 1]) }
            }
        }
        var featuresByPart: [Substring: Set<Substring>] = [:]
        for vertex in members {
            let name = graph.targets[vertex].name
            // The longest feature the name starts with: `MissionUploadDomain` is MissionUpload's, not Mission's.
            guard let feature = features.filter({ name.hasPrefix($0) && name.count > $0.count }).max(by: { $0.count < $1.count })
            else { continue }
            let part = name.dropFirst(feature.count)
            if isPlain(part) { featuresByPart[part, default: []].insert(feature) }
        }
        let parts = featuresByPart.filter { $0.value.count >= 2 }.keys.sorted { ($1.count, $0) < ($0.count, $1) }
        guard !parts.isEmpty else { return [] }
        var patterns = parts.map { "{feature}" + $0 }
        let unmatched = members.contains { vertex in
            let name = graph.targets[vertex].name
            return !parts.contains { name.hasSuffix($0) && name.count > $0.count }
        }
        if unmatched { patterns.append("{feature}") }
        return patterns
    }

    /// Folder names a team keeps its verticals in.
    static let featureFolders: Set<String> = ["Feature", "Features", "feature", "features", "Vertical", "Verticals"]

    /// Whether a folder on the way to `target`'s sources is named like a features folder: one of its
    /// package's or project's path, or one holding the target's own folder (a target kept in a folder
    /// named `Features` is in it; one whose own folder is so named may be an umbrella of them).
    static func isInFeatureFolder(_ target: Target, _ graph: ModuleGraph) -> Bool {
        let packageFolders = (graph.package(target.package)?.path ?? "").split(separator: "/")
        let targetFolders = (target.path ?? "").split(separator: "/").dropLast()
        return (packageFolders + targetFolders).contains { featureFolders.contains(String($0)) }
    }

    /// Folder names a team keeps shared code in, below its features (TMA's `Projects/Core`, `Projects/Shared`,
    /// `Projects/Domain`).
    static let sharedFolders: Set<String> = [
        "Core", "core", "Shared", "shared", "Common", "common", "Domain", "Domains", "Foundation", "Infrastructure", "Libraries",
    ]

    /// Whether a folder on the way to `target`'s sources is named like shared code (``sharedFolders``) and none like
    /// features (`Features/Auth/AuthDomain` is a feature's).
    static func isInSharedFolder(_ target: Target, _ graph: ModuleGraph) -> Bool {
        let folders =
            (graph.package(target.package)?.path ?? "").split(separator: "/") + (target.path ?? "").split(separator: "/").dropLast()
        return folders.contains { sharedFolders.contains(String($0)) } && !folders.contains { featureFolders.contains(String($0)) }
    }

    /// Above everything or below everything, whichever breaks fewer of today's dependencies, and why.
    private static func side(of members: Set<Int>, isCandidate: Set<Int>, _ graph: ModuleGraph) -> (atBottom: Bool, why: String) {
        var usedBy = 0
        var uses = 0
        for (from, to) in graph.digraph.edges where isCandidate.contains(from) && isCandidate.contains(to) {
            if !members.contains(from), members.contains(to), !graph.targets[from].type.isTest { usedBy += 1 }
            if members.contains(from), !members.contains(to) { uses += 1 }
        }
        let atBottom = uses <= usedBy
        return (
            atBottom,
            atBottom
                ? "at the bottom: the modules above use them (\(usedBy) \(usedBy == 1 ? "dependency" : "dependencies")) as much as or more than they use those modules (\(uses))"
                : "on top: they use the modules below (\(uses) \(uses == 1 ? "dependency" : "dependencies")) more than those modules use them (\(usedBy))"
        )
    }

    static func looksLikeFeature(_ name: String) -> Bool {
        ["Feature", "Features", "Vertical", "Screen", "Flow", "Module"].contains { name.hasSuffix($0) && name.count > $0.count }
    }

    /// Names of modules meant to be shared (`LoopKit`, `CoreNetworking`, `TestSupport`): never a
    /// feature only because one app uses them today.
    static func looksShared(_ name: String) -> Bool {
        let shared = [
            "Kit", "Core", "Common", "Shared", "Foundation", "Utilities", "Utils", "Util", "Extensions", "Support", "Helpers",
            "Models", "Model", "Networking", "Network", "Storage", "Persistence", "DesignSystem", "UI", "Library", "Lib",
            "SDK", "Testing", "Mocks",
        ]
        if shared.contains(where: { name.hasSuffix($0) || name.hasPrefix($0) }) { return true }
        // `BaseFeature`, `UtilityModule`: a base or the utilities every feature builds on; `Baseball…` is not.
        return ["Base", "Utility"].contains { word in
            name.hasPrefix(word) && name.dropFirst(word.count).first.map { $0.isUppercase || $0.isNumber } ?? true
        }
    }

    /// The name of the module `name` is a platform copy of (`LoopKit` for `LoopKit-watchOS`,
    /// `Kit` for `Kit_macOS` or `KitTV`); `nil` when it does not end in a platform's name.
    static func platformCopyBase(_ name: String) -> String? {
        let platforms = ["watchOS", "WatchOS", "iOS", "macOS", "MacOS", "OSX", "tvOS", "TV", "visionOS", "Mac", "Watch", "Catalyst"]
        for platform in platforms where name.hasSuffix(platform) && name.count > platform.count {
            var base = name.dropLast(platform.count)
            if let last = base.last, "-_ ".contains(last) { base = base.dropLast() }
            if !base.isEmpty { return String(base) }
        }
        return nil
    }

    /// The YAML, with `exceptions` for today's violations so that `check` passes right away;
    /// `notYetInterfaces` hold more than interfaces today and are left out of `sources.interfaces`.
    func yaml(
        exceptions: [(from: String, to: String, rule: String)], sourcesLevel: String, wiringLevel: String = "error",
        notYetInterfaces: Set<String> = [],
        triggers: [StarterTriggers.Trigger] = []
    ) -> String {
        var lines = [
            "# yaml-language-server: $schema=https://raw.githubusercontent.com/modgraph/modgraph/main/docs/modgraph.schema.json",
            "# Written by `modgraph init` from the graph as it is today: read it, move what is misplaced,",
            "# and commit it. docs/configuration.md explains every key.",
            "version: 1",
            "layers:",
        ]
        for layer in layers {
            for (index, why) in layer.why.enumerated() {
                lines.append(
                    "  # " + (index == 0 ? why.prefix(1).uppercased() + why.dropFirst() : why) + (index == layer.why.count - 1 ? "." : ";"))
            }
            lines.append("  - name: \(layer.name)")
            lines.append("    targets: [" + layer.targets.map(Self.quoted).joined(separator: ", ") + "]")
            if !layer.featurePatterns.isEmpty {
                lines.append("    isolated: [" + layer.featurePatterns.map(Self.quoted).joined(separator: ", ") + "]")
            } else if layer.isolated {
                lines.append("    isolated: true")
            }
        }
        lines += [
            "# A module no layer names is an error: a new module must be placed.",
            "unassigned: error",
            "# Tests may depend on anything they test.",
            "tests: exempt",
        ]
        if readsSources {
            lines += [
                "# Read the Swift files: every module imports what its manifest declares, and interface modules hold only interfaces.",
                "sources:",
                "  undeclaredImports: \(sourcesLevel)",
                "  unusedDependencies: warning",
                "  # Test targets: a module they import through another, or one they declare and do not import,",
                "  # costs the product nothing; said, not failed.",
                "  tests: {undeclaredImports: warning, unusedDependencies: note}",
            ]
            let clean = interfaces.filter { !notYetInterfaces.contains($0) }
            if !clean.isEmpty {
                lines.append("  interfaces: [" + clean.map(Self.quoted).joined(separator: ", ") + "]")
            }
            for name in notYetInterfaces.sorted() {
                lines.append("  # \(name) holds more than protocols and plain data today: add it to interfaces when it does not.")
            }
            if wiring {
                lines.append("  # The verticals reach one another through interfaces and builders the app wires (docs/wiring.md).")
                if wiringLevel == "error" {
                    lines.append("  wiring: {}")
                } else {
                    lines += [
                        "  # Some wiring is off today: the checks warn until it is fixed.",
                        "  wiring:",
                        "    unprovided: \(wiringLevel)",
                        "    verticalWiring: \(wiringLevel)",
                    ]
                }
            }
        } else {
            lines.append("# No Swift file of the workspace's own targets was found to read: add `sources: {}` when there are some.")
        }
        if !ignoredPaths.isEmpty {
            lines += [
                "# Files that build nothing (documentation, CI): modgraph affected selects no target for them.",
                "affected:",
                "  ignore: [" + ignoredPaths.map(Self.quoted).joined(separator: ", ") + "]",
            ]
        } else if !triggers.isEmpty {
            lines.append("affected:")
        }
        if !triggers.isEmpty {
            lines += [
                "  # Folders tests read that no target builds (fixtures): a change there selects these tests.",
                "  # Narrow each list to the tests that read the folder.",
                "  triggers:",
            ]
            for trigger in triggers {
                switch trigger.basis {
                case .testFolder: lines.append("    # the test target whose folder holds it")
                case .named: lines.append("    # the tests whose sources name the folder or begin a path with what is in it")
                case .everyTest: lines.append("    # every test of the package: no test's sources name the folder or what is in it")
                }
                lines.append("    - paths: [" + Self.quoted(trigger.path) + "]")
                lines.append("      targets: [" + trigger.targets.map(Self.quoted).joined(separator: ", ") + "]")
            }
        }
        if !exceptions.isEmpty {
            lines.append("# Dependencies that break the layers above today. Each is allowed until it is gone; remove it then.")
            lines.append("exceptions:")
            for exception in exceptions {
                lines.append(
                    "  - {from: \(Self.quoted(exception.from)), to: \(Self.quoted(exception.to)), rule: \(exception.rule), "
                        + "reason: \"present when modgraph init wrote this file\"}")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A pattern that matches exactly `name`: the pattern syntax's characters escaped, so that a
    /// target named `*` is not a pattern for every target. A leading U+FEFF is escaped too: the
    /// YAML library hands a scalar back through Foundation's UTF-8 decoding, which drops a
    /// leading U+FEFF as a byte order mark, so the scalar must not start with one.
    static func literal(_ name: String) -> String {
        var result = ""
        for (offset, character) in name.enumerated() {
            if "\\*?{}[]/".contains(character) || (offset == 0 && (character == "!" || character == "\u{FEFF}")) {
                result.append("\\")
            }
            result.append(character)
        }
        return result
    }

    /// `package/Name` as a pattern matching exactly that target.
    static func literal(_ id: TargetID) -> String {
        literal(id.package.rawValue) + "/" + literal(id.name)
    }

    /// A YAML double-quoted scalar that the configuration reader (libyaml) gives back
    /// as exactly `text`: names are data. What YAML does not allow raw in a document
    /// (anything outside its printable set: controls, DEL, C1, U+FFFE and U+FFFF) and
    /// what would change a reader's view of the line (line and paragraph separators,
    /// NEL, format characters such as U+FEFF and bidirectional overrides) is written
    /// as a `\u` escape; `"` and `\` are escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _
            where !isPrintableInYAML(scalar) || scalar.properties.generalCategory == .format || (0x2028...0x2029).contains(scalar.value):
                result += scalar.value > 0xFFFF ? String(format: "\\U%08X", scalar.value) : String(format: "\\u%04X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// YAML's printable characters, less tab, line feed, carriage return and NEL, which a
    /// double-quoted scalar would fold or turn into line breaks.
    private static func isPrintableInYAML(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
