import ModGraphRules

/// What a changed file adds that the wiring analysis cannot see, so that the answer kept for its previous
/// version still holds (issue #48): a type added to a feature (`public struct Added {}`, a view, a model) was
/// a change of the file's facts, and every file's facts were decoded and analysed again for it.
///
/// A declaration added is inert when no phase of ``WiringPass`` reads it and its names match nothing:
/// - a struct, class, enum or actor, outside an extension and outside an interface module (whose types are
///   the inventory's);
/// - no part of its name, nor of a type it inherits, is among the names the previous analysis matched by or
///   looked up (``WiringFacts/names``: every declaration's name, the builder requirements' arguments, the
///   dependency protocols), so it provides nothing, makes no name ambiguous, and no lookup finds it;
/// - not a builder by its name, inheriting no builder or module protocol, and no member or constraint of a
///   builder protocol's type, so it states no builder and no requirement.
///
/// A use (a name where a type goes, a capitalised name, a member chain, a construction, a name a member's
/// body uses) is not seen either, added or not, unless it names a service or container of an interface
/// module, a builder namespace, a screen module, a type that provides a protocol, a builder, or a type
/// that states a builder requirement (``WiringFacts/useNames``): every index a use is looked up in is
/// keyed by one of those. A core type newly used by a feature's file is not seen. A use of a name that
/// matters, or a `.scoped` call, added or moved in order, makes the file's facts another's.
enum WiringAdditions {
    /// Where a changed file is, and what the previous analysis matched by.
    struct Context {
        /// ``WiringFacts/names`` of the previous analysis.
        let names: Set<String>
        /// ``WiringFacts/useNames`` of the previous analysis.
        let useNames: Set<String>
        let inInterfaceModule: Bool
        let inApp: Bool
        let vocabulary: WiringVocabulary

        /// Whether no part of `name` is among ``names``; `Box<Item>` names `Box` too, as the analysis's type names do.
        func isUnknown(_ name: String) -> Bool {
            !Self.names(name, anyOf: names)
        }

        /// Whether a use of `name` may be matched: a part of it is among ``useNames``.
        func isMatched(_ name: String) -> Bool {
            Self.names(name, anyOf: useNames)
        }

        private static func names(_ name: String, anyOf set: Set<String>) -> Bool {
            WiringName.parts(of: name).contains(where: set.contains)
        }

        /// Whether `type` names a builder protocol (its base or any name it holds).
        func namesBuilder(_ type: WrittenType) -> Bool {
            type.baseAndNames.contains(where: vocabulary.isBuilderProtocol)
        }
    }

    /// `before` and `after` as the analysis sees them, to be compared place by place (``WiringMemo/moves(from:to:)``):
    /// without the uses of names the analysis cannot match (in either version: they matched nothing before and
    /// match nothing after), without the members of declarations whose members no phase reads, and `after`
    /// without the declarations it adds when all of those are inert; with the names those declarations declare,
    /// which a later addition in the same run must not reuse. Nil when `after` changes or removes a declaration of
    /// `before` in what the analysis sees, or adds one that is not inert; any other change of what the analysis
    /// sees (a use of a declared name, a `.scoped` call) the comparison finds.
    static func comparable(_ after: ScannedFile, before: ScannedFile, in context: Context) -> (
        before: ScannedFile, after: ScannedFile, declared: [String]
    )? {
        guard let new = after.wiring, let old = before.wiring, !new.isTruncated, !old.isTruncated else { return nil }
        let seen = projected(old, context)
        var seeing = projected(new, context)
        var declared: [String] = []
        guard
            let declarations = kept(
                seeing.declarations, seen.declarations, same: { placeless($0) == placeless($1) },
                isInert: { declaration in
                    guard isInert(declaration, context) else { return false }
                    declared += WiringName.components(of: declaration.name).map(String.init)
                    return true
                })
        else { return nil }
        seeing.declarations = declarations
        return (file(before, seen), file(after, seeing), declared)
    }

    /// `file` without the declaration of its top-level functions and variables (of kind `.file`), which no
    /// phase reads: they are no type, name nothing, and are no container's. Moved by any line added above them
    /// (they are at 1:1), and added with a file's first.
    static func withoutFileScope(_ file: ScannedFile) -> ScannedFile {
        guard var wiring = file.wiring, wiring.declarations.contains(where: { $0.kind == .file }) else { return file }
        wiring.declarations.removeAll { $0.kind == .file }
        return Self.file(file, wiring)
    }

    /// `file` with the wiring facts `wiring`.
    private static func file(_ file: ScannedFile, _ wiring: WiringFile) -> ScannedFile {
        ScannedFile(
            path: file.path, imports: file.imports, interface: file.interface, wiring: wiring, skipped: file.skipped,
            declaresNothing: file.declaresNothing, exportsNothing: file.exportsNothing)
    }

    /// `wiring` without the uses of names no use is matched by (``Context/isMatched(_:)``): in its lists of uses,
    /// in its members' bodies and in its constructions' arguments. No phase reads such a name: each index a use
    /// is looked up in is keyed by one of ``WiringFacts/useNames``, and the builders a member or an argument
    /// names are matched among the builders. A declaration whose members no phase reads (``readsMembers(_:_:)``)
    /// is left with none, and the file's top-level functions and variables are left out (``withoutFileScope(_:)``).
    private static func projected(_ wiring: WiringFile, _ context: Context) -> WiringFile {
        var wiring = wiring
        let known = context.isMatched
        wiring.declarations = wiring.declarations.filter { $0.kind != .file }.map { declaration in
            let blind = !readsMembers(declaration, context)
            guard blind || declaration.members.contains(where: { $0.references.contains { !known($0) } }) else { return declaration }
            let members = blind ? [] : declaration.members.map { $0.with(references: $0.references.filter(known)) }
            return declaration.with(members: members)
        }
        wiring.mentions = wiring.mentions.filter { known($0.name) }
        wiring.references = wiring.references.filter { known($0.name) }
        wiring.paths = wiring.paths.filter { known($0.name) }
        wiring.constructions = wiring.constructions.filter { known($0.type) }.map { construction in
            ConstructionSite(
                type: construction.type,
                arguments: construction.arguments.map { .init(label: $0.label, references: $0.references.filter(known)) },
                line: construction.line, column: construction.column)
        }
        return wiring
    }

    /// Whether a phase may read `declaration`'s members: those of a protocol (its requirements), an extension
    /// (a builder namespace's functions, the app's conformances), an interface module's type (a container's
    /// services), a nested type (a builder's `Deps`), a builder (its `build`), a type generic over a builder or
    /// holding one (its requirements and the labels that bind them), and an app's type that names a declared
    /// type it inherits (the members that wire a requirement). A struct, class, enum or actor of a feature that
    /// is none of these is matched by its name and what it inherits only: a member added to it, removed or
    /// changed leaves the answer as it was.
    private static func readsMembers(_ declaration: WiringDeclaration, _ context: Context) -> Bool {
        !isPlainType(declaration, context) || declaration.name.contains(".")
            || context.inApp && !declaration.inherited.allSatisfy({ $0.baseAndNames.allSatisfy(context.isUnknown) })
    }

    /// What ``readsMembers(_:_:)`` and ``isInert(_:_:)`` both ask: a struct, class, enum or actor outside an
    /// extension and outside an interface module, no builder by its name, inheriting no builder protocol, with no
    /// constraint or member of a builder protocol's type.
    static func isPlainType(_ declaration: WiringDeclaration, _ context: Context) -> Bool {
        [.struct, .class, .enum, .actor].contains(declaration.kind) && !declaration.isInExtension && !context.inInterfaceModule
            && !context.vocabulary.isBuilderType(declaration.simpleName) && !declaration.inherited.contains(where: context.namesBuilder)
            && !declaration.constraints.contains { context.namesBuilder($0.type) }
            && !declaration.members.contains { member in
                member.type.map(context.namesBuilder) ?? false || member.constraints.contains(where: context.namesBuilder)
            }
    }

    /// `after`'s entries without those it adds to `before`: each entry of `before` matched, in order, to the
    /// first entry of `after` left that is the `same`, every other entry of `after` an addition `isInert` must
    /// accept; nil when one is not, or when an entry of `before` is not matched.
    private static func kept<Entry>(
        _ after: [Entry], _ before: [Entry], same: (Entry, Entry) -> Bool, isInert: (Entry) -> Bool
    ) -> [Entry]? {
        var kept: [Entry] = []
        kept.reserveCapacity(before.count)
        for entry in after {
            if kept.count < before.count, same(entry, before[kept.count]) {
                kept.append(entry)
            } else if !isInert(entry) {
                return nil
            }
        }
        return kept.count == before.count ? kept : nil
    }

    /// Whether the analysis can see nothing of `declaration`, added, but its name, and that name nothing: see above.
    private static func isInert(_ declaration: WiringDeclaration, _ context: Context) -> Bool {
        isPlainType(declaration, context) && context.isUnknown(declaration.name)
            && declaration.inherited.allSatisfy { type in
                type.baseAndNames.allSatisfy { context.isUnknown($0) && context.vocabulary.moduleProtocols[$0] == nil }
            }
    }

    /// `declaration` at no place: two are the same declaration when they differ only in where they are.
    private static func placeless(_ declaration: WiringDeclaration) -> WiringDeclaration {
        declaration.with(members: declaration.members.map { $0.with(references: $0.references, line: 0, column: 0) }, line: 0, column: 0)
    }
}

extension WrittenType {
    /// ``base`` and ``names``: every name a check may match it by.
    var baseAndNames: [String] { [base].compactMap { $0 } + names }
}

extension WiringDeclaration {
    /// This declaration with other `members`, at another place if given.
    fileprivate func with(members: [WiringMember], line: Int? = nil, column: Int? = nil) -> WiringDeclaration {
        WiringDeclaration(
            kind: kind, name: name, isInExtension: isInExtension, inherited: inherited, generics: generics, constraints: constraints,
            members: members, nested: nested, hasCases: hasCases, line: line ?? self.line, column: column ?? self.column)
    }
}

extension WiringMember {
    /// This member with other `references`, at another place if given.
    fileprivate func with(references: [String], line: Int? = nil, column: Int? = nil) -> WiringMember {
        WiringMember(
            kind: kind, name: name, isStatic: isStatic, type: type, constraints: constraints, parameters: parameters,
            isInjected: isInjected, references: references, line: line ?? self.line, column: column ?? self.column)
    }
}
