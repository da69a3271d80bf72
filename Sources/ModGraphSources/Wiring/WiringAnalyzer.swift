import ModGraphCore

/// Turns the files of each module, as ``WiringCollector`` read them, into the
/// wiring inventory and graph (``Wiring``) and the facts the wiring checks
/// judge (``WiringFacts``).
///
/// Everything is matched by name within the graph's modules: a type name
/// declared by two modules is ambiguous and matched to neither, a name declared
/// outside the graph (UIKit's, a package's that is not read) is nobody's.
/// What this can see and what it cannot is in docs/wiring.md.
struct WiringAnalyzer {
    let roles: WiringRoles

    /// A declaration and where it is. A class: the indexes of a pass hold each declaration
    /// several times, and a copy of a struct of a dozen lists retained each one (on a generated
    /// app of 5,000 files, copies were a third of the analysis of a warm `check`).
    final class Located {
        let target: TargetID
        let file: String
        let declaration: WiringDeclaration

        init(target: TargetID, file: String, declaration: WiringDeclaration) {
            self.target = target
            self.file = file
            self.declaration = declaration
        }

        func site(line: Int? = nil, column: Int? = nil) -> Wiring.Site {
            Wiring.Site(
                target: target, file: file, line: line ?? declaration.line, column: column ?? declaration.column)
        }
    }

    /// A file's uses, with the module and the file they are in.
    struct Uses {
        let target: TargetID
        let file: String
        let wiring: WiringFile
    }

    /// The most protocol refinements followed up from one protocol.
    static let refinementLimit = 64

    /// Test targets are left out: they build against what they test, and a double they
    /// declare is not a provider (``WiringRoles`` gives them no part).
    func analyze(scanned: [TargetID: [ScannedFile]], folders: [TargetID: String], graph: ModuleGraph) -> WiringFacts {
        var declarations: [Located] = []
        var uses: [Uses] = []
        for target in scanned.keys.sorted() {
            if let vertex = graph.index(of: target), graph.targets[vertex].type.isTest { continue }
            for file in scanned[target] ?? [] {
                guard let wiring = file.wiring else { continue }
                let relative = InterfaceRule.relative(file.path, to: folders[target] ?? "")
                declarations += wiring.declarations.map { Located(target: target, file: relative, declaration: $0) }
                uses.append(Uses(target: target, file: relative, wiring: wiring))
            }
        }
        var pass = WiringPass(roles: roles, declarations: declarations, uses: uses)
        return pass.run()
    }
}

/// What the wiring checks judge, beside the inventory and the graph.
struct WiringFacts {
    /// Something a module needs: an interface protocol or a builder requirement, with its providers.
    struct Need {
        let kind: Wiring.Kind
        let label: String
        let needer: TargetID
        let site: Wiring.Site
        /// Provider modules and the types that provide, sorted.
        let providers: [(target: TargetID, type: String)]
        /// For a builder requirement: where the app wires it (empty: nowhere found).
        let wired: [Wiring.Site]
    }

    /// An extension, by the type it extends as written (`World`, `Core.World`), for the container check.
    struct Extension {
        let type: String
        let site: Wiring.Site

        init(type: String, site: Wiring.Site) {
            self.type = type
            self.site = site
        }

        /// `declaration`, of `file` in `target`, as the facts list it: every extension, by the type as written; nil
        /// for any other declaration.
        init?(listing declaration: WiringDeclaration, target: TargetID, file: String) {
            guard declaration.kind == .extension else { return nil }
            self.init(
                type: declaration.name, site: Wiring.Site(target: target, file: file, line: declaration.line, column: declaration.column))
        }
    }

    var wiring: Wiring
    var needs: [Need]
    var extensions: [Extension]
    /// Every name the analysis matches by or may look up: each component of every declaration's name, the
    /// arguments of builder requirements and the dependency protocols. Not what the checks judge: kept beside
    /// the answer, so that a file that adds only declarations and uses none of these names, of kinds no phase
    /// reads, is known to leave the answer as it was (``WiringAdditions``).
    var names: Set<String> = []
    /// The names a use is matched by (never more than ``names`` and the vocabulary's builder namespaces): what the
    /// interface modules declare (services, containers), builder namespaces, screen modules, the types that provide
    /// a protocol, builders, and the types that state a builder requirement. A use of any other name, even one a
    /// module declares, matches nothing.
    var useNames: Set<String> = []
    /// The part of ``names`` no declaration's name gives: the dependency protocols and the builder requirements'
    /// arguments. Not kept with the answer: what this run's judge of the files it may leave out next time
    /// weighs their names against (``WiringRelevance``).
    var derivedNames: Set<String> = []
    /// The part of ``useNames`` a use outside the app may be matched by: what the interface modules declare, builder
    /// namespaces, screen modules and builders. The app's uses alone are looked up among the types that provide a
    /// protocol and those that state a requirement. Not kept with the answer, like ``derivedNames``.
    var featureUseNames: Set<String> = []
}

/// One analysis: the indexes made from the declarations, and each module's inventory as it is filled.
struct WiringPass {
    let roles: WiringRoles
    let declarations: [WiringAnalyzer.Located]
    let uses: [WiringAnalyzer.Uses]

    /// Type names to the one module that declares them; a name two modules declare is left out.
    private(set) var owner: [String: TargetID] = [:]
    /// Protocols by name, for those with one owner.
    private(set) var protocols: [String: WiringAnalyzer.Located] = [:]
    /// Each module's declarations by qualified name (`PaywallBuilder.Deps`), the first of a name.
    private(set) var byQualifiedName: [Qualified: WiringAnalyzer.Located] = [:]

    struct Qualified: Hashable {
        let target: TargetID
        let name: String
    }
    private(set) var modules: [TargetID: Wiring.Module] = [:]

    init(roles: WiringRoles, declarations: [WiringAnalyzer.Located], uses: [WiringAnalyzer.Uses]) {
        self.roles = roles
        self.declarations = declarations
        self.uses = uses
        var owners: [String: Set<TargetID>] = [:]
        for located in declarations where located.declaration.kind != .extension && located.declaration.kind != .file {
            owners[located.declaration.simpleName, default: []].insert(located.target)
        }
        for located in declarations where located.declaration.kind != .extension {
            let key = Qualified(target: located.target, name: located.declaration.name)
            if byQualifiedName[key] == nil { byQualifiedName[key] = located }
        }
        for (name, targets) in owners where targets.count == 1 {
            owner[name] = targets.first
        }
        for located in declarations where located.declaration.kind == .protocol && owner[located.declaration.simpleName] != nil {
            protocols[located.declaration.simpleName] = located
        }
    }

    /// The name a declaration gives its type: an extension's extended type without module or generic arguments.
    private static func typeName(_ declaration: WiringDeclaration) -> String {
        let name = declaration.simpleName
        return String(name.split(separator: "<").first ?? Substring(name))
    }

    /// `protocol` and every protocol of the graph it refines, up to ``WiringAnalyzer/refinementLimit``.
    func closure(of name: String) -> [String] {
        // Most names a type inherits (`Equatable`, `Sendable`, a class) are no protocol of the graph.
        guard protocols[name] != nil else { return [] }
        var seen: [String] = []
        var queue = [name]
        while let next = queue.popLast(), seen.count < WiringAnalyzer.refinementLimit {
            guard let located = protocols[next], !seen.contains(next) else { continue }
            seen.append(next)
            queue += located.declaration.inherited.compactMap(\.base)
        }
        return seen
    }

    func isBuilderConstraint(_ type: WrittenType) -> Bool {
        guard let base = type.base, !type.arguments.isEmpty, type.arguments.count <= 2 else { return false }
        return roles.vocabulary.isBuilderProtocol(base)
    }

    /// Changes `target`'s inventory in place (a copy out of the dictionary and back would copy its lists each time).
    mutating func update(_ target: TargetID, _ body: (inout Wiring.Module) -> Void) {
        body(&modules[target, default: Wiring.Module(target: target)])
    }

    /// The phases, each a function of what the ones before it found. Every match is by name through
    /// an index built once, so the work is linear in the declarations and uses read (10,000 builders
    /// took 6 s when each requirement scanned every declaration and every builder).
    mutating func run() -> WiringFacts {
        inventory()
        let builders = builderTypes()
        let functions = namespacedFunctions()
        let screens = screenModules()
        let providers = provisions()
        let requirements = declarations.flatMap(requirementSpecs)
        let builderNeeds = self.builderNeeds(requirements, builders: builders)
        let appReference = appReferences()
        let protocolNeeds = self.protocolNeeds(providers: providers, appReference: appReference)
        let calls = self.calls(functions: functions, screens: screens, appReference: appReference)
        let dependencyProtocols = self.dependencyProtocols(requirements, builders: builders)
        wiringSites(builders: builders, dependencyProtocols: dependencyProtocols)
        let extensions = declarations.compactMap { WiringFacts.Extension(listing: $0.declaration, target: $0.target, file: $0.file) }
        var items: [Pair: [Wiring.Item]] = [:]
        for (pair, item) in builderNeeds.items + protocolNeeds.items + calls {
            items[pair, default: []].append(item)
        }
        let edges = items.map { pair, list in Wiring.Edge(from: pair.from, to: pair.to, items: Array(Set(list))) }
        let inventory = modules.values.map(Self.sorted).filter { !$0.isEmpty }
        let derived = derivedNames(requirements, dependencyProtocols: dependencyProtocols)
        let featureUses = featureUseNames(builders: builders, screens: screens)
        return WiringFacts(
            wiring: Wiring(edges: edges, modules: inventory), needs: builderNeeds.needs + protocolNeeds.needs, extensions: extensions,
            names: names(derived), useNames: useNames(featureUses, requirements, providers: providers), derivedNames: derived,
            featureUseNames: featureUses)
    }

    /// ``WiringFacts/featureUseNames``: the keys of every index a use outside the app is looked up in, or more.
    private func featureUseNames(builders: [String: BuilderType], screens: [String: (target: TargetID, label: String)]) -> Set<String> {
        var names = Set(roles.vocabulary.builderNamespaces).union(builders.keys).union(screens.keys)
        // Not their extensions (`extension String`), nor the file's top-level functions and variables (named `""`): no
        // index a use outside the app is looked up in holds them (a provider is looked up by the app's uses only).
        for located in declarations
        where roles.interfaces.contains(located.target) && ![.extension, .file].contains(located.declaration.kind) {
            names.formUnion(WiringName.parts(of: located.declaration.name))
        }
        return names
    }

    /// ``WiringFacts/useNames``: the keys of every index a use is looked up in, or more: those of a use outside
    /// the app, the types that provide a protocol (the app hands them over) and those that state a builder
    /// requirement (the app makes them).
    private func useNames(
        _ featureUses: Set<String>, _ requirements: [RequirementSpec],
        providers: [String: [(target: TargetID, type: String, site: Wiring.Site)]]
    ) -> Set<String> {
        var names = featureUses
        for list in providers.values { names.formUnion(list.map(\.type)) }
        names.formUnion(requirements.compactMap(\.typeName))
        return names
    }

    /// ``WiringFacts/derivedNames``: the dependency protocols and the builder requirements' arguments.
    private func derivedNames(_ requirements: [RequirementSpec], dependencyProtocols: Set<String>) -> Set<String> {
        var names = dependencyProtocols
        for requirement in requirements {
            if let arguments = requirement.arguments { names.insert(arguments) }
        }
        return names
    }

    /// ``WiringFacts/names``: what an added declaration or use must not name to leave the answer as it is.
    private func names(_ derived: Set<String>) -> Set<String> {
        var names = derived
        for located in declarations { names.formUnion(WiringName.parts(of: located.declaration.name)) }
        return names
    }

    /// What the needs and calls found: the needs the checks judge, and the wiring graph's items by edge.
    private typealias Found = (needs: [WiringFacts.Need], items: [(Pair, Wiring.Item)])

    /// The interface modules' protocols and data types.
    private mutating func inventory() {
        for located in declarations where roles.interfaces.contains(located.target) {
            let declaration = located.declaration
            switch declaration.kind {
            case .protocol: update(located.target) { $0.interfaceProtocols.append(declaration.name) }
            case .struct, .enum: update(located.target) { $0.dataTypes.append(declaration.name) }
            default: break
            }
        }
    }

    /// Builder types, by name, for the names one module declares.
    private mutating func builderTypes() -> [String: BuilderType] {
        var builders: [String: BuilderType] = [:]
        for located in declarations {
            guard let builder = builderType(located) else { continue }
            update(located.target) { $0.builders.append(builder.builder) }
            if owner[builder.builder.name] == located.target { builders[builder.builder.name] = builder }
        }
        return builders
    }

    /// A namespaced builder function (`Builders.Records.makeHistory(with:)`), with the path it is called by.
    private struct NamespacedFunction {
        let located: WiringAnalyzer.Located
        let function: Wiring.Function
        /// `Builders.Records.makeHistory`.
        let path: String
    }

    /// Namespaced builder functions, by the path they are called by.
    private mutating func namespacedFunctions() -> [String: [NamespacedFunction]] {
        var functions: [String: [NamespacedFunction]] = [:]
        for located in declarations {
            let declaration = located.declaration
            guard declaration.isInExtension, declaration.kind == .enum || declaration.kind == .struct,
                case let components = WiringName.components(of: declaration.name), components.count > 1,
                roles.vocabulary.builderNamespaces.contains(String(components[0]))
            else { continue }
            for member in declaration.members where member.kind == .function && member.isStatic {
                let function = Wiring.Function(
                    name: "\(declaration.name).\(member.name)", takes: member.parameters.map(\.type.text), makes: member.type?.text,
                    site: located.site(line: member.line, column: member.column))
                let path = "\(declaration.name).\(Self.baseName(member.name))"
                functions[path, default: []].append(NamespacedFunction(located: located, function: function, path: path))
                update(located.target) { $0.functions.append(function) }
            }
        }
        return functions
    }

    /// Screen, flow and store modules, by the names that reach them (the module's, and those of the classes whose
    /// superclass takes it: `LassoStore<LoginScreenModule>`), with the module and the label they are shown by.
    private mutating func screenModules() -> [String: (target: TargetID, label: String)] {
        var classesByArgument: [String: [WiringAnalyzer.Located]] = [:]
        for located in declarations where located.declaration.kind == .class {
            for argument in Set(located.declaration.inherited.compactMap(\.arguments.first)) {
                classesByArgument[argument, default: []].append(located)
            }
        }
        var screens: [String: (target: TargetID, label: String)] = [:]
        let vocabulary = roles.vocabulary
        for located in declarations {
            let declaration = located.declaration
            guard declaration.kind != .protocol, declaration.kind != .extension,
                let kind = declaration.inherited.lazy.compactMap({ $0.base.flatMap { vocabulary.moduleProtocols[$0] } }).first
            else { continue }
            let name = declaration.simpleName
            let types = (classesByArgument[name] ?? []).filter { $0.target == located.target }.map(\.declaration.name).sorted()
            let parts = declaration.nested.filter { vocabulary.moduleParts.contains($0) }
            update(located.target) {
                $0.screens.append(Wiring.Screen(kind: kind, name: declaration.name, parts: parts, types: types, site: located.site()))
            }
            if owner[name] == located.target {
                screens[name] = (located.target, name)
                for type in types { screens[WiringName.components(of: type).last.map(String.init) ?? type] = (located.target, name) }
            }
        }
        return screens
    }

    /// Provisions: the graph's protocols each type conforms to, refinements followed; by protocol.
    private mutating func provisions() -> [String: [(target: TargetID, type: String, site: Wiring.Site)]] {
        var providers: [String: [(target: TargetID, type: String, site: Wiring.Site)]] = [:]
        for located in declarations where located.declaration.kind != .protocol && located.declaration.kind != .file {
            // Most declarations provide nothing: their type's name is not worked out.
            let provided = conformances(of: located.declaration)
            guard !provided.isEmpty else { continue }
            let type = Self.typeName(located.declaration)
            for name in provided {
                providers[name, default: []].append((located.target, type, located.site()))
                update(located.target) { $0.provides.append(Wiring.Provision(name: name, type: type, site: located.site())) }
            }
        }
        return providers
    }

    /// The graph's protocols a declaration conforms to, refinements followed, each once, in order.
    private func conformances(of declaration: WiringDeclaration) -> [String] {
        var provided: [String] = []
        var seen: Set<String> = []
        for inherited in declaration.inherited {
            guard let base = inherited.base else { continue }
            for name in closure(of: base) where seen.insert(name).inserted { provided.append(name) }
        }
        return provided
    }

    /// The protocols builders are generic over: what the app implements to wire one.
    private func dependencyProtocols(_ requirements: [RequirementSpec], builders: [String: BuilderType]) -> Set<String> {
        var dependencyProtocols = Set(requirements.compactMap(\.protocolName))
        for builder in builders.values where !roles.interfaces.contains(builder.located.target) {
            for constraint in builder.located.declaration.constraints {
                // `Base: Builder` makes an adapter, not a dependency the app implements.
                if let base = constraint.type.base, !roles.vocabulary.isBuilderProtocol(base) { dependencyProtocols.insert(base) }
            }
        }
        return dependencyProtocols
    }

    /// Builder requirements: wired by the app's conformers and constructions, or matched by their arguments.
    private mutating func builderNeeds(_ requirements: [RequirementSpec], builders: [String: BuilderType]) -> Found {
        let app = roles.app
        // The app's conformers by protocol (refinements followed), and its constructions by type.
        var appConformers: [String: [WiringAnalyzer.Located]] = [:]
        for located in declarations where app.contains(located.target) && located.declaration.kind != .protocol {
            for name in conformances(of: located.declaration) { appConformers[name, default: []].append(located) }
        }
        var appConstructions: [String: [(use: WiringAnalyzer.Uses, construction: ConstructionSite)]] = [:]
        for use in uses where app.contains(use.target) {
            for construction in use.wiring.constructions { appConstructions[construction.type, default: []].append((use, construction)) }
        }
        // A builder of an interface module (a generic adapter such as `ScopedBuilder`) wraps a vertical's; it provides nothing itself.
        let candidates = builders.filter { !roles.interfaces.contains($0.value.located.target) }
        var candidatesByArgument: [String: [BuilderType]] = [:]
        for builder in candidates.values {
            for name in builder.argumentNames { candidatesByArgument[name, default: []].append(builder) }
        }
        var found: Found = ([], [])
        for requirement in requirements {
            var wired: [Wiring.Site] = []
            var named: [String] = []
            for located in requirement.protocolName.flatMap({ appConformers[$0] }) ?? [] {
                for member in located.declaration.members where requirement.members.contains(Self.baseName(member.name)) {
                    wired.append(located.site(line: member.line, column: member.column))
                    named += member.references
                }
            }
            for (use, construction) in requirement.typeName.flatMap({ appConstructions[$0] }) ?? [] {
                for argument in construction.arguments where requirement.labels.contains(argument.label) {
                    wired.append(Wiring.Site(target: use.target, file: use.file, line: construction.line, column: construction.column))
                    named += argument.references
                }
            }
            var provided = named.filter { candidates[$0] != nil }
            if provided.isEmpty, let arguments = requirement.arguments, owner[arguments] != nil {
                provided = (candidatesByArgument[arguments] ?? []).filter { builder in
                    requirement.product == nil || builder.product == nil || builder.product == requirement.product
                }.map(\.builder.name)
            }
            provided = Array(Set(provided)).sorted()
            let needer = requirement.located.target
            let site = requirement.located.site(line: requirement.line, column: requirement.column)
            let providerList = provided.compactMap { name in builders[name].map { (target: $0.located.target, type: name) } }
            update(needer) {
                $0.requirements.append(
                    Wiring.Requirement(
                        name: requirement.name, arguments: requirement.arguments, product: requirement.product, site: site,
                        wired: wired.sorted(), providers: provided))
                $0.needs.append(requirement.name)
            }
            found.needs.append(
                WiringFacts.Need(kind: .builder, label: requirement.name, needer: needer, site: site, providers: providerList, wired: wired.sorted()))
            for provider in providerList where provider.target != needer {
                found.items.append(
                    (Pair(from: needer, to: provider.target),
                     Wiring.Item(kind: .builder, label: requirement.name, providedBy: provider.type, need: site, wired: wired.min())))
            }
        }
        return found
    }

    /// Interface protocols a module names where a type goes (not a protocol with associated types: a shape,
    /// not a service), or reaches through a container the interface module declares.
    private mutating func protocolNeeds(
        providers: [String: [(target: TargetID, type: String, site: Wiring.Site)]], appReference: [String: Wiring.Site]
    ) -> Found {
        let interfaces = roles.interfaces
        let app = roles.app
        let services = Set(
            protocols.values.filter { located in
                interfaces.contains(located.target) && !located.declaration.members.contains { $0.kind == .associatedtype }
            }.map(\.declaration.simpleName))
        var firstMention: [TargetID: [String: Wiring.Site]] = [:]
        for use in uses where !interfaces.contains(use.target) && !app.contains(use.target) {
            for mention in use.wiring.mentions where services.contains(mention.name) && firstMention[use.target]?[mention.name] == nil {
                firstMention[use.target, default: [:]][mention.name] = Wiring.Site(
                    target: use.target, file: use.file, line: mention.line, column: mention.column)
            }
        }
        // A service reached through a container the interface module declares (`Dependencies.shared.storage`,
        // `extension Dependencies { var storage: StorageService }`): the property's type is what is needed,
        // though the needing module never writes its name.
        var containerProperties: [String: [String: String]] = [:]
        for located in declarations where interfaces.contains(located.target) && located.declaration.kind != .protocol {
            for member in located.declaration.members where member.kind == .property {
                guard let base = member.type?.base, services.contains(base) else { continue }
                containerProperties[Self.typeName(located.declaration), default: [:]][member.name] = base
            }
        }
        for use in uses where !interfaces.contains(use.target) && !app.contains(use.target) && !containerProperties.isEmpty {
            for path in use.wiring.paths {
                // `Dependencies.shared.storage.save`: the first member after the root that the container declares.
                let components = WiringName.components(of: path.name).map(String.init)
                guard let root = components.first, let properties = containerProperties[root],
                    let name = components.dropFirst().lazy.compactMap({ properties[$0] }).first, firstMention[use.target]?[name] == nil
                else { continue }
                firstMention[use.target, default: [:]][name] = Wiring.Site(target: use.target, file: use.file, line: path.line, column: path.column)
            }
        }
        var found: Found = ([], [])
        for target in firstMention.keys.sorted() {
            for (name, site) in (firstMention[target] ?? [:]).sorted(by: { $0.key < $1.key }) {
                let all = providers[name] ?? []
                if all.contains(where: { $0.target == target }) { continue }
                let list = all.filter { !interfaces.contains($0.target) }.map { (target: $0.target, type: $0.type) }
                update(target) { $0.needs.append(name) }
                found.needs.append(WiringFacts.Need(kind: .protocol, label: name, needer: target, site: site, providers: list, wired: []))
                for provider in list {
                    found.items.append(
                        (Pair(from: target, to: provider.target),
                         Wiring.Item(kind: .protocol, label: name, providedBy: provider.type, need: site, wired: appReference[provider.type])))
                }
            }
        }
        return found
    }

    /// Where the app first names each type: where it hands a provider over.
    private func appReferences() -> [String: Wiring.Site] {
        var appReference: [String: Wiring.Site] = [:]
        for use in uses where roles.app.contains(use.target) {
            for reference in use.wiring.references where appReference[reference.name] == nil {
                appReference[reference.name] = Wiring.Site(target: use.target, file: use.file, line: reference.line, column: reference.column)
            }
        }
        return appReference
    }

    /// Namespaced functions and screen modules another module calls.
    private func calls(
        functions: [String: [NamespacedFunction]], screens: [String: (target: TargetID, label: String)], appReference: [String: Wiring.Site]
    ) -> [(Pair, Wiring.Item)] {
        var items: [(Pair, Wiring.Item)] = []
        for use in uses {
            for path in use.wiring.paths where !functions.isEmpty {
                // The functions whose path is the call's or a prefix of it that ends at a `.`.
                var prefix = ""
                for component in WiringName.components(of: path.name) {
                    prefix = prefix.isEmpty ? String(component) : prefix + "." + component
                    for function in functions[prefix] ?? [] where function.located.target != use.target {
                        let site = Wiring.Site(target: use.target, file: use.file, line: path.line, column: path.column)
                        items.append(
                            (Pair(from: use.target, to: function.located.target),
                             Wiring.Item(kind: .function, label: function.function.name, providedBy: function.function.name, need: site, wired: nil)))
                    }
                }
            }
            for reference in use.wiring.references {
                guard let screen = screens[reference.name], screen.target != use.target, !roles.app.contains(use.target) else { continue }
                let site = Wiring.Site(target: use.target, file: use.file, line: reference.line, column: reference.column)
                items.append(
                    (Pair(from: use.target, to: screen.target),
                     Wiring.Item(kind: .screen, label: reference.name, providedBy: screen.label, need: site, wired: appReference[reference.name])))
            }
        }
        return items
    }

    /// Wiring sites: `.scoped` calls and builders made, dependency protocols implemented.
    private mutating func wiringSites(builders: [String: BuilderType], dependencyProtocols: Set<String>) {
        for use in uses {
            for call in use.wiring.scopedCalls {
                for name in call.builders {
                    guard let builder = builders[name] else { continue }
                    let site = Wiring.Site(target: use.target, file: use.file, line: call.line, column: call.column)
                    update(use.target) { $0.wiringSites.append(Wiring.WiringSite(what: "\(name).scoped", owner: builder.located.target, site: site)) }
                }
            }
            // `PaywallBuilder().scoped { … }` is one wiring: the builder made for its `.scoped` is not listed again.
            let scopedLines = Set(use.wiring.scopedCalls.map(\.line))
            for construction in use.wiring.constructions where !scopedLines.contains(construction.line) {
                guard let builder = builders[construction.type], builder.located.target != use.target else { continue }
                let site = Wiring.Site(target: use.target, file: use.file, line: construction.line, column: construction.column)
                update(use.target) {
                    $0.wiringSites.append(Wiring.WiringSite(what: "\(construction.type)()", owner: builder.located.target, site: site))
                }
            }
        }
        for located in declarations where located.declaration.kind != .protocol {
            for inherited in located.declaration.inherited {
                guard let base = inherited.base, dependencyProtocols.contains(base), let protocolOwner = owner[base],
                    protocolOwner != located.target, !roles.interfaces.contains(protocolOwner)
                else { continue }
                let what = "\(Self.typeName(located.declaration)): \(base)"
                update(located.target) { $0.wiringSites.append(Wiring.WiringSite(what: what, owner: protocolOwner, site: located.site())) }
            }
        }
    }

    private struct Pair: Hashable {
        let from: TargetID
        let to: TargetID
    }

    /// `build(using:)` → `build`.
    private static func baseName(_ member: String) -> String {
        String(member.split(separator: "(").first ?? Substring(member))
    }

    private static func sorted(_ module: Wiring.Module) -> Wiring.Module {
        var module = module
        module.interfaceProtocols = Array(Set(module.interfaceProtocols)).sorted()
        module.dataTypes = Array(Set(module.dataTypes)).sorted()
        module.builders.sort { ($0.name, $0.site) < ($1.name, $1.site) }
        module.requirements.sort { ($0.name, $0.site) < ($1.name, $1.site) }
        module.functions.sort { ($0.name, $0.site) < ($1.name, $1.site) }
        module.screens.sort { ($0.name, $0.site) < ($1.name, $1.site) }
        module.provides = Array(Set(module.provides)).sorted { ($0.name, $0.type, $0.site) < ($1.name, $1.type, $1.site) }
        module.needs = Array(Set(module.needs)).sorted()
        module.wiringSites = Array(Set(module.wiringSites)).sorted { ($0.site, $0.what) < ($1.site, $1.what) }
        return module
    }
}
