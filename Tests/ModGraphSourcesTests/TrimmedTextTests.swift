import ModGraphSyntax
import ModGraphTestSupport
import SwiftParser
import SwiftSyntax
import Testing

/// `trimmedText` is swift-syntax's `trimmedDescription` without the tree copy: the two must
/// agree on every node, of ordinary files and of files the parser had to mend (missing tokens
/// first or last, stray text, unterminated literals), or the wiring and import findings would
/// change with the speed-up.
@Suite("trimmed text of syntax nodes")
struct TrimmedTextTests {
    /// Every node of `source` whose two texts differ, as "kind: expected | got".
    private func mismatches(_ source: String) -> [String] {
        final class Walker: SyntaxAnyVisitor {
            var differences: [String] = []
            var nodes = 0
            override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
                nodes += 1
                if node.trimmedText != node.trimmedDescription {
                    differences.append("\(node.kind): \(node.trimmedDescription.debugDescription) | \(node.trimmedText.debugDescription)")
                }
                return .visitChildren
            }
        }
        let walker = Walker(viewMode: .all)
        walker.walk(Parser.parse(source: source))
        #expect(walker.nodes > 0)
        return walker.differences
    }

    @Test("ordinary declarations, comments and CRLF line ends")
    func ordinary() {
        let source = """
            // a comment before everything
            import Foundation  // trailing

            /// Doc comment
            public protocol ProfileBuilding: AnyObject where Self: Sendable {
                func make(_ route: Route, ids: [String: Int]) -> any ProfileScreen /* after */
            }

            extension Feature.Builder: ProfileBuilding {
                @MainActor func make() -> some View { Text("é \\(1 + 2) 🧩") }
            }
            #if os(iOS) && !targetEnvironment(macCatalyst)
            import UIKit
            #elseif canImport(AppKit)
            @preconcurrency import AppKit
            #endif
            let closure = { (a: Int) in a * 2 }\t\r\n
            """
        #expect(mismatches(source) == [])
        #expect(mismatches(source.replacingOccurrences(of: "\n", with: "\r\n")) == [])
    }

    @Test("files the parser mends: missing tokens first and last, stray text, open literals")
    func damaged() {
        let sources = [
            "struct { var x: = }",
            "extension : P {",
            "func f( -> { return ",
            "  ) } ] struct S {}  ",
            "let s = \"unterminated\n let t = 1",
            "class C<T where T: > {}",
            "#if\nimport\n#endif",
            "@ \n protocol P: , Q { associatedtype }",
            "/* open comment",
            "let r = /regex",
            "   \n\t  ",
            "",
        ]
        for source in sources {
            #expect(mismatches(source) == [], "\(source.debugDescription)")
        }
    }

    @Test("random token soup, 300 files from a fixed seed")
    func soup() {
        let pieces = [
            "struct", "class", "protocol", "extension", "func", "var", "let", "import", "#if", "#else", "#endif", "{", "}", "(",
            ")", "[", "]", "<", ">", ":", ",", ".", "->", "=", "?", "!", "@", "\"", "\"\"\"", "//", "/*", "*/", "\n", " ", "\t",
            "Name", "x", "1", "some", "any", "where", "in", "é", "\r\n", "\\(",
        ]
        var generator = SplitMix64(seed: 0x7172_696d)
        for _ in 0..<300 {
            let count = Int.random(in: 1...40, using: &generator)
            let source = (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }.joined(separator: " ")
            #expect(mismatches(source) == [], "\(source.debugDescription)")
        }
    }
}
