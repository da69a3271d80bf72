import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The locations a `contents.xcworkspacedata` refers to, resolved to paths,
/// in document order: `<FileRef location="…">` elements, inside any number
/// of `<Group location="…">` elements whose locations they are relative to.
///
/// A location is `scheme:path`:
/// - `group:` relative to the enclosing group (the workspace's folder at the top);
/// - `container:` relative to the workspace's folder;
/// - `absolute:` an absolute path;
/// - `self:` in the `project.xcworkspace` inside an `.xcodeproj`, that project;
///   elsewhere, like `container:`;
/// - `developer:` (inside Xcode) and unknown schemes are skipped with a warning.
///
/// The workspace's folder is the folder holding the `.xcworkspace`, or, for
/// a workspace inside an `.xcodeproj`, the folder holding the project.
/// A workspace file never needs a DTD, so one is refused (no entity can
/// expand): the check reads the text as decoded (``WorkspaceText``), in
/// UTF-8 or UTF-16, which is all the parser is then given. Groups nest at
/// most ``maximumDepth`` deep, and a document has at most ``maximumElements``
/// elements, so what it lists is bounded by the count, not only by its bytes.
struct WorkspaceDocument {
    static let maximumBytes = 16 << 20
    static let maximumDepth = 64
    /// Far more projects, packages and groups than any workspace lists; each costs a look at the disk.
    static let maximumElements = 100_000

    /// A resolved `FileRef`: relative to the workspace's folder, or absolute.
    struct Location: Equatable {
        let path: String
        /// The 1-based line of the `FileRef`, for warnings.
        let line: Int
    }

    let locations: [Location]
    let warnings: [String]

    /// - Parameters:
    ///   - file: the `contents.xcworkspacedata` path, for messages.
    ///   - embeddedIn: the `.xcodeproj` folder's name when the workspace is inside one, which `self:` means.
    /// - Complexity: O(n) in the size of the document.
    init(_ bytes: [UInt8], file: String, embeddedIn project: String?) throws(XcodeError) {
        guard bytes.count <= Self.maximumBytes else {
            throw .unreadable(path: file, reason: "the file has \(bytes.count) bytes, more than the \(Self.maximumBytes) modgraph reads")
        }
        let text: [UInt8]
        do {
            text = try WorkspaceText.utf8(bytes)
        } catch {
            throw .malformedWorkspace(file: file, line: error.line, problem: error.problem)
        }
        guard text.count <= Self.maximumBytes else {
            throw .unreadable(path: file, reason: "the file has \(text.count) bytes as UTF-8, more than the \(Self.maximumBytes) modgraph reads")
        }
        if let line = Self.lineOfDeclaration(text) {
            throw .malformedWorkspace(file: file, line: line, problem: "a workspace has no DOCTYPE; refusing to read one")
        }
        let reader = Reader(file: file, embeddedIn: project)
        let parser = XMLParser(data: Data(text))
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        // On Linux `parse()` may return true after an error (a document cut short), so the error decides.
        let succeeded = parser.parse()
        if let failure = reader.failure { throw failure }
        if !succeeded || parser.parserError != nil {
            throw .malformedWorkspace(file: file, line: max(1, parser.lineNumber), problem: Self.problem(parser.parserError))
        }
        guard reader.sawWorkspace else {
            throw .malformedWorkspace(file: file, line: 1, problem: "the document's root element is not <Workspace>")
        }
        locations = reader.locations
        warnings = reader.warnings
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

    /// The SAX delegate: a stack of group folders, so nesting costs no recursion of ours.
    private final class Reader: NSObject, XMLParserDelegate {
        let file: String
        let project: String?
        var groups: [String?] = []
        var locations: [Location] = []
        var warnings: [String] = []
        var failure: XcodeError?
        var sawWorkspace = false
        var depth = 0
        var elements = 0

        init(file: String, embeddedIn project: String?) {
            self.file = file
            self.project = project
        }

        func parser(
            _ parser: XMLParser,
            didStartElement element: String,
            namespaceURI: String?,
            qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            depth += 1
            elements += 1
            guard elements <= WorkspaceDocument.maximumElements else {
                fail(parser, "the workspace has more than \(WorkspaceDocument.maximumElements) elements, more than modgraph reads")
                return
            }
            if depth == 1 {
                guard element == "Workspace" else {
                    fail(parser, "the document's root element is <\(element)>, not <Workspace>")
                    return
                }
                sawWorkspace = true
                return
            }
            guard depth <= WorkspaceDocument.maximumDepth else {
                fail(parser, "groups nest more than \(WorkspaceDocument.maximumDepth) deep")
                return
            }
            // The folder of the innermost group; `nil` when that group's location could not be resolved.
            let enclosing = groups.last ?? ""
            switch element {
            case "Group":
                let location = attributes["location"] ?? ""
                groups.append(enclosing.flatMap { resolve(location, in: $0, line: parser.lineNumber, emptyMeansGroup: true) })
            case "FileRef":
                groups.append(enclosing)
                guard let enclosing,
                    let path = resolve(attributes["location"] ?? "", in: enclosing, line: parser.lineNumber, emptyMeansGroup: false)
                else { return }
                locations.append(Location(path: path, line: parser.lineNumber))
            default:
                // Elements Xcode may add later: their contents are read in the enclosing group.
                groups.append(enclosing)
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) {
            if failure == nil {
                failure = .malformedWorkspace(file: file, line: max(1, parser.lineNumber), problem: WorkspaceDocument.problem(error))
            }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if depth > 1, !groups.isEmpty { groups.removeLast() }
            depth -= 1
        }

        private func fail(_ parser: XMLParser, _ problem: String) {
            if failure == nil { failure = .malformedWorkspace(file: file, line: max(1, parser.lineNumber), problem: problem) }
            parser.abortParsing()
        }

        /// The path a `scheme:path` location means, inside a group at `group`.
        private func resolve(_ location: String, in group: String, line: Int, emptyMeansGroup: Bool) -> String? {
            if location.isEmpty, emptyMeansGroup { return group }
            guard let colon = location.firstIndex(of: ":") else {
                warnings.append("\(file):\(line): the location '\(location)' has no scheme; skipped")
                return nil
            }
            let scheme = location[..<colon]
            let path = String(location[location.index(after: colon)...])
            switch scheme {
            case "group":
                return XcodePath.join(group, path)
            case "container":
                return XcodePath.normalised(path)
            case "absolute":
                return XcodePath.normalised(path)
            case "self":
                return project ?? XcodePath.normalised(path)
            case "developer":
                warnings.append("\(file):\(line): '\(location)' is inside Xcode, not the checkout; skipped")
                return nil
            default:
                warnings.append("\(file):\(line): the location '\(location)' has a scheme modgraph does not know; skipped")
                return nil
            }
        }
    }
}
