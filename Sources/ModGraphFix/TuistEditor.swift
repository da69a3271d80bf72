import SwiftSyntax

/// Edits a Tuist `Project.swift` where a target is written out in it: a
/// `TargetDependency` added to the `dependencies:` array of the target's
/// `.target(name: "X", …, product: …)` (or Tuist 3's `Target(name: "X", …)`), in
/// the array's layout, and one removed with its line. Only where the edit is
/// certain: a target a helper function, a loop or a variable makes is not
/// written in the manifest, and neither is a `dependencies:` that is not an
/// array literal; those changes are refused with the reason, and the finding
/// keeps its advice. The result must parse again, or nothing is written.
public struct TuistEditor {
    /// One change a finding asks of one target.
    public enum Change: Hashable, Sendable {
        /// `written` (`.external(name: "Alamofire")`) added unless an element of `name` is there.
        case add(target: String, written: String, name: String)
        /// The element that names `name` (`.target(name:)`, `.project(target:)`, `.external(name:)`,
        /// `.package(product:)`, …) taken out.
        case remove(target: String, name: String)

        var target: String {
            switch self {
            case let .add(target, _, _), let .remove(target, _): target
            }
        }
    }

    /// What came of the edits: the new text, and each change not made with why.
    public struct Outcome: Sendable {
        public let text: String
        public let refused: [(change: Change, reason: String)]
    }

    /// The largest manifest edited.
    public static let maximumBytes = ManifestSyntax.maximumBytes

    private let syntax: ManifestSyntax

    public init(_ text: String) throws(ManifestRefusal) {
        syntax = try ManifestSyntax.forEditing(text)
    }

    /// `changes` made, each target's together.
    public func apply(_ changes: [Change]) throws(ManifestRefusal) -> Outcome {
        var edits = TextEdits()
        var refused: [(Change, String)] = []
        let byTarget = Dictionary(grouping: changes, by: \.target)
        for name in byTarget.keys.sorted() {
            let targetChanges = byTarget[name] ?? []
            let calls = declarations(named: name)
            guard calls.count == 1, let call = calls.first else {
                let reason =
                    calls.isEmpty
                    ? "target \"\(name)\" is not written as .target(name: \"\(name)\", …) in the manifest (a helper, a loop or a variable makes it): edit it where its dependencies are written"
                    : "target \"\(name)\" is written \(calls.count) times in the manifest: edit the one that applies"
                refused += targetChanges.map { ($0, reason) }
                continue
            }
            guard let argument = ManifestSyntax.argument("dependencies", of: call), let array = argument.expression.as(ArrayExprSyntax.self)
            else {
                let reason = "target \"\(name)\" has no dependencies: array literal in the manifest: add the dependency there by hand"
                refused += targetChanges.map { ($0, reason) }
                continue
            }
            let elements = Array(array.elements)
            var dropped: [ArrayElementSyntax] = []
            var adding: [String] = []
            var present = Set(elements.compactMap { Self.name(of: $0.expression) })
            for change in targetChanges {
                switch change {
                case let .remove(_, removed):
                    let matching = elements.filter { Self.name(of: $0.expression) == removed }
                    if matching.isEmpty {
                        refused.append((change, "target \"\(name)\" does not list \"\(removed)\" by name in its dependencies"))
                    }
                    dropped += matching
                    present.remove(removed)
                case let .add(_, written, added):
                    guard !present.contains(added) else { continue }
                    present.insert(added)
                    adding.append(written)
                }
            }
            ArrayEdit.change(array, dropping: dropped, adding: adding, into: &edits)
        }
        guard !edits.overlap else { throw ManifestRefusal(reason: "two of its edits would touch the same text") }
        let text = edits.applied(to: syntax.text)
        guard (try? ManifestSyntax(text)) != nil else {
            throw ManifestRefusal(reason: "the edited manifest would not parse; nothing was changed")
        }
        return Outcome(text: text, refused: refused.map { (change: $0.0, reason: $0.1) })
    }

    /// The calls that declare target `name`: `.target(name: "name", …)` or `Target(name: "name", …)` with a
    /// `product:` (which a dependency's `.target(name:)` has not), wherever they are written.
    private func declarations(named name: String) -> [FunctionCallExprSyntax] {
        syntax.calls { call in
            let called = call.calledExpression
            let isDeclaration =
                called.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "target"
                || called.as(DeclReferenceExprSyntax.self)?.baseName.text == "Target"
            guard isDeclaration, let first = call.arguments.first, first.label?.text == "name",
                ManifestSyntax.literal(first.expression) == name
            else { return false }
            return ManifestSyntax.argument("product", of: call) != nil
        }
    }

    /// The target or product a `TargetDependency` element names: `.target(name:)`, `.project(target:path:)`,
    /// `.external(name:)`, `.package(product:)`, `.macro(name:)`; nil for anything else (`.sdk`, a path, a variable).
    static func name(of expression: ExprSyntax) -> String? {
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return nil }
        let label: String
        switch member.declName.baseName.text {
        case "target", "external", "macro": label = "name"
        case "project": label = "target"
        case "package": label = "product"
        default: return nil
        }
        return ManifestSyntax.argument(label, of: call).flatMap { ManifestSyntax.literal($0.expression) }
    }
}
