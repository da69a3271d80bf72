import ModGraphCore

/// What a declaration offers or asks for as a builder: builder types with the names their arguments
/// are matched by, and builder requirements with the members and labels that wire them.
extension WiringPass {
    /// A builder type, with the names its arguments can be matched by.
    struct BuilderType {
        let located: WiringAnalyzer.Located
        let builder: Wiring.Builder
        /// The types its `build` takes and the types its dependencies name.
        let argumentNames: Set<String>
        let product: String?
    }

    /// A builder requirement, with what wiring it is looked for by.
    struct RequirementSpec {
        let located: WiringAnalyzer.Located
        let name: String
        let arguments: String?
        let product: String?
        let line: Int
        let column: Int
        /// The protocol it is declared in (wired by the app's conformers' member `member`).
        let protocolName: String?
        /// The members that wire it: a property, or an associated type's typealias.
        let members: [String]
        /// For a generic parameter or stored property of a type: the type, and the argument labels that bind it.
        let typeName: String?
        let labels: [String]
    }

    /// A builder: a struct, class, enum or actor named `…Builder` or conforming to one, with a `build` function.
    func builderType(_ located: WiringAnalyzer.Located) -> BuilderType? {
        let declaration = located.declaration
        guard [.struct, .class, .enum, .actor].contains(declaration.kind) else { return nil }
        let conforms = declaration.inherited.contains { $0.base.map(roles.vocabulary.isBuilderProtocol) ?? false }
        guard conforms || roles.vocabulary.isBuilderType(declaration.simpleName),
            let build = declaration.members.first(where: { $0.kind == .function && !$0.isStatic && $0.name.hasPrefix("build(") })
        else { return nil }
        var takes: [String] = []
        var names: Set<String> = []
        let constraints = Dictionary(declaration.constraints.map { ($0.parameter, $0.type) }, uniquingKeysWith: { first, _ in first })
        for parameter in build.parameters {
            let type = parameter.type
            if let base = type.base, let constraint = constraints[base] {
                takes.append("\(base): \(constraint.text)")
                names.formUnion(dependencyNames(of: constraint.base))
            } else {
                takes.append(type.text)
                names.formUnion(type.names)
                if let base = type.base {
                    // A nested `Deps` struct: what its stored properties hold.
                    if let nested = byQualifiedName[Qualified(target: located.target, name: "\(declaration.name).\(base)")] {
                        for member in nested.declaration.members where member.kind == .property && member.isInjected {
                            names.formUnion(member.type?.names ?? [])
                        }
                    }
                    names.formUnion(dependencyNames(of: base))
                }
            }
        }
        let builder = Wiring.Builder(name: declaration.simpleName, takes: takes, makes: build.type?.text, site: located.site())
        return BuilderType(located: located, builder: builder, argumentNames: names, product: build.type?.base)
    }

    /// The types a dependency protocol's requirements name, its refinements' included.
    private func dependencyNames(of name: String?) -> Set<String> {
        guard let name else { return [] }
        var names: Set<String> = []
        for protocolName in closure(of: name) {
            for member in protocols[protocolName]?.declaration.members ?? [] {
                names.formUnion(member.type?.names ?? [])
                for parameter in member.parameters { names.formUnion(parameter.type.names) }
            }
        }
        return names
    }

    /// The builder requirements one declaration states.
    func requirementSpecs(_ located: WiringAnalyzer.Located) -> [RequirementSpec] {
        let declaration = located.declaration
        var specs: [RequirementSpec] = []
        if declaration.kind == .protocol {
            for member in declaration.members {
                if member.kind == .associatedtype, let constraint = member.constraints.first(where: isBuilderConstraint) {
                    let properties = declaration.members.filter { $0.kind == .property && $0.type?.base == member.name }
                    let label = properties.first.map { "\(declaration.name).\($0.name)" } ?? "\(declaration.name).\(member.name)"
                    specs.append(
                        RequirementSpec(
                            located: located, name: label, arguments: constraint.arguments.first,
                            product: constraint.arguments.count > 1 ? constraint.arguments[1] : nil, line: member.line, column: member.column,
                            protocolName: declaration.simpleName, members: [member.name] + properties.map(\.name), typeName: nil, labels: []))
                } else if member.kind == .property, let type = member.type, isBuilderConstraint(type) {
                    specs.append(
                        RequirementSpec(
                            located: located, name: "\(declaration.name).\(member.name)", arguments: type.arguments.first,
                            product: type.arguments.count > 1 ? type.arguments[1] : nil, line: member.line, column: member.column,
                            protocolName: declaration.simpleName, members: [member.name], typeName: nil, labels: []))
                }
            }
            return specs
        }
        guard [.struct, .class, .enum, .actor].contains(declaration.kind) else { return [] }
        for constraint in declaration.constraints where isBuilderConstraint(constraint.type) {
            let labels = declaration.members.filter { $0.kind == .initializer }.flatMap { initializer in
                initializer.parameters.filter { $0.type.base == constraint.parameter }.map(\.label)
            } + declaration.members.filter { $0.kind == .property && $0.isInjected && $0.type?.base == constraint.parameter }.map(\.name)
            specs.append(
                RequirementSpec(
                    located: located, name: "\(declaration.name).\(constraint.parameter)", arguments: constraint.type.arguments.first,
                    product: constraint.type.arguments.count > 1 ? constraint.type.arguments[1] : nil, line: declaration.line,
                    column: declaration.column, protocolName: nil, members: [], typeName: declaration.simpleName, labels: labels))
        }
        for member in declaration.members where member.kind == .property && member.isInjected && !member.isStatic {
            guard let type = member.type, isBuilderConstraint(type) else { continue }
            let labels = [member.name] + declaration.members.filter { $0.kind == .initializer }.flatMap { initializer in
                initializer.parameters.filter { $0.type.text == type.text }.map(\.label)
            }
            specs.append(
                RequirementSpec(
                    located: located, name: "\(declaration.name).\(member.name)", arguments: type.arguments.first,
                    product: type.arguments.count > 1 ? type.arguments[1] : nil, line: member.line, column: member.column,
                    protocolName: nil, members: [], typeName: declaration.simpleName, labels: labels))
        }
        return specs
    }
}
