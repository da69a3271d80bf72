import Foundation
import ModGraphTestSupport
import SwiftParser
@_spi(RawSyntax) import SwiftSyntax
import Testing

@testable import ModGraphSources

/// The wiring's walk over each file's uses reads swift-syntax's raw tree, counting each node's place
/// as it goes (``UseWalker``), where it was a `SyntaxVisitor` before: it must find the same names at
/// the same places, in the same order, and the same parts for each member. The reference here is
/// that visitor, kept as it was (``VisitorWalker``), run on files written to reach every corner, on
/// the repository's own Swift files, and on random token soups.
@Suite("the wiring's raw walk")
struct WiringRawWalkTests {
    /// What the two walks found differently in `source`, as lines; empty when they agree.
    private func differences(_ source: String) -> [String] {
        let tree = Parser.parse(source: source)
        let bytes = Array(source.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> [String] in
            let lines = LineTable(buffer)
            var walker = UseWalker(lines: lines)
            walker.walk(Syntax(tree).raw)
            let reference = VisitorWalker(lines: lines)
            reference.walk(tree)
            var found: [String] = []
            func compare<T: Equatable>(_ what: String, _ new: T, _ old: T) {
                if new != old { found.append("\(what): \(new) | \(old)") }
            }
            compare("mentions", walker.mentions.items, reference.mentions.items)
            compare("references", walker.references.items, reference.references.items)
            compare("paths", walker.paths.items, reference.paths.items)
            compare("constructions", walker.constructions, reference.constructions)
            compare("scoped calls", walker.scopedCalls, reference.scopedCalls)
            compare("truncated", walker.isTruncated, reference.isTruncated)
            compare("parts", Set(walker.memberUses.keys), Set(reference.memberUses.keys))
            for (id, uses) in reference.memberUses {
                compare("a part's uses", walker.memberUses[id]?.references.items ?? [], uses.references.items)
            }
            return found
        }
    }

    @Test("every node the walk reads, in and out of members' parts")
    func corners() {
        let source = """
            import Kit
            let top = Router(Home.self, next: Other.Kind.make())
            var observed: Cache.Store = .shared { didSet { Log.write(oldValue, observed) } }
            func start(with builder: any Builder<Screen>? = Default.make()) { run(builder, Settings.current.value.deep.deeper) }
            struct Feature<T: Providing>: Building where T: Other.Sub {
                let built = Builder<Paywall>(source: Source.main, count: 1)
                let made = Factory.init(x: Part())
                let inline = Home.Screen.init { Inner() }
                var scoped = container.scoped { args in Deps(a: args.a, b: Store.shared) }
                let trailing = parent.builder.scoped({ Deps2(x: X.y) }) { Extra() }
                lazy var text = "value \\(Interpolated.name) and \\(lower.Name)"
                init(dependencies: T) {
                    struct Local: Tenth, Eleventh.Twelfth { let x = Thirteenth() }
                    func helper() -> Fourteenth { Fifteenth() }
                    _ = { (value: Sixteenth) in value.show(Seventeenth.self) }
                }
                subscript(index: Int) -> Eighteenth { Nineteenth.items[index] }
                func generic() -> [String: Twentieth.Item]? { nil }
                #if os(iOS)
                func phone() { Twentyfirst.run()!.later?.value }
                #endif
            }
            extension Feature.Nested: Conformance { func more() { Twentysecond(self).a.b.c.d.e } }
            """
        #expect(differences(source) == [])
    }

    @Test("broken code: missing names, unexpected tokens")
    func brokenCode() {
        for source in [
            "let x: = Foo(", "struct { var a: A. }", "func f( -> B { C.", "x.Y.(Z)", "A<B.>(c:)",
            "var a: Outer.\n    Inner = .init(x: Outer.\n    Inner.make())", "@ #if\nlet = .init\n#endif",
        ] {
            #expect(differences(source) == [], "\(source.debugDescription)")
        }
    }

    /// The samples, and the sources of two targets: the wiring's own, and one of builders and views' kind of code.
    @Test("the Swift files of the samples and of two targets' sources")
    func realFiles() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files = 0
        for folder in ["Samples", "Sources/ModGraphSources", "Sources/ModGraphKit"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "swift", !url.path.contains("/.build/") else { continue }
                #expect(differences(try String(contentsOf: url, encoding: .utf8)) == [], "\(url.path)")
                files += 1
            }
        }
        #expect(files > 200)
    }

    @Test("random token soup, 400 files from a fixed seed")
    func soup() {
        let pieces = [
            "struct", "class", "extension", "func", "var", "let", "init", "{", "}", "(", ")", ":", ",", ".", "=", "didSet", "get",
            "#if", "#endif", "\n", "Name", "Other", "value", "x", "1", "some", "in", "return", "where", "static", ".scoped", ".init",
            "<", ">", "[", "]", "?", "!", "label:", "\"a\\(B)\"", "Self", "$0", "_", "->", "@A", "try", "T.U",
        ]
        var generator = SplitMix64(seed: 0x7261_7721)
        for _ in 0..<400 {
            let count = Int.random(in: 1...60, using: &generator)
            let source = (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }.joined(separator: " ")
            #expect(differences(source) == [], "\(source.debugDescription)")
        }
    }
}

private func visitorUses(_ uses: Uses, _ node: some SyntaxProtocol) -> Uses {
    let visitor = VisitorUses(uses: uses)
    visitor.walk(node)
    return visitor.uses
}

private final class VisitorUses: SyntaxVisitor {
    var uses: Uses

    init(uses: Uses) {
        self.uses = uses
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        if name.isCapitalised { uses.add(name) }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        uses.add(node.name.text)
        return .visitChildren
    }
}

/// One walk over a whole file for what it uses (``WiringFile``), and for what each
/// member's body, initial value or accessor block uses (``memberUses``): a part met
/// outside any other is gathered while the walk is inside it, as a walk of the part
/// alone (``Uses``) would gather it. A part inside another (a local function's body, a
/// closure's `let`) belongs to no member the declarations pass reads, which descends
/// no body.
private final class VisitorWalker: SyntaxVisitor {
    let lines: LineTable
    private(set) var memberUses: [RawSyntax.ID: Uses] = [:]
    /// The part being gathered, by the id of its node, and what it uses so far.
    private var current: (id: RawSyntax.ID, uses: Uses)?
    var mentions = UniqueNames(limit: WiringFile.nameLimit)
    var references = UniqueNames(limit: WiringFile.nameLimit)
    var paths = UniqueNames(limit: WiringFile.nameLimit)
    var constructions: [ConstructionSite] = []
    var scopedCalls: [ScopedSite] = []
    var isTruncated = false

    init(lines: LineTable) {
        self.lines = lines
        super.init(viewMode: .sourceAccurate)
    }

    /// What a type is made of is not what it uses; a local type's inheritance is what the member
    /// whose body declares it uses, gathered on its own.
    override func visit(_ node: InheritanceClauseSyntax) -> SyntaxVisitorContinueKind {
        if let part = current { current = (part.id, visitorUses(part.uses, node)) }
        return .skipChildren
    }

    // The parts a member's uses are gathered from: an initial value, an accessor block, a function's or an initialiser's body.

    override func visit(_ node: InitializerClauseSyntax) -> SyntaxVisitorContinueKind {
        begin(node.value.raw.id)
        return .visitChildren
    }

    override func visitPost(_ node: InitializerClauseSyntax) {
        end(node.value.raw.id)
    }

    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
        begin(node.raw.id)
        return .visitChildren
    }

    override func visitPost(_ node: AccessorBlockSyntax) {
        end(node.raw.id)
    }

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
        // A body inside another part (a local function's) is no member's: its parent is not asked for.
        if current == nil, let parent = node.parent, parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) {
            begin(node.raw.id)
        }
        return .visitChildren
    }

    override func visitPost(_ node: CodeBlockSyntax) {
        end(node.raw.id)
    }

    private func begin(_ id: RawSyntax.ID) {
        if current == nil { current = (id, Uses()) }
    }

    private func end(_ id: RawSyntax.ID) {
        guard let part = current, part.id == id else { return }
        memberUses[id] = part.uses
        current = nil
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        let location = lines.location(of: node)
        mentions.add(node.name.text, line: location.line, column: location.column)
        current?.uses.add(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        let location = lines.location(of: node.name)
        mentions.add(node.name.text, line: location.line, column: location.column)
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        let capitalised = name.isCapitalised
        if capitalised {
            let location = lines.location(of: node)
            references.add(name, line: location.line, column: location.column)
            current?.uses.add(name)
        }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        // Only the outermost access of a chain: `A.b.c` once, not `A.b` again.
        if let parent = node.parent?.as(MemberAccessExprSyntax.self), parent.base?.id == node.id { return .visitChildren }
        var components: [String] = [node.declName.baseName.text]
        var base = node.base
        while let access = base?.as(MemberAccessExprSyntax.self) {
            components.append(access.declName.baseName.text)
            base = access.base
        }
        if let root = base?.as(DeclReferenceExprSyntax.self), root.baseName.text.isCapitalised {
            components.append(root.baseName.text)
            let chain = Array(components.reversed().prefix(4))
            let location = lines.location(of: node)
            paths.add(chain.joined(separator: "."), line: location.line, column: location.column)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let location = lines.location(of: node)
        if let access = node.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "scoped",
            let base = access.base
        {
            var builders = Uses()
            builders = visitorUses(builders, base)
            var closure = Uses()
            closure = visitorUses(closure, node.arguments)
            if let trailing = node.trailingClosure { closure = visitorUses(closure, trailing) }
            if scopedCalls.count < WiringFile.nameLimit {
                scopedCalls.append(
                    ScopedSite(
                        builders: builders.references.items.map(\.name), dependencies: closure.references.items.map(\.name),
                        line: location.line, column: location.column))
            } else {
                isTruncated = true
            }
        }
        var callee = node.calledExpression
        if let specialised = callee.as(GenericSpecializationExprSyntax.self) { callee = specialised.expression }
        if let access = callee.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "init", let base = access.base {
            callee = base
        }
        if let reference = callee.as(DeclReferenceExprSyntax.self), reference.baseName.text.isCapitalised {
            // The arguments in parentheses only: what a generic parameter is bound to. A trailing closure (a
            // view's content) is walked by the visit anyway, and walking it here too would cost a walk per level of nesting.
            let arguments: [ConstructionSite.Argument] = node.arguments.map { argument in
                var uses = Uses()
                uses = visitorUses(uses, argument.expression)
                return .init(label: argument.label?.text ?? "_", references: uses.references.items.map(\.name))
            }
            if constructions.count < WiringFile.nameLimit {
                constructions.append(
                    ConstructionSite(type: reference.baseName.text, arguments: arguments, line: location.line, column: location.column))
            } else {
                isTruncated = true
            }
        }
        return .visitChildren
    }
}
