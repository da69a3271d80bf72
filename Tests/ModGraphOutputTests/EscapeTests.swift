import Foundation
import ModGraphTestSupport
import Testing
@testable import ModGraphOutput

/// Names an attacker can give a target, product, package, folder or layer.
let hostileNames = [
    "Feature\n::add-mask::X", "::add-mask::X", "  ::warning::x", "\u{3000}::error::x", "X\rY", "X\nY", "X\r\nY",
    "\u{1B}[31mred\u{1B}[0m", "nul\u{0}byte", "bell\u{7}", "del\u{7F}", "c1\u{85}next", "sep\u{2028}line",
    "rtl\u{202E}txt.exe", "non\u{FFFE}char", "non\u{FFFF}char", "<script>alert(1)</script>",
    "<a href=javascript:alert(1)>x</a>", "[x](javascript:alert(1))", "![i](http://x/y.png)", "`code`", "a|b",
    "*bold* _it_ ~~s~~", "$x$", "@everyone #1", "&amp;", "\"quoted\"", "back\\slash", "end\\", "%0A%25",
    "a:b;c#d%%e", "-->", "", String(repeating: "x", count: 20_000),
]

@Suite("Escaping")
struct EscapeTests {
    @Test func visibleSpellsOutControlsAndKeepsTheRest() {
        #expect(Escape.visible("X\nY") == #"X\nY"#)
        #expect(Escape.visible("X\rY") == #"X\rY"#)
        #expect(Escape.visible("a\tb\\c") == #"a\tb\\c"#)
        #expect(Escape.visible("\u{1B}[31m") == #"\u{1B}[31m"#)
        #expect(Escape.visible("a\u{0}b\u{7F}c\u{9B}") == #"a\u{0}b\u{7F}c\u{9B}"#)
        #expect(Escape.visible("p\u{2028}q\u{202E}r") == #"p\u{2028}q\u{202E}r"#)
        #expect(Escape.visible("\u{FFFE}\u{FFFF}\u{1FFFE}") == #"\u{FFFE}\u{FFFF}\u{1FFFE}"#)
        #expect(Escape.visible("Ünïcödé 模块 👩‍💻") == "Ünïcödé 模块 👩‍💻")
    }

    @Test func longNamesAreCutAndSaySo() {
        let name = "Feature" + String(repeating: "x", count: 20_000)
        let shown = Escape.visible(name)
        #expect(shown.hasPrefix("Featurexxx"))
        #expect(shown.hasSuffix("…[20,007 characters]"))
        #expect(shown.unicodeScalars.count < Escape.nameLimit + 30)
        #expect(Escape.visible(String(repeating: "y", count: Escape.nameLimit)) == String(repeating: "y", count: Escape.nameLimit))
        #expect(Escape.grouped(1_234_567) == "1,234,567")
        #expect(Escape.grouped(999) == "999")
    }

    @Test func textNeverStartsAWorkflowCommand() {
        #expect(Escape.text("::add-mask::X") == #"\u{3A}:add-mask::X"#)
        #expect(Escape.text("  ::warning::x") == #"  \u{3A}:warning::x"#)
        #expect(Escape.text("Feature\n::add-mask::X") == #"Feature\n::add-mask::X"#)
        #expect(Escape.text("a::b") == "a::b")
        for name in hostileNames {
            let shown = Escape.text(name)
            #expect(!shown.contains("\n") && !shown.contains("\r"), "\(shown)")
            #expect(!Escape.isWorkflowCommand(Substring(shown)), "\(shown)")
            #expect(!Escape.isWorkflowCommand(Substring("    " + shown)), "\(shown)")
            #expect(shown.unicodeScalars.allSatisfy { !Escape.needsSpelling($0) }, "\(shown)")
        }
    }

    @Test func isWorkflowCommandMatchesTheRunner() {
        #expect(Escape.isWorkflowCommand("::error::x"))
        #expect(Escape.isWorkflowCommand("   ::add-mask::x"))
        #expect(Escape.isWorkflowCommand("\u{3000}::x"))
        #expect(!Escape.isWorkflowCommand("x ::error::"))
        #expect(!Escape.isWorkflowCommand(":x"))
    }

    /// What GitHub's autolink extension would make a link of: the `:` of `://`, the `.` after
    /// `www`, and an `@` inside an address, which gets an empty comment before it.
    @Test func markdownBreaksEveryAutolink() {
        #expect(Escape.markdown("https://evil.example/x") == #"https\://evil.example/x"#)
        #expect(Escape.markdown("FTP://f") == #"FTP\://f"#)
        #expect(Escape.markdown("www.evil.example") == #"www\.evil.example"#)
        #expect(Escape.markdown("WwW.x") == #"WwW\.x"#)
        #expect(Escape.markdown("user@evil.co") == #"user<!---->\@evil.co"#)
        #expect(Escape.markdown("mailto:a.b+c@d.co") == #"mailto:a.b+c<!---->\@d.co"#)
        // What no autolink reads is left as it was.
        #expect(Escape.markdown("@everyone") == #"\@everyone"#)
        #expect(Escape.markdown("Feature.Core") == "Feature.Core")
        #expect(Escape.markdown("a:b//c") == "a:b//c")
        #expect(Escape.markdown("ww.x") == "ww.x")
    }

    @Test func markdownEscapesEverythingActive() {
        #expect(Escape.markdown("<script>") == #"\<script\>"#)
        #expect(Escape.markdown("[x](javascript:alert(1))") == #"\[x\](javascript:alert(1))"#)
        #expect(Escape.markdown("a|b") == #"a\|b"#)
        #expect(Escape.markdown("@team #12") == ##"\@team \#12"##)
        #expect(Escape.markdown("Plain-Name_2") == #"Plain-Name\_2"#)
        #expect(Escape.markdown("X\nY") == #"X\\nY"#)
    }

    @Test func markdownCodeSpansHoldAnyText() {
        #expect(Escape.markdownCode("a.yml") == "`a.yml`")
        #expect(Escape.markdownCode("a`b") == "``a`b``")
        #expect(Escape.markdownCode("`x") == "`` `x ``")
        #expect(Escape.markdownCode("a|b", inTable: true) == #"`a\|b`"#)
        #expect(Escape.markdownCode("a|b") == "`a|b`")
    }

    @Test func xmlHasNoForbiddenCharacter() {
        #expect(Escape.xml("<a href='x'>&\"</a>") == "&lt;a href=&apos;x&apos;&gt;&amp;&quot;&lt;/a&gt;")
        for name in hostileNames {
            let shown = Escape.xml(name)
            for scalar in shown.unicodeScalars {
                let value = scalar.value
                let allowed =
                    value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
                    || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
                #expect(allowed, "\(name): U+\(String(value, radix: 16))")
            }
            #expect(!shown.contains("<") && !shown.contains("\n"))
        }
    }

    /// A Mermaid title is a double-quoted YAML scalar: nothing in it can end it, escape or break the line.
    @Test func mermaidTitlesStayOneQuotedScalar() {
        #expect(Escape.mermaidTitle("Not drawn: 3 (--no-simplify)") == #""Not drawn: 3 (--no-simplify)""#)
        // The line break is spelled `\n` by text(_:limit:), whose backslash goes like every other.
        #expect(Escape.mermaidTitle("a\"b\\c\nd\u{7}") == #""abcndu{7}""#)
    }

    @Test func dotKeepsReturnAndNewlineApart() {
        #expect(Escape.dot("X\rY") != Escape.dot("X\nY"))
        #expect(Escape.dotIdentifier("X\rY") != Escape.dotIdentifier("X\nY"))
        #expect(Escape.dot("a\"b") == #""a\"b""#)
        #expect(Escape.dot("a\\b") == #""a\\\\b""#)
        // Graphviz reads entities in labels: a name spelling one is drawn as written.
        #expect(Escape.dot("a&lt;b & c") == #""a&amp;lt;b &amp; c""#)
        #expect(Escape.dot("two\nlines") == #""two\\nlines""#)
        #expect(Escape.dot("模块") == "\"模块\"")
    }

    @Test func longDOTIdentifiersStayDistinctAndShort() {
        let one = String(repeating: "x", count: 20_000) + "A"
        let two = String(repeating: "x", count: 20_000) + "B"
        #expect(Escape.dotIdentifier(one) != Escape.dotIdentifier(two))
        #expect(Escape.dotIdentifier(one).utf8.count <= Escape.dotByteLimit + 2)
        #expect(Escape.dotIdentifier(one) == Escape.dotIdentifier(one))
        #expect(Escape.dotIdentifier("Core/Prelude") == "\"Core/Prelude\"")
    }

    @Test func mermaidEntities() {
        #expect(Escape.mermaid(#"say "hi""#) == "say #quot;hi#quot;")
        #expect(Escape.mermaid("a<b>&c#d`e") == "a#lt;b#gt;#amp;c#35;d#96;e")
        #expect(Escape.mermaid("a:b;c#d%%e\nf") == #"a#58;b#59;c#35;d#37;#37;e\nf"#)
        #expect(Escape.mermaid("") == "#quot;#quot;")
        #expect(Escape.mermaid("end") == "end")
    }

    @Test func githubCommandValues() {
        #expect(Escape.githubData("50% a\nb") == #"50%25 a\nb"#)
        #expect(Escape.githubProperty("a:b,c") == "a%3Ab%2Cc")
        for name in hostileNames {
            let data = Escape.githubData(name)
            #expect(!data.contains("\n") && !data.contains("\r"))
        }
    }
}

@Suite("JSON strings")
struct JSONStringTests {
    @Test func controlsAndInvisiblesAreEscapedAndRoundTrip() throws {
        #expect(Escape.jsonString("a\"b\\c\nd") == #""a\"b\\c\nd""#)
        #expect(Escape.jsonString("\u{1B}\u{0}") == #""\u001b\u0000""#)
        #expect(Escape.jsonString("x\u{202E}y\u{2028}") == #""x\u202ey\u2028""#)
        #expect(Escape.jsonString("\u{1FFFE}") == #""\ud83f\udffe""#)
        #expect(Escape.jsonString("模块 👩‍💻") == "\"模块 👩‍💻\"")
    }

    /// Plain ASCII names take a shortcut in every format; a trailing `é`
    /// sends the same name the long way, which must agree with the shortcut.
    @Test func theShortcutForPlainNamesAgreesWithTheLongWay() {
        let printable = (0x20..<0x7F).map { String(UnicodeScalar(UInt8($0))) }
        let names = printable.flatMap { character in ["a\(character)b", character, character + "x", " " + character, "  \(character)y"] }
        func unquoted(_ quoted: String) -> String { String(quoted.dropLast()) }
        for name in names {
            let slow = name + "é"
            #expect(Escape.visible(slow) == Escape.visible(name) + "é", "\(name)")
            #expect(Escape.text(slow) == Escape.text(name) + "é", "\(name)")
            #expect(Escape.markdown(slow) == Escape.markdown(name) + "é", "\(name)")
            #expect(Escape.mermaid(slow) == Escape.mermaid(name) + "é", "\(name)")
            #expect(Escape.xml(slow) == Escape.xml(name) + "é", "\(name)")
            #expect(Escape.jsonString(slow) == unquoted(Escape.jsonString(name)) + "é\"", "\(name)")
            #expect(Escape.dot(slow) == unquoted(Escape.dot(name)) + "é\"", "\(name)")
            #expect(Escape.dotIdentifier(slow) == unquoted(Escape.dotIdentifier(name)) + "é\"", "\(name)")
        }
        // At the limit the shortcut stops, and the cut is the long way's.
        let long = String(repeating: "x", count: Escape.nameLimit + 1)
        #expect(Escape.text(long).hasSuffix("…[201 characters]"))
        #expect(Escape.text(String(repeating: "x", count: Escape.nameLimit)) == String(repeating: "x", count: Escape.nameLimit))
    }
}

/// index.html: text and attributes, and JSON that may sit inside `<script>`.
@Suite("Escape for HTML")
struct HTMLEscapeTests {
    @Test func htmlTextCannotOpenATagOrCloseAnAttribute() {
        #expect(Escape.html("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&#39;")
        #expect(Escape.html("Plain") == "Plain")
        for name in hostileNames {
            let escaped = Escape.html(name)
            #expect(!escaped.contains("<") && !escaped.contains(">") && !escaped.contains("\""), "\(name)")
        }
    }

    @Test func scriptJSONIsCompactScriptSafeAndExact() throws {
        let value = JSONValue.object([
            ("names", .strings(hostileNames + ["</script><!--", "x\u{2028}y\u{2029}z", "a & b > c"])),
            ("n", .int(3)),
        ])
        let bytes = Escape.scriptJSON(value)
        let text = String(decoding: bytes, as: UTF8.self)
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}", "\n", ": "] { #expect(!text.contains(forbidden), "\(forbidden)") }
        #expect(text.hasPrefix("{\"names\":[\""))
        // Parsed back, the same document.
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(parsed["names"] as? [String] == hostileNames + ["</script><!--", "x\u{2028}y\u{2029}z", "a & b > c"])
        #expect(parsed["n"] as? Int == 3)
    }

    /// Escaping each string as it is written gives the bytes of the former
    /// way: the compact document, then `<`, `>`, `&`, U+2028 and U+2029
    /// replaced inside strings in a second pass (kept here as the reference).
    @Test(arguments: 1...4 as ClosedRange<UInt64>)
    func scriptJSONIsTheCompactDocumentEscapedInsideStrings(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pieces = ["a", "Z9", "<", ">", "&", "</script>", "<!--", "\"", "\\", "\n", "\u{2028}", "\u{2029}", "é", "𝄞", "\u{7}", " ", "/"]
        func text() -> String {
            (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
        }
        for _ in 0..<200 {
            let (first, second, key) = (text(), text(), text())
            let value = JSONValue.object([
                ("plain", .string(first)),
                (key, .array([.string(second), .int(-4), .bool(false), .null, .double(0.5)])),
                ("joined", .stream { $0.string(first, joinedBy: "/", second) }),
                (
                    "keyed",
                    .stream { json in
                        json.beginObject()
                        json.key(text: key)
                        json.strings([first, second])
                        json.endObject()
                    }
                ),
            ])
            #expect(
                Escape.scriptJSON(value) == Self.escapedAfterwards(value.serializedBytes(layout: .compact)), "\(first) \(second) \(key)")
        }
    }

    /// The former ``Escape/scriptJSON(_:)``'s second pass over a compact document.
    private static func escapedAfterwards(_ compact: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var (inString, escaped, index) = (false, false, 0)
        while index < compact.count {
            let byte = compact[index]
            index += 1
            if !inString {
                if byte == UInt8(ascii: "\"") { inString = true }
                output.append(byte)
            } else if escaped {
                escaped = false
                output.append(byte)
            } else {
                switch byte {
                case UInt8(ascii: "\\"):
                    escaped = true
                    output.append(byte)
                case UInt8(ascii: "\""):
                    inString = false
                    output.append(byte)
                case UInt8(ascii: "<"): output += Array("\\u003c".utf8)
                case UInt8(ascii: ">"): output += Array("\\u003e".utf8)
                case UInt8(ascii: "&"): output += Array("\\u0026".utf8)
                case 0xE2 where index + 1 < compact.count && compact[index] == 0x80 && (compact[index + 1] & 0xFE) == 0xA8:
                    output += Array((compact[index + 1] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    index += 2
                default: output.append(byte)
                }
            }
        }
        return output
    }
}
