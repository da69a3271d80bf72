import Testing
@testable import ModGraphXcode

@Suite("OpenStep property lists")
struct OpenStepParserTests {
    private func parse(_ text: String) throws -> PropertyList {
        try OpenStepParser.parse(Array(text.utf8))
    }

    @Test func readsWhatXcodeWrites() throws {
        let text = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tclasses = {
            \t};
            \tobjectVersion = 77;
            \tobjects = {
            /* Begin PBXNativeTarget section */
            \t\t1A2B3C /* App */ = {isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; dependencies = (4D5E6F /* PBXTargetDependency */, ); };
            /* End PBXNativeTarget section */
            \t};
            \trootObject = 1A2B3C /* Project object */;
            }
            """
        let root = try #require(try parse(text).dictionary)
        #expect(root.keys == ["archiveVersion", "classes", "objectVersion", "objects", "rootObject"])
        #expect(root["objectVersion"]?.string == "77")
        let target = try #require(root["objects"]?.dictionary?["1A2B3C"]?.dictionary)
        #expect(target["productType"]?.string == "com.apple.product-type.application")
        #expect(target["dependencies"]?.strings == ["4D5E6F"])
        #expect(root["classes"]?.dictionary?.count == 0)
    }

    @Test func quotedStringsAndEscapes() throws {
        let value = try parse(#"{ a = "x \"q\" \\ \n\t\U00e9\101"; b = <0a0B ff>; c = (); "k y" = 'single'; }"#)
        let dictionary = try #require(value.dictionary)
        #expect(dictionary["a"]?.string == "x \"q\" \\ \n\té" + "A")
        #expect(dictionary["b"] == .data([0x0A, 0x0B, 0xFF]))
        #expect(dictionary["c"] == .array([]))
        #expect(dictionary["k y"]?.string == "single")
    }

    @Test func everyControlEscape() throws {
        let value = try parse(#"{ a = "\n\t\r\a\b\f\v\q"; }"#)
        #expect(value.dictionary?["a"]?.string == "\n\t\r\u{07}\u{08}\u{0C}\u{0B}q")
    }

    @Test func surrogatePairsAndUnicodeText() throws {
        let value = try parse(#"{ a = "\UD83D\UDE00 模块"; }"#)
        #expect(value.dictionary?["a"]?.string == "😀 模块")
    }

    @Test(arguments: [
        ("{ a = b }", 1, "expected ';' after the value of 'a'"),
        ("{\n a = \"open;\n}", 2, "a quoted string is not closed"),
        ("{ a = (b c); }", 1, "expected ',' or ')' in an array"),
        ("{\n\n a = b; } x", 3, "unexpected text after the property list"),
        ("/* never closed", 1, "a comment is not closed"),
        ("{ a = <0g>; }", 1, "data holds a character that is not hexadecimal"),
        ("{ a = ", 1, "unexpected end of file"),
        ("{ = b; }", 1, "unexpected character '='"),
    ])
    func errorsNameTheLine(_ text: String, _ line: Int, _ problem: String) {
        #expect(throws: PropertyListError(line: line, problem: problem)) { try parse(text) }
    }

    @Test func nestingIsBoundedNotAStackOverflow() {
        let deep = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        #expect(throws: PropertyListError(line: 1, problem: "nested more than 64 levels deep")) { try parse(deep) }
        let fine = String(repeating: "(", count: 63) + String(repeating: ")", count: 63)
        #expect(throws: Never.self) { try parse(fine) }
    }

    @Test func repeatedKeysKeepTheFirstPlaceAndTheLastValue() throws {
        let dictionary = try #require(try parse("{ a = 1; b = 2; a = 3; }").dictionary)
        #expect(dictionary.keys == ["a", "b"])
        #expect(dictionary["a"]?.string == "3")
    }
}
