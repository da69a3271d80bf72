import SwiftSyntax

/// Edits a Tuist `Project.swift` where a target is written out in it: a
/// `TargetDependency` added to the `dependencies:` array of the target's
/// `.target(name: "X", …, product: …)` (or Tuist 3's `Target(name: "X", …)`), in
/// the array's layout, and one removed with its line. Only where the edit is
/// certain: a target a helper function, a loop or a variable makes is not
/// written in the manifest, and neither is a `dependencies:` that is not an
/// array literal; those changes are refused with the reason, and the finding
/// keeps its advice. A target written without `dependencies:` gets one, where
/// the initializer takes it. The result must parse again, or nothing is written.
public struct TuistEditor {
    /// One change a finding asks of one target.
    public enum Change: Hashable, Sendable {
        /// `written` (`.external(name: "Alamofire")`) added unless an element of `name` is there.
        case add(target: String, written: String, name: String)
        /// The element that names `name` (`.target(name:)`, `.project(target:)`, `.external(name:)`,
        /// `.package(product:)`, …) taken out.
        case remove(target: String, name: String)

        public var target: String {
            switch self {
            case let .add(target, _, _), let .remove(target, _): target
            }
        }

        /// The same change asked of `target`.
        func retargeted(_ target: String) -> Change {
            switch self {
            case let .add(_, written, name): .add(target: target, written: written, name: name)
            case let .remove(_, name): .remove(target: target, name: name)
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

    /// `changes` made, each target's together; targets a function of the manifest makes, through the function
    /// (``TargetMaker``) where every target it makes asks the same change, among `changes` and `asked` (what
    /// the whole run asks, when its changes are made one at a time).
    public func apply(_ changes: [Change], asked: [Change] = []) throws(ManifestRefusal) -> Outcome {
        var edits = TextEdits()
        var refused: [(Change, String)] = []
        let byTarget = Dictionary(grouping: changes, by: \.target)
        var byMaker: [String: (maker: TargetMaker, asking: [String])] = [:]
        var makers: [TargetMaker]?
        for name in byTarget.keys.sorted() {
            let targetChanges = byTarget[name] ?? []
            let calls = declarations(named: name)
            if calls.count == 1, let call = calls.first {
                refused += edit(call, of: name, targetChanges, into: &edits)
            } else if calls.isEmpty, let maker = maker(making: name, known: &makers) {
                byMaker[maker.function, default: (maker, [])].asking.append(name)
            } else {
                let reason =
                    calls.isEmpty
                    ? "target \"\(name)\" is not written as .target(name: \"\(name)\", …) in the manifest (a helper, a loop or a variable makes it): edit it where its dependencies are written"
                    : "target \"\(name)\" is written \(calls.count) times in the manifest: edit the one that applies"
                refused += targetChanges.map { ($0, reason) }
            }
        }
        for function in byMaker.keys.sorted() {
            guard let (maker, asking) = byMaker[function] else { continue }
            refused += edit(
                maker, changes: byTarget.filter { asking.contains($0.key) }, asked: Dictionary(grouping: asked + changes, by: \.target),
                into: &edits)
        }
        guard !edits.overlap else { throw ManifestRefusal(reason: "two of its edits would touch the same text") }
        let text = edits.applied(to: syntax.text)
        guard (try? ManifestSyntax(text)) != nil else {
            throw ManifestRefusal(reason: "the edited manifest would not parse; nothing was changed")
        }
        return Outcome(text: text, refused: refused.map { (change: $0.0, reason: $0.1) })
    }

    /// The manifest without the one array element that starts on `line`: a dependency a helper's argument names
    /// (`dependencies: [.domain]` of `.feature(interface: .Main, factory: .init(…))`), at the line the evaluator
    /// made it at. What the element was part of is not known here: the caller evaluates the text before and after
    /// and keeps the edit only when it took out that dependency and changed nothing else.
    public func removingElement(at line: Int) throws(ManifestRefusal) -> String {
        let (element, array) = try element(at: line)
        var edits = TextEdits()
        ArrayEdit.remove([element], from: array, into: &edits)
        return try edited(edits)
    }

    /// The manifest with `written` appended to the array whose one element starting on `line` makes another
    /// dependency of the same target (`dependencies: [.feature(interface: .Main)]` of a helper's call). As for
    /// ``removingElement(at:)``, the caller keeps the edit only when it added that dependency and changed nothing else.
    public func addingElement(_ written: String, besideTheElementAt line: Int) throws(ManifestRefusal) -> String {
        let (_, array) = try element(at: line)
        var edits = TextEdits()
        _ = ArrayEdit.append([written], to: array, into: &edits)
        return try edited(edits)
    }

    /// The one element of an array literal that starts on `line`, with its array.
    private func element(at line: Int) throws(ManifestRefusal) -> (ArrayElementSyntax, ArrayExprSyntax) {
        let converter = SourceLocationConverter(fileName: "", tree: syntax.file)
        let finder = ArrayFinder(viewMode: .sourceAccurate)
        finder.walk(syntax.file)
        var found: [(element: ArrayElementSyntax, array: ArrayExprSyntax)] = []
        for array in finder.found {
            for element in array.elements where converter.location(for: element.positionAfterSkippingLeadingTrivia).line == line {
                found.append((element, array))
            }
        }
        guard found.count == 1, let only = found.first else {
            throw ManifestRefusal(
                reason: found.isEmpty
                    ? "line \(line), where a helper makes its dependency, is no element of an array in the manifest"
                    : "line \(line), where a helper makes its dependency, starts \(found.count) elements of arrays: edit it by hand")
        }
        return only
    }

    /// The manifest with `edits` made, which must parse.
    private func edited(_ edits: TextEdits) throws(ManifestRefusal) -> String {
        let text = edits.applied(to: syntax.text)
        guard (try? ManifestSyntax(text)) != nil else {
            throw ManifestRefusal(reason: "the edited manifest would not parse; nothing was changed")
        }
        return text
    }

    /// Every array literal of a file, outermost first.
    private final class ArrayFinder: SyntaxVisitor {
        var found: [ArrayExprSyntax] = []

        override func visit(_ node: ArrayExprSyntax) -> SyntaxVisitorContinueKind {
            found.append(node)
            return .visitChildren
        }
    }

    /// The function of the manifest that makes target `name`; the manifest's makers found once, in `known`.
    private func maker(making name: String, known: inout [TargetMaker]?) -> TargetMaker? {
        let all = known ?? TargetMaker.all(in: syntax)
        known = all
        return all.first { $0.made.contains(name) }
    }

    /// The `changes` every target `maker` makes asks (in `asked`), made once in the function's `.target(…)`;
    /// the others refused.
    private func edit(
        _ maker: TargetMaker, changes: [String: [Change]], asked: [String: [Change]], into edits: inout TextEdits
    ) -> [(Change, String)] {
        let wanted = maker.made.map { name in Set((asked[name] ?? []).map { $0.retargeted("") }) }
        let common = wanted.dropFirst().reduce(wanted.first ?? []) { $0.intersection($1) }
        let made = maker.made.map { "\"\($0)\"" }.joined(separator: ", ")
        var refused: [(Change, String)] = []
        for (name, list) in changes.sorted(by: { $0.key < $1.key }) {
            for change in list where !common.contains(change.retargeted("")) {
                refused.append(
                    (
                        change,
                        "target \"\(name)\" is made by \(maker.function)(…) in the manifest with \(made), which do not all need this change: edit it by hand"
                    ))
            }
        }
        var shared: [Change] = []
        for change in changes.keys.sorted().flatMap({ changes[$0] ?? [] }).map({ $0.retargeted("") })
        where common.contains(change) && !shared.contains(change) {
            shared.append(change)
        }
        for (change, reason) in edit(maker.call, of: maker.function + "(…)", shared, into: &edits) {
            for name in changes.keys.sorted() where changes[name]?.contains(change.retargeted(name)) == true {
                refused.append((change.retargeted(name), reason))
            }
        }
        return refused
    }

    /// `changes` made to the `.target(…)` `call` of target `name`; what cannot be made, with why.
    private func edit(_ call: FunctionCallExprSyntax, of name: String, _ changes: [Change], into edits: inout TextEdits) -> [(
        Change, String
    )] {
        var refused: [(Change, String)] = []
        guard let argument = ManifestSyntax.argument("dependencies", of: call) else {
            // No `dependencies:` yet: one is written where the initializer takes it, with what is added.
            var added: [String] = []
            var names: Set<String> = []
            for change in changes {
                switch change {
                case let .add(_, written, addedName) where names.insert(addedName).inserted: added.append(written)
                case .add: continue
                case let .remove(_, removed):
                    refused.append((change, "target \"\(name)\" does not list \"\(removed)\" by name in its dependencies"))
                }
            }
            if !added.isEmpty { Self.insertDependencies(added, into: call, edits: &edits) }
            return refused
        }
        guard let array = ManifestSyntax.literalArray(argument.expression) else {
            let reason = "target \"\(name)\" has no dependencies: array literal in the manifest: add the dependency there by hand"
            return changes.map { ($0, reason) }
        }
        let elements = Array(array.elements)
        var dropped: [ArrayElementSyntax] = []
        var adding: [String] = []
        var present = Set(elements.compactMap { Self.name(of: $0.expression) })
        for change in changes {
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
        return refused
    }

    /// The arguments Tuist's target initializers (4's `.target`, 3's `Target`) take after `dependencies:`.
    static let argumentsAfterDependencies: Set<String> = [
        "settings", "coreDataModels", "environmentVariables", "environment", "launchArguments", "additionalFiles", "buildRules",
        "mergedBinaryType", "mergeable", "onDemandResourcesTags", "metadata",
    ]

    /// `dependencies: [elements]` written into `call` where the initializer takes it: before the first argument
    /// that follows it, else after the last, each on a line of its own where the arguments are.
    private static func insertDependencies(_ elements: [String], into call: FunctionCallExprSyntax, edits: inout TextEdits) {
        let argument = "dependencies: [\(elements.joined(separator: ", "))]"
        let onItsOwnLine = { (trivia: Trivia) in trivia.contains { if case .newlines = $0 { true } else { false } } }
        if let next = call.arguments.first(where: { $0.label.map { argumentsAfterDependencies.contains($0.text) } ?? false }) {
            let text =
                onItsOwnLine(next.leadingTrivia)
                ? argument + ",\n" + ArrayEdit.indentation(of: next.leadingTrivia) : argument + ", "
            edits.insert(text, at: next.positionAfterSkippingLeadingTrivia.utf8Offset)
        } else if let last = call.arguments.last {
            let separator = onItsOwnLine(last.leadingTrivia) ? "\n" + ArrayEdit.indentation(of: last.leadingTrivia) : " "
            if let comma = last.trailingComma {
                edits.insert(separator + argument + ",", at: comma.endPositionBeforeTrailingTrivia.utf8Offset)
            } else {
                edits.insert("," + separator + argument, at: last.endPositionBeforeTrailingTrivia.utf8Offset)
            }
        }
    }

    /// The calls that declare target `name`: `.target(name: "name", …)` or `Target(name: "name", …)` with a
    /// `product:` (which a dependency's `.target(name:)` has not), wherever they are written.
    private func declarations(named name: String) -> [FunctionCallExprSyntax] {
        syntax.calls { call in
            guard Self.declaresTarget(call), let first = call.arguments.first, first.label?.text == "name" else { return false }
            return ManifestSyntax.literal(first.expression) == name
        }
    }

    /// Whether `call` declares a target: `.target(…)` or Tuist 3's `Target(…)` with a `product:`, which a
    /// dependency's `.target(name:)` has not.
    static func declaresTarget(_ call: FunctionCallExprSyntax) -> Bool {
        let called = call.calledExpression
        let named =
            called.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "target"
            || called.as(DeclReferenceExprSyntax.self)?.baseName.text == "Target"
        return named && ManifestSyntax.argument("product", of: call) != nil
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
