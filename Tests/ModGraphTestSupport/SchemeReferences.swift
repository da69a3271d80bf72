import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The `BuildableReference`s of an Xcode scheme's test action, read back by an XML
/// parser (Foundation's), not by the code that wrote them: what the scheme tests of
/// `affected --format xcscheme` compare with the targets selected.
public enum SchemeReferences {
    public struct Malformed: Error, CustomStringConvertible {
        public let description: String
    }

    /// Each testable's reference attributes (names unescaped), in the scheme's order.
    public static func read(_ scheme: String) throws -> [[String: String]] {
        let parser = XMLParser(data: Data(scheme.utf8))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else {
            throw Malformed(description: "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "unknown")")
        }
        return collector.references
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var references: [[String: String]] = []
        private var inTestable = false

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if element == "TestableReference" { inTestable = true }
            if element == "BuildableReference", inTestable { references.append(attributes) }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if element == "TestableReference" { inTestable = false }
        }
    }
}
