import ModGraphRules

/// What `modgraph fix` is asked: the graph and configuration `check` would
/// use, which findings to fix, and whether to write the edits.
public struct FixRequest: Sendable {
    public var load: LoadRequest
    /// The kinds of finding to fix, by rule name (`undeclared-import`); empty: every kind that has an edit.
    public var only: [String]
    /// The targets whose findings to fix, by name; empty: all.
    public var targets: Set<String>

    public init(load: LoadRequest, only: [String] = [], targets: Set<String> = []) {
        self.load = load
        self.only = only
        self.targets = targets
    }

    /// The kinds `fix` has an edit for.
    static let fixableKinds: Set<RuleKind> = [.undeclaredImport, .unusedDependency]

    /// Their names, for help and messages.
    public static let fixableKindNames = fixableKinds.map(\.rawValue).sorted()

    /// The kinds asked for, checked.
    func kinds() throws(CommandError) -> Set<RuleKind> {
        guard !only.isEmpty else { return Self.fixableKinds }
        var kinds: Set<RuleKind> = []
        for name in only {
            guard let kind = RuleKind(rawValue: name), Self.fixableKinds.contains(kind) else {
                throw CommandError("--only \(name): fix has edits for \(Self.fixableKindNames.joined(separator: ", ")) only")
            }
            kinds.insert(kind)
        }
        return kinds
    }
}
