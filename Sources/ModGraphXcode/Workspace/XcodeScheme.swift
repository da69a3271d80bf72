import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What an Xcode scheme (`.xcscheme`) runs and builds, as `affected` needs it:
/// the test targets of its test action (less those marked skipped), the test
/// plans it runs instead, and the entries of its build action.
///
/// Read as a workspace document is (``XcodeXML``): UTF-8 or UTF-16, no
/// DTD (so no entity can expand), at most ``maximumBytes``, elements nested at
/// most ``maximumDepth`` deep and ``maximumElements`` in all.
public struct XcodeScheme: Sendable, Equatable {
    /// A `BuildableReference`: the target (`BlueprintIdentifier`, its object id, or a package target's
    /// name; `BlueprintName`) and its container as written (`container:App.xcodeproj`).
    public struct Reference: Hashable, Sendable {
        public let container: String
        public let identifier: String
        public let name: String

        public init(container: String, identifier: String, name: String) {
            self.container = container
            self.identifier = identifier
            self.name = name
        }
    }

    public static let maximumBytes = 16 << 20
    public static let maximumDepth = 64
    public static let maximumElements = 100_000

    /// The test action's testables not marked `skipped = "YES"`, in order.
    public let tests: [Reference]
    /// The test action's test plans (`reference`, as written: `container:App.xctestplan`).
    public let testPlans: [String]
    /// The build action's entries, in order.
    public let builds: [Reference]

    /// - Throws: ``XcodeError`` when the text is not a scheme within the bounds.
    public init(_ bytes: [UInt8], file: String) throws(XcodeError) {
        let text: [UInt8]
        do {
            text = try XcodeXML.text(bytes, maximumBytes: Self.maximumBytes, kind: "a scheme")
        } catch {
            switch error {
            case let .tooLarge(reason): throw .unreadable(path: file, reason: reason)
            case let .malformed(line, problem): throw .unreadable(path: file, reason: "line \(line): \(problem)")
            }
        }
        let reader = Reader()
        let error = XcodeXML.parse(text, with: reader)
        if let failure = reader.failure { throw .unreadable(path: file, reason: failure) }
        if let error { throw .unreadable(path: file, reason: "line \(error.line): \(error.problem)") }
        guard reader.sawScheme else { throw .unreadable(path: file, reason: "the document's root element is not <Scheme>") }
        tests = reader.tests
        testPlans = reader.testPlans
        builds = reader.builds
    }

    /// The SAX delegate: the names of the open elements, and whether the innermost testable is skipped.
    private final class Reader: NSObject, XMLParserDelegate {
        var open: [String] = []
        var skipped: [Bool] = []
        var tests: [Reference] = []
        var testPlans: [String] = []
        var builds: [Reference] = []
        /// Why the parse stopped, with its line.
        var failure: String?
        var sawScheme = false
        var elements = 0

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements += 1
            guard elements <= XcodeScheme.maximumElements, open.count < XcodeScheme.maximumDepth else {
                fail(parser, "the scheme has more than \(XcodeScheme.maximumElements) elements or nests more than \(XcodeScheme.maximumDepth) deep")
                return
            }
            if open.isEmpty {
                guard element == "Scheme" else {
                    fail(parser, "the document's root element is <\(element)>, not <Scheme>")
                    return
                }
                sawScheme = true
            }
            let parent = open.last
            open.append(element)
            switch element {
            case "TestableReference":
                skipped.append(attributes["skipped"] == "YES")
            case "TestPlanReference" where open.contains("TestAction"):
                if let reference = attributes["reference"], !reference.isEmpty { testPlans.append(reference) }
            case "BuildableReference":
                guard let container = attributes["ReferencedContainer"], let identifier = attributes["BlueprintIdentifier"] else { return }
                let reference = Reference(container: container, identifier: identifier, name: attributes["BlueprintName"] ?? identifier)
                if parent == "TestableReference", open.contains("TestAction"), skipped.last == false {
                    tests.append(reference)
                } else if parent == "BuildActionEntry", open.contains("BuildAction") {
                    builds.append(reference)
                }
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if element == "TestableReference", !skipped.isEmpty { skipped.removeLast() }
            if !open.isEmpty { open.removeLast() }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) {
            if failure == nil { failure = "line \(max(1, parser.lineNumber)): " + XcodeXML.problem(error) }
        }

        private func fail(_ parser: XMLParser, _ problem: String) {
            if failure == nil { failure = "line \(max(1, parser.lineNumber)): \(problem)" }
            parser.abortParsing()
        }
    }
}
