import Foundation
import ModGraphTestSupport
import SwiftParser
@_spi(RawSyntax) import SwiftSyntax
import Testing

@testable import ModGraphSources

/// What each member uses (its initial value and accessors, its body) is gathered by the one walk
/// over the file, not by a walk of each member's parts: the two must agree, name for name and in
/// order, or the wiring would change with the speed-up. The reference here is the walk of each
/// part on its own (``Uses``), as the collector made it before, on files written to reach every
/// corner, on real files, and on random token soups.
@Suite("the uses of each wiring member")
struct WiringMemberUsesTests {
    /// Members whose recorded uses differ from a walk of their own parts, as "line:column name", and how many were compared.
    private func differences(_ source: String) -> (differences: [String], compared: Int) {
        guard let wiring = SourceScanner.scan(text: source, path: "/src/F.swift", readsWiring: true).wiring else {
            return (["no wiring read"], 0)
        }
        let tree = Parser.parse(source: source)
        let bytes = Array(source.utf8)
        let expected = bytes.withUnsafeBufferPointer { buffer in
            let reference = Reference(lines: LineTable(buffer))
            reference.walk(tree)
            return reference.uses
        }
        var differences: [String] = []
        var compared = 0
        for declaration in wiring.declarations {
            for member in declaration.members where [WiringMember.Kind.property, .function, .initializer].contains(member.kind) {
                let key = "\(member.line):\(member.column) \(member.name)"
                guard let uses = expected[key] else {
                    differences.append("\(key): not in the reference")
                    continue
                }
                compared += 1
                if uses != member.references {
                    differences.append("\(key): \(uses) | \(member.references)")
                }
            }
        }
        return (differences, compared)
    }

    /// Every variable binding, function and initialiser of a tree, wherever it is, with what a walk
    /// of its own parts uses: the value then the accessors, or the body.
    private final class Reference: SyntaxVisitor {
        let lines: LineTable
        var uses: [String: [String]] = [:]

        init(lines: LineTable) {
            self.lines = lines
            super.init(viewMode: .sourceAccurate)
        }

        private func record(_ name: String, at node: some SyntaxProtocol, _ parts: [Syntax]) {
            var walked = Uses()
            for part in parts { walked.walk(part.raw) }
            let location = lines.location(of: node)
            uses["\(location.line):\(location.column) \(name)"] = walked.references.items.map(\.name)
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            for binding in node.bindings {
                guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                let parts = [binding.initializer.map { Syntax($0.value) }, binding.accessorBlock.map(Syntax.init)].compactMap { $0 }
                record(identifier.identifier.text, at: node, parts)
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            let labels = node.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
            record(node.name.text + "(" + labels + ")", at: node, node.body.map { [Syntax($0)] } ?? [])
            return .visitChildren
        }

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            let labels = node.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
            record("init(" + labels + ")", at: node, node.body.map { [Syntax($0)] } ?? [])
            return .visitChildren
        }
    }

    @Test("members with values and observers, local types, closures, defaults and #if")
    func corners() {
        let source = """
            let top = Router(Home.self)
            var observed = Cache.shared { didSet { Log.write(oldValue, observed) } }
            func start(with builder: Builder = Default.make()) { run(builder, Settings.current) }
            #if DEBUG
            let debug = Inspector()
            #endif
            if Flags.on { let hidden = Secret() }
            struct Feature: Building where Dependencies: Providing {
                var a = First(), b: Second { Third.value }
                lazy var c: Fourth = { let inner = Fifth(); return inner.make(Sixth.self) }()
                static let d = Seventh.shared
                var e: Int { get { Eighth.count } set { Ninth.store(newValue) } }
                init(dependencies: Dependencies) {
                    struct Local: Tenth, Eleventh { let x = Twelfth() }
                    func helper() -> Thirteenth { Fourteenth() }
                    self.dependencies = dependencies.resolve(Fifteenth.self)
                }
                func make(_ route: Route = .home) -> some Screen {
                    let closure = { (value: Sixteenth) in value.show(Seventeenth.self) }
                    return closure(Eighteenth())
                }
                #if os(iOS)
                func phone() { Nineteenth.run() }
                #else
                func desktop() { Twentieth.run() }
                #endif
                enum Kind: String { case one = "one"; case two }
                class Nested { var deep = Twentyfirst() { willSet { Twentysecond.note() } } }
            }
            extension Feature.Nested { func more() { Twentythird(self) } }
            protocol Providing { var value: Twentyfourth { get } ; func provide(_ x: Int) -> Twentyfifth }
            """
        let (found, compared) = differences(source)
        #expect(found == [])
        #expect(compared == 17)
    }

    /// Over the member-name bound: the value's names and the accessors' together keep what one walk would.
    @Test func theBoundOnNamesHoldsAcrossAValueAndItsAccessors() {
        let many = WiringFile.memberNameLimit + 5
        let value = (0..<many).map { "V\($0)()" }.joined(separator: " + ")
        let accessors = (0..<many).map { "A\($0).x" }.joined(separator: "; ")
        let (found, compared) = differences("struct S { var total = \(value) { didSet { \(accessors) } } }\n")
        #expect(found == [])
        #expect(compared == 1)
    }

    @Test("the Swift files of the samples and of the wiring's own sources")
    func realFiles() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var compared = 0
        for folder in ["Samples", "Sources/ModGraphSources/Wiring"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "swift", !url.path.contains("/.build/") else { continue }
                let result = differences(try String(contentsOf: url, encoding: .utf8))
                #expect(result.differences == [], "\(url.path)")
                compared += result.compared
            }
        }
        #expect(compared > 500)
    }

    /// A type's name starts with an upper-case letter, ASCII or not; `Self` names no type of its own.
    @Test func capitalisedNames() {
        for name in ["PaywallBuilder", "Selfish", "A", "Éclair", "Ωmega"] { #expect(name.isCapitalised, "\(name)") }
        for name in ["paywall", "Self", "_Hidden", "$0", "élan", "ωmega", "1st", ""] { #expect(!name.isCapitalised, "\(name)") }
    }

    @Test("random token soup, 300 files from a fixed seed")
    func soup() {
        let pieces = [
            "struct", "class", "extension", "func", "var", "let", "init", "{", "}", "(", ")", ":", ",", ".", "=", "didSet", "get",
            "set", "#if", "#endif", "\n", "Name", "Other", "value", "x", "1", "some", "in", "return", "where", "static", "lazy",
        ]
        var generator = SplitMix64(seed: 0x7573_6573)
        var compared = 0
        for _ in 0..<300 {
            let count = Int.random(in: 1...60, using: &generator)
            let source = (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }.joined(separator: " ")
            let result = differences(source)
            #expect(result.differences == [], "\(source.debugDescription)")
            compared += result.compared
        }
        #expect(compared > 100)
    }
}
