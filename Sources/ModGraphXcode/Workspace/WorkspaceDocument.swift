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
/// UTF-8 or UTF-16, which is all the parser is then given (``XcodeXML``). Groups nest at
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
        let text: [UInt8]
        do {
            text = try XcodeXML.text(bytes, maximumBytes: Self.maximumBytes, kind: "a workspace")
        } catch {
            switch error {
            case let .tooLarge(reason): throw .unreadable(path: file, reason: reason)
            case let .malformed(line, problem): throw .malformedWorkspace(file: file, line: line, problem: problem)
            }
        }
        let reader = Reader(file: file, embeddedIn: project)
        let error = XcodeXML.parse(text, with: reader)
        if let failure = reader.failure { throw failure }
        if let error { throw .malformedWorkspace(file: file, line: error.line, problem: error.problem) }
        guard reader.sawWorkspace else {
            throw .malformedWorkspace(file: file, line: 1, problem: "the document's root element is not <Workspace>")
        }
        locations = reader.locations
        warnings = reader.warnings
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
                failure = .malformedWorkspace(file: file, line: max(1, parser.lineNumber), problem: XcodeXML.problem(error))
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
