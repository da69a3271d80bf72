import SwiftSyntax

/// The declarations of the helper modules and the manifest that the evaluator can call: types
/// (enums with their cases and raw values, structs with their fields), their static and instance
/// members, extensions of ProjectDescription's types, and top-level functions and constants.
///
/// Helper modules share one namespace here, as a manifest importing them sees them; a name two
/// of them declare alike is ambiguous to the evaluator, which then falls back to compiling.
final class TuistDeclarations {
    struct Property {
        let binding: PatternBindingSyntax
        let type: TypeHint?
        let isMutable: Bool
        let file: String
    }

    struct Function {
        let syntax: FunctionDeclSyntax
        let file: String
    }

    struct Case {
        let name: String
        let raw: TuistValue?
        let labels: [String?]?
        /// The payload's types, as written (resolved where the enum is).
        var types: [TypeHint] = []
        /// The payload's default values, where written (`case module(name: String, useDemo: Bool = false)`).
        var defaults: [ExprSyntax?] = []
    }

    final class TypeDeclaration {
        let name: String
        var isEnum = false
        var isStruct = false
        var isClass = false
        /// Declared by the helpers (an enum, struct or class), not only extended: an `extension Environment`
        /// adds to ProjectDescription's type, an `enum Environment` is another type.
        var isDeclared: Bool { isEnum || isStruct || isClass }
        var cases: [Case] = []
        var staticFunctions: [String: [Function]] = [:]
        var staticProperties: [String: Property] = [:]
        var instanceFunctions: [String: [Function]] = [:]
        var instanceProperties: [String: Property] = [:]
        /// A struct's stored properties in order, which its memberwise initializer takes.
        var fields: [(name: String, type: TypeHint?, initial: ExprSyntax?)] = []
        /// The `init`s written out: the memberwise initializer is then not there.
        var initializers: [(syntax: InitializerDeclSyntax, file: String)] = []
        /// The protocols it conforms to, whose extensions' members it has.
        var conformances: [String] = []

        init(name: String) {
            self.name = name
        }
    }

    private(set) var types: [String: TypeDeclaration] = [:]
    private(set) var functions: [String: [Function]] = [:]
    private(set) var globals: [String: Property] = [:]
    /// Each type's last name and the qualified names it may stand for.
    private(set) var simpleNames: [String: Set<String>] = [:]
    /// Names declared twice where Swift would reject or the evaluator could not tell which is meant.
    private(set) var conflicts: [String] = []
    /// Top-level `typealias Dep = TargetDependency` of the helpers, plugins and manifest: each name and the
    /// type it stands for. Helpers written against an alias extend the type through it (`extension Dep.Modules`),
    /// so every type name is read through them (``canonical(_:)``) and their members land on the type itself.
    private(set) var aliases: [String: String] = [:]

    /// Reads the declarations of `files` (absolute paths and their trees). A manifest's own top-level
    /// statements are not read here: they run in order (``TuistInterpreter/run(manifest:file:)``).
    init(files: [(path: String, tree: SourceFileSyntax)], manifest: (path: String, tree: SourceFileSyntax)?) {
        // Aliases first: a file's extension of `Dep` may come before the file that says what `Dep` is.
        for tree in files.map(\.tree) + (manifest.map { [$0.tree] } ?? []) {
            for item in tree.statements {
                guard let alias = item.item.as(DeclSyntax.self)?.as(TypeAliasDeclSyntax.self) else { continue }
                addAlias(alias)
            }
        }
        for (path, tree) in files {
            for item in tree.statements {
                guard let declaration = item.item.as(DeclSyntax.self) else { continue }
                if let variable = declaration.as(VariableDeclSyntax.self) {
                    addGlobal(variable, file: path)
                } else {
                    add(declaration, in: nil, file: path)
                }
            }
        }
        if let (path, tree) = manifest {
            for item in tree.statements {
                guard let declaration = item.item.as(DeclSyntax.self), !declaration.is(VariableDeclSyntax.self) else { continue }
                add(declaration, in: nil, file: path)
            }
        }
    }

    func type(_ name: String) -> TypeDeclaration? {
        types[canonical(name)]
    }

    /// `name` with an alias in its first component replaced by the type it stands for (`Dep.Modules` is
    /// `TargetDependency.Modules`), through at most ``aliasLimit`` aliases (`A = B`, `B = A` stops there).
    func canonical(_ name: String) -> String {
        guard !aliases.isEmpty else { return name }
        var current = name
        for _ in 0..<Self.aliasLimit {
            let first = current.split(separator: ".", maxSplits: 1)
            guard let head = first.first, let target = aliases[String(head)] else { return current }
            current = first.count > 1 ? "\(target).\(first[1])" : target
        }
        return current
    }

    /// The most aliases followed from one name.
    static let aliasLimit = 8

    /// A top-level alias of a type by name (`TargetDependency`, `ProjectDescription.Target`); an alias of an
    /// array, a function or a generic type is not read, and what uses it falls back as before.
    private func addAlias(_ alias: TypeAliasDeclSyntax) {
        guard alias.genericParameterClause == nil, case let .named(target) = TypeHint(alias.initializer.value) else { return }
        let name = alias.name.unquoted
        if let known = aliases[name], known != target { conflicts.append(name) }
        aliases[name] = target
    }

    /// The instance functions named `name` of `type`, its own or its protocols' extensions'.
    func instanceFunctions(_ name: String, of type: String) -> [Function]? {
        guard let declaration = types[type] else { return nil }
        if let own = declaration.instanceFunctions[name] { return own }
        for conformance in declaration.conformances {
            if let inherited = types[conformance]?.instanceFunctions[name] { return inherited }
        }
        return nil
    }

    /// The static member `name` (a property or functions) of `type`'s protocols' extensions, for a type that does not declare it.
    func inheritedStatic(_ name: String, of type: String) -> (property: Property?, functions: [Function]?) {
        for conformance in types[type]?.conformances ?? [] {
            guard let declaration = types[conformance] else { continue }
            if let property = declaration.staticProperties[name] { return (property, nil) }
            if let functions = declaration.staticFunctions[name] { return (nil, functions) }
        }
        return (nil, nil)
    }

    /// The computed instance property `name` of `type`, its own or its protocols' extensions'.
    func instanceProperty(_ name: String, of type: String) -> Property? {
        guard let declaration = types[type] else { return nil }
        if let own = declaration.instanceProperties[name] { return own }
        for conformance in declaration.conformances {
            if let inherited = types[conformance]?.instanceProperties[name] { return inherited }
        }
        return nil
    }

    private func typeEntry(_ name: String) -> TypeDeclaration {
        if let existing = types[name] { return existing }
        // `typealias Dep = TargetDependency` beside `struct Dep`: which one a use means depends on where it is.
        if aliases[name] != nil { conflicts.append(name) }
        let created = TypeDeclaration(name: name)
        types[name] = created
        let last = String(name.split(separator: ".").last ?? Substring(name))
        simpleNames[last, default: []].insert(name)
        return created
    }

    private func addGlobal(_ variable: VariableDeclSyntax, file: String) {
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.unquoted else { continue }
            if globals[name] != nil { conflicts.append(name) }
            globals[name] = Property(
                binding: binding, type: binding.typeAnnotation.map { TypeHint($0.type) },
                isMutable: variable.bindingSpecifier.tokenKind == .keyword(.var), file: file)
        }
    }

    private func add(_ declaration: DeclSyntax, in owner: String?, file: String) {
        func qualified(_ name: String) -> String { owner.map { "\($0).\(name)" } ?? name }
        if let function = declaration.as(FunctionDeclSyntax.self) {
            guard owner == nil else { return }
            functions[function.name.unquoted, default: []].append(Function(syntax: function, file: file))
        } else if let type = declaration.as(EnumDeclSyntax.self) {
            let entry = typeEntry(qualified(type.name.unquoted))
            entry.isEnum = true
            let inherited = type.inheritanceClause?.inheritedTypes.map { TypeHint($0.type) } ?? []
            entry.conformances += inherited.compactMap(\.name)
            // An enum with raw values is RawRepresentable: `extension RawRepresentable where RawValue == String` applies.
            if let raw = inherited.first?.name, ["String", "Int"].contains(raw) { entry.conformances.append("RawRepresentable") }
            readCases(type.memberBlock, into: entry, rawType: inherited.first)
            addMembers(type.memberBlock, to: entry, file: file)
        } else if let type = declaration.as(StructDeclSyntax.self) {
            let entry = typeEntry(qualified(type.name.unquoted))
            entry.isStruct = true
            entry.conformances += type.inheritanceClause?.inheritedTypes.compactMap { TypeHint($0.type).name } ?? []
            addMembers(type.memberBlock, to: entry, file: file)
        } else if let type = declaration.as(ClassDeclSyntax.self) {
            let entry = typeEntry(qualified(type.name.unquoted))
            entry.isClass = true
            addMembers(type.memberBlock, to: entry, file: file)
        } else if let type = declaration.as(ExtensionDeclSyntax.self) {
            guard let name = TypeHint.extensionName(type) else { return }
            let entry = typeEntry(canonical(name))
            entry.conformances += type.inheritanceClause?.inheritedTypes.compactMap { TypeHint($0.type).name } ?? []
            addMembers(type.memberBlock, to: entry, file: file)
        }
    }

    private func readCases(_ members: MemberBlockSyntax, into entry: TypeDeclaration, rawType: TypeHint?) {
        var next = 0
        for member in members.members {
            guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in cases.elements {
                let name = element.name.unquoted
                var raw: TuistValue?
                switch rawType {
                case .named("String"):
                    raw = .string(name)
                    if let literal = element.rawValue?.value.as(StringLiteralExprSyntax.self) {
                        raw = literal.plainText.map(TuistValue.string) ?? .unknown("a raw value with interpolation")
                    }
                case .named("Int"):
                    if let literal = element.rawValue?.value.as(IntegerLiteralExprSyntax.self), let value = Int(literal.literal.text) {
                        next = value
                    }
                    raw = .int(next)
                    next += 1
                default:
                    raw = nil
                }
                let labels = element.parameterClause.map { clause in
                    clause.parameters.map { parameter -> String? in
                        guard let first = parameter.firstName, first.tokenKind != .wildcard else { return nil }
                        return first.unquoted
                    }
                }
                let types = element.parameterClause.map { clause in clause.parameters.map { TypeHint($0.type) } } ?? []
                let defaults = element.parameterClause.map { clause in clause.parameters.map { $0.defaultValue?.value } } ?? []
                entry.cases.append(Case(name: name, raw: raw, labels: labels, types: types, defaults: defaults))
            }
        }
    }

    private func addMembers(_ members: MemberBlockSyntax, to entry: TypeDeclaration, file: String) {
        for member in members.members {
            let declaration = member.decl
            if let function = declaration.as(FunctionDeclSyntax.self) {
                let item = Function(syntax: function, file: file)
                if function.modifiers.isStatic {
                    entry.staticFunctions[function.name.unquoted, default: []].append(item)
                } else {
                    entry.instanceFunctions[function.name.unquoted, default: []].append(item)
                }
            } else if let variable = declaration.as(VariableDeclSyntax.self) {
                let isStatic = variable.modifiers.isStatic
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.unquoted else { continue }
                    let property = Property(
                        binding: binding, type: binding.typeAnnotation.map { TypeHint($0.type, selfType: .named(entry.name)) },
                        isMutable: variable.bindingSpecifier.tokenKind == .keyword(.var), file: file)
                    if isStatic {
                        if entry.staticProperties[name] != nil { conflicts.append("\(entry.name).\(name)") }
                        entry.staticProperties[name] = property
                    } else if binding.accessorBlock != nil {
                        entry.instanceProperties[name] = property
                    } else {
                        entry.fields.append((name, property.type, binding.initializer?.value))
                    }
                }
            } else if let initializer = declaration.as(InitializerDeclSyntax.self) {
                entry.initializers.append((initializer, file))
            } else if !declaration.is(EnumCaseDeclSyntax.self) {
                add(declaration, in: entry.name, file: file)
            }
        }
    }
}

extension DeclModifierListSyntax {
    var isStatic: Bool {
        contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }
}
