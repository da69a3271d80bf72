import SwiftSyntax

/// Additions to and removals from one array literal of a manifest, in the array's
/// own layout: an array written an element a line gets a line an element, at the
/// indentation of its elements, with a trailing comma when its last element has one;
/// an array on one line stays on one line. Removing an element removes its line
/// (with a comment on the same line), and an array left empty becomes `[]`.
enum ArrayEdit {
    struct Outcome {
        /// The written names removed.
        var removed: Set<String> = []
        /// The packages (`package:` of a `.product`) of the elements removed.
        var removedPackages: Set<String> = []
        var refusal: String?
    }

    /// `call`'s `dependencies:` with `adding` appended and the elements written as `removing` taken out;
    /// an argument added after `name:` when there is none.
    static func dependencies(
        of call: FunctionCallExprSyntax, adding: [ManifestEditor.Element], removing: Set<String>, variables: [String: String] = [:],
        into edits: inout TextEdits
    ) -> Outcome {
        var outcome = Outcome()
        guard let argument = ManifestSyntax.argument("dependencies", of: call) else {
            guard removing.isEmpty else { return Outcome(refusal: "the target declares no dependencies: argument") }
            guard let name = ManifestSyntax.argument("name", of: call) else { return Outcome(refusal: "the target has no name: argument") }
            let elements = adding.map { $0.written(inTargetStyle: false, variables: variables) }.joined(separator: ", ")
            if let comma = name.trailingComma {
                // `name: "X",` then other arguments: the new one goes after the comma, on a line of
                // its own when the next argument has one.
                let next = call.arguments[call.arguments.index(after: call.arguments.index(of: name) ?? call.arguments.startIndex)]
                let onItsOwnLine = next.leadingTrivia.contains { if case .newlines = $0 { true } else { false } }
                let text =
                    onItsOwnLine
                    ? "\n" + indentation(of: next.leadingTrivia) + "dependencies: [\(elements)],"
                    : " dependencies: [\(elements)],"
                edits.insert(text, at: comma.endPositionBeforeTrailingTrivia.utf8Offset)
            } else {
                edits.insert(", dependencies: [\(elements)]", at: name.endPositionBeforeTrailingTrivia.utf8Offset)
            }
            return outcome
        }
        guard let array = ManifestSyntax.literalArray(argument.expression) else {
            return Outcome(
                refusal: "the target's dependencies: is not an array literal (a variable or an expression): edit it where it is written")
        }
        let elements = Array(array.elements)
        var kept: [ArrayElementSyntax] = []
        var dropped: [ArrayElementSyntax] = []
        // A product written through one of the manifest's variables is that product.
        var byVariable: [String: (name: String, package: String?)] = [:]
        for (key, variable) in variables {
            let parts = key.split(separator: "\u{0}", maxSplits: 1).map(String.init)
            if parts.count == 2 { byVariable[variable] = (parts[0], parts[1]) }
        }
        func dependency(_ expression: ExprSyntax) -> (name: String, package: String?)? {
            if let reference = expression.as(DeclReferenceExprSyntax.self) { return byVariable[reference.baseName.text] }
            return ManifestSyntax.dependency(expression)
        }
        for element in elements {
            if let dependency = dependency(element.expression), removing.contains(dependency.name) {
                dropped.append(element)
                outcome.removed.insert(dependency.name)
                if let package = dependency.package { outcome.removedPackages.insert(package.lowercased()) }
            } else {
                kept.append(element)
            }
        }
        // The style of what is there: `.target(name:)` for targets if every target dependency is written so.
        let targetStyle =
            !elements.isEmpty
            && elements.allSatisfy { element in
                guard let call = element.expression.as(FunctionCallExprSyntax.self) else { return false }
                return call.calledExpression.as(MemberAccessExprSyntax.self).map {
                    ["target", "product"].contains($0.declName.baseName.text)
                }
                    ?? false
            }
            && elements.contains {
                $0.expression.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                    == "target"
            }
        let present = Set(kept.compactMap { dependency($0.expression)?.name })
        let written = Set(kept.map { $0.expression.trimmedDescription })
        let added = adding.filter { !present.contains($0.name) }.map { $0.written(inTargetStyle: targetStyle, variables: variables) }
            .filter { !written.contains($0) }
        edit(array, elements: elements, dropped: dropped, adding: added, into: &edits)
        return outcome
    }

    /// `elements` of `array` taken out.
    static func remove(_ elements: [ArrayElementSyntax], from array: ArrayExprSyntax, into edits: inout TextEdits) {
        edit(array, elements: Array(array.elements), dropped: elements, adding: [], into: &edits)
    }

    /// `dropped` taken out of `array` and `entries` appended, in one edit of its elements.
    static func change(
        _ array: ArrayExprSyntax, dropping dropped: [ArrayElementSyntax], adding entries: [String], into edits: inout TextEdits
    ) {
        edit(array, elements: Array(array.elements), dropped: dropped, adding: entries, into: &edits)
    }

    /// `entries` appended to `array`.
    static func append(_ entries: [String], to array: ArrayExprSyntax, into edits: inout TextEdits) -> Outcome {
        edit(array, elements: Array(array.elements), dropped: [], adding: entries, into: &edits)
        return Outcome()
    }

    private static func edit(
        _ array: ArrayExprSyntax, elements: [ArrayElementSyntax], dropped: [ArrayElementSyntax], adding: [String],
        into edits: inout TextEdits
    ) {
        guard !dropped.isEmpty || !adding.isEmpty else { return }
        // By place in the text: each walk of a collection makes its nodes (and their identities) anew,
        // and the elements to drop may come from another walk than `elements`.
        let droppedPlaces = Set(dropped.map(\.position.utf8Offset))
        let kept = elements.filter { !droppedPlaces.contains($0.position.utf8Offset) }
        let multiline =
            elements.contains { hasNewline($0.leadingTrivia) } || hasNewline(array.rightSquare.leadingTrivia)
        let open = array.leftSquare.endPositionBeforeTrailingTrivia.utf8Offset
        let close = array.rightSquare.positionAfterSkippingLeadingTrivia.utf8Offset
        if kept.isEmpty && adding.isEmpty {
            edits.replace(open..<close, with: "")
            return
        }
        guard multiline else {
            // One line: rewritten whole, its elements as written, ", " between.
            let texts = kept.map { $0.expression.trimmedDescription } + adding
            edits.replace(open..<close, with: texts.joined(separator: ", "))
            return
        }
        for element in dropped {
            // The element with the line break and indentation before it, its comma and a comment after it.
            edits.replace(element.position.utf8Offset..<element.endPosition.utf8Offset, with: "")
        }
        guard !adding.isEmpty else { return }
        let trailingComma = elements.last?.trailingComma != nil
        let indent =
            (elements.first { hasNewline($0.leadingTrivia) }).map { indentation(of: $0.leadingTrivia) }
            ?? indentation(of: array.rightSquare.leadingTrivia) + "    "
        let lines = adding.map { "\n" + indent + $0 }.joined(separator: ",") + (trailingComma ? "," : "")
        if let anchor = kept.last {
            if anchor.trailingComma == nil {
                // The comma goes right after the element, before a comment that may follow it.
                edits.insert(",", at: anchor.endPositionBeforeTrailingTrivia.utf8Offset)
            }
            edits.insert(lines, at: anchor.endPosition.utf8Offset)
        } else {
            edits.insert(lines, at: open)
        }
    }

    private static func hasNewline(_ trivia: Trivia) -> Bool {
        trivia.contains {
            switch $0 {
            case .newlines, .carriageReturns, .carriageReturnLineFeeds: true
            default: false
            }
        }
    }

    /// The spaces and tabs after the last line break of `trivia`.
    static func indentation(of trivia: Trivia) -> String {
        var indent = ""
        for piece in trivia {
            switch piece {
            case .newlines, .carriageReturns, .carriageReturnLineFeeds: indent = ""
            case let .spaces(count): indent += String(repeating: " ", count: count)
            case let .tabs(count): indent += String(repeating: "\t", count: count)
            default: break
            }
        }
        return indent
    }
}
