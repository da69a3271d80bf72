import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What every Xcode XML document read here goes through (a workspace's
/// `contents.xcworkspacedata`, a scheme): at most a bound of bytes, before and
/// after decoding; its text as UTF-8 whatever it was written in
/// (``WorkspaceText``), so that the check for a DTD reads what the parser will;
/// no DTD at all (no entity can expand); then Foundation's parser with external
/// entities off, whose error, not its return value (true on Linux after some
/// errors), decides.
enum XcodeXML {
    /// Why a document is not read.
    enum Refusal: Error {
        /// Over the bound; the reason, as said.
        case tooLarge(String)
        /// Not text, or a DTD.
        case malformed(line: Int, problem: String)
    }

    /// The document's text as UTF-8, checked; `kind` names it in the refusal of a DTD (`a workspace`).
    ///
    /// - Complexity: O(n) in the number of bytes.
    static func text(_ bytes: [UInt8], maximumBytes: Int, kind: String) throws(Refusal) -> [UInt8] {
        guard bytes.count <= maximumBytes else {
            throw .tooLarge("the file has \(bytes.count) bytes, more than the \(maximumBytes) modgraph reads")
        }
        let text: [UInt8]
        do {
            text = try WorkspaceText.utf8(bytes)
        } catch {
            throw .malformed(line: error.line, problem: error.problem)
        }
        guard text.count <= maximumBytes else {
            throw .tooLarge("the file has \(text.count) bytes as UTF-8, more than the \(maximumBytes) modgraph reads")
        }
        if let line = lineOfDeclaration(text) { throw .malformed(line: line, problem: "\(kind) has no DOCTYPE; refusing to read one") }
        return text
    }

    /// Parses `text` (from ``text(_:maximumBytes:kind:)``) with `delegate`: the parser's error, with its line, if any.
    /// A delegate that aborts the parse keeps its own reason, which the caller says first.
    static func parse(_ text: [UInt8], with delegate: any XMLParserDelegate) -> (line: Int, problem: String)? {
        let parser = XMLParser(data: Data(text))
        parser.delegate = delegate
        parser.shouldResolveExternalEntities = false
        let succeeded = parser.parse()
        guard !succeeded || parser.parserError != nil else { return nil }
        return (max(1, parser.lineNumber), problem(parser.parserError))
    }

    /// A one-line reason for an XML error. Foundation's descriptions are empty on
    /// Linux; its codes are libxml2's on every platform.
    static func problem(_ error: (any Error)?) -> String {
        guard let code = (error as NSError?)?.code else { return "the XML is not well formed" }
        switch code {
        case 4: return "the file is empty or not XML"
        case 5: return "the document does not end where it should (an element is not closed, or text follows it)"
        case 76: return "an end tag does not match the element it closes"
        case 77: return "an element is not closed"
        default: return "the XML is not well formed (libxml2 error \(code))"
        }
    }

    /// The line of the first markup declaration (`<!DOCTYPE`, `<!ENTITY`,
    /// `<!ELEMENT`…: `<!` and a letter), if the UTF-8 text has one. Comments
    /// (`<!--`) and CDATA sections (`<![CDATA[`) are not declarations.
    static func lineOfDeclaration(_ text: [UInt8]) -> Int? {
        var line = 1
        var index = 0
        while index < text.count {
            if text[index] == UInt8(ascii: "\n") { line += 1 }
            if text[index] == UInt8(ascii: "<"), index + 2 < text.count, text[index + 1] == UInt8(ascii: "!"),
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(text[index + 2] & 0xDF)
            {
                return line
            }
            index += 1
        }
        return nil
    }

}
