/// The properties of ProjectDescription's values that their calls do not write: an argument left to its
/// literal default, and what a factory passes on to its type's initializer.
extension TuistInterpreter {
    /// The value of the argument `name` that `item`'s call left to its default, where that default is a literal
    /// (``APICatalog/Signature/LiteralDefault``): `deploymentTargets` of a `.target(…)` made without one is nil.
    func defaultArgument(_ name: String, of item: APIValue) -> TuistValue? {
        guard let arguments = item.arguments,
            let parameter = catalog.parameter(name, of: item.type, member: item.member, labels: arguments.map(\.label)),
            let literal = parameter.literalDefault
        else { return nil }
        return Self.value(of: literal)
    }

    /// The value a literal default stands for.
    static func value(of literal: APICatalog.Signature.LiteralDefault) -> TuistValue {
        switch literal {
        case .nothing: return TuistValue.none
        case .emptyList: return .list([])
        case .emptyDictionary: return .dictionary([])
        case let .bool(value): return .bool(value)
        case let .string(text): return .string(text)
        }
    }

    /// The property `name` of a value a ProjectDescription factory made by calling its type's initializer
    /// (``APICatalog/Signature/forwarded``): `DeploymentTargets.iOS("15.0")`'s `iOS` is "15.0", its `watchOS` nil.
    func forwardedArgument(_ name: String, of item: APIValue) -> TuistValue? {
        guard let arguments = item.arguments else { return nil }
        let labels = arguments.map(\.label)
        guard let (signature, slots) = catalog.signature(of: item.type, member: item.member, labels: labels),
            let forwarded = signature.forwarded
        else { return nil }
        guard let index = forwarded.first(where: { $0.label == name })?.parameter else {
            // A label the call leaves out: the initializer's default, for the labels it gives.
            let given = forwarded.map { Optional($0.label) }
            return catalog.parameter(name, of: item.type, member: "init", labels: given)?.literalDefault.map(Self.value(of:))
        }
        guard index < slots.count, let argument = slots[index] else {
            return signature.parameters[index].literalDefault.map(Self.value(of:))
        }
        return arguments[argument].value
    }
}
