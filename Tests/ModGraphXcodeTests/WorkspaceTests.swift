import Foundation
import Testing
@testable import ModGraphXcode

/// `contents.xcworkspacedata`: projects, packages and folders, in nested
/// groups, with every kind of location.
@Suite("Workspaces")
struct WorkspaceTests {
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Workspace
           version = "1.0">
           <FileRef
              location = "group:App/App.xcodeproj">
           </FileRef>
           <Group
              location = "group:Modules"
              name = "Modules">
              <FileRef
                 location = "group:Core/Core.xcodeproj">
              </FileRef>
              <Group
                 location = "group:Features"
                 name = "Features">
                 <FileRef
                    location = "group:Home">
                 </FileRef>
                 <FileRef
                    location = "container:Shared/Shared.xcodeproj">
                 </FileRef>
                 <FileRef
                    location = "group:../Docs">
                 </FileRef>
              </Group>
              <Group
                 location = "container:Packages"
                 name = "Packages">
                 <FileRef
                    location = "group:Networking">
                 </FileRef>
              </Group>
              <Group
                 location = ""
                 name = "No folder of its own">
                 <FileRef
                    location = "group:Legacy/Legacy.xcodeproj">
                 </FileRef>
              </Group>
              <Group
                 location = "absolute:/opt/vendor"
                 name = "Vendor">
                 <FileRef
                    location = "group:Vendor.xcodeproj">
                 </FileRef>
              </Group>
           </Group>
           <FileRef
              location = "absolute:/opt/tools/Tools.xcodeproj">
           </FileRef>
           <FileRef
              location = "group:README.md">
           </FileRef>
           <FileRef
              location = "developer:Platforms/iPhoneOS.platform/Developer/Library/Xcode/Templates">
           </FileRef>
           <FileRef
              location = "group:Missing/Missing.xcodeproj">
           </FileRef>
           <FileRef
              location = "group:./App/../App/App.xcodeproj">
           </FileRef>
           <FileRef
              location = "group:Missing/Missing.xcodeproj">
           </FileRef>
           <FileRef
              location = "carrier:pigeon">
           </FileRef>
           <FileRef
              location = "NoScheme.xcodeproj">
           </FileRef>
           <FileRef
              location = "group:Notes.xcodeproj">
           </FileRef>
        </Workspace>

        """

    /// What is on disk, for the decoder.
    static let disk: [String: XcodeDisk.Entry] = [
        "App/App.xcodeproj": .folder,
        "Modules/Core/Core.xcodeproj": .folder,
        "Modules/Features/Home": .package,
        "Shared/Shared.xcodeproj": .folder,
        "Modules/Docs": .folder,
        "Packages/Networking": .package,
        "Modules/Legacy/Legacy.xcodeproj": .folder,
        "/opt/vendor/Vendor.xcodeproj": .folder,
        "/opt/tools/Tools.xcodeproj": .folder,
        "README.md": .file,
        "Notes.xcodeproj": .file,
    ]

    private func decode(_ text: String, at path: String = "Shop/Shop.xcworkspace") throws -> XcodeWorkspace {
        try XcodeWorkspace.decode(Array(text.utf8), workspacePath: path) { Self.disk[$0] ?? .missing }
    }

    @Test func everyLocationKindInNestedGroups() throws {
        let workspace = try decode(Self.document)
        #expect(workspace.path == "Shop/Shop.xcworkspace")
        #expect(workspace.folder == "Shop")
        #expect(
            workspace.references == [
                .init(kind: .project, path: "App/App.xcodeproj"),
                .init(kind: .project, path: "Modules/Core/Core.xcodeproj"),
                .init(kind: .package, path: "Modules/Features/Home"),
                .init(kind: .project, path: "Shared/Shared.xcodeproj"),
                .init(kind: .folder, path: "Modules/Docs"),
                .init(kind: .package, path: "Packages/Networking"),
                .init(kind: .project, path: "Modules/Legacy/Legacy.xcodeproj"),
                .init(kind: .project, path: "/opt/vendor/Vendor.xcodeproj"),
                .init(kind: .project, path: "/opt/tools/Tools.xcodeproj"),
            ])
        #expect(workspace.projects.count == 6)
        #expect(workspace.resolvedPath("App/App.xcodeproj") == "Shop/App/App.xcodeproj")
        #expect(workspace.resolvedPath("/opt/tools/Tools.xcodeproj") == "/opt/tools/Tools.xcodeproj")
    }

    @Test func whatIsSkippedIsSaidOnceWithItsLine() throws {
        let workspace = try decode(Self.document)
        let file = "Shop/Shop.xcworkspace/contents.xcworkspacedata"
        #expect(
            workspace.warnings == [
                "\(file):55: 'developer:Platforms/iPhoneOS.platform/Developer/Library/Xcode/Templates' is inside Xcode, not the checkout; skipped",
                "\(file):67: the location 'carrier:pigeon' has a scheme modgraph does not know; skipped",
                "\(file):70: the location 'NoScheme.xcodeproj' has no scheme; skipped",
                "\(file):58: refers to Missing/Missing.xcodeproj, which does not exist; skipped",
                "\(file):73: refers to Notes.xcodeproj, which is a file, not a project folder; skipped",
            ])
    }

    /// The `project.xcworkspace` inside an `.xcodeproj` names its project as `self:`.
    @Test func theWorkspaceInsideAProject() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace
               version = "1.0">
               <FileRef
                  location = "self:">
               </FileRef>
            </Workspace>
            """
        let workspace = try XcodeWorkspace.decode(Array(text.utf8), workspacePath: "App/App.xcodeproj/project.xcworkspace") { _ in .folder }
        #expect(workspace.folder == "App")
        #expect(workspace.references == [.init(kind: .project, path: "App.xcodeproj")])
        #expect(workspace.resolvedPath(workspace.projects[0]) == "App/App.xcodeproj")
        // Older Xcode wrote the project's name after `self:`; it is the same project.
        let older = text.replacingOccurrences(of: "self:", with: "self:App.xcodeproj")
        #expect(
            try XcodeWorkspace.decode(Array(older.utf8), workspacePath: "App/App.xcodeproj/project.xcworkspace") { _ in .folder }
                == workspace)
    }

    @Test func malformedDocumentsNameTheLine() {
        let file = "Shop/Shop.xcworkspace/contents.xcworkspacedata"
        #expect(throws: XcodeError.malformedWorkspace(file: file, line: 2, problem: "a workspace has no DOCTYPE; refusing to read one")) {
            try decode("<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [<!ENTITY lol \"lol\">]>\n<Workspace>&lol;</Workspace>")
        }
        #expect(
            throws: XcodeError.malformedWorkspace(file: file, line: 1, problem: "the document's root element is <Project>, not <Workspace>")
        ) {
            try decode("<Project></Project>")
        }
        let deep =
            "<Workspace>" + String(repeating: "<Group location=\"group:a\">", count: 100) + String(repeating: "</Group>", count: 100)
            + "</Workspace>"
        #expect(throws: XcodeError.malformedWorkspace(file: file, line: 1, problem: "groups nest more than 64 deep")) { try decode(deep) }
        #expect(throws: XcodeError.malformedWorkspace(file: file, line: 3, problem: "an end tag does not match the element it closes")) {
            try decode("<Workspace>\n<FileRef location=\"group:A\">\n</Workspace>")
        }
        #expect(
            throws: XcodeError.malformedWorkspace(
                file: file, line: 2, problem: "the document does not end where it should (an element is not closed, or text follows it)")
        ) {
            try decode("<Workspace>\n<FileRef location=\"group:A\">\n")
        }
        #expect(throws: XcodeError.malformedWorkspace(file: file, line: 1, problem: "the file is empty or not XML")) {
            try decode("not XML")
        }
    }

    /// A billion-laughs document: ten entities, each ten of the one before, so
    /// the last stands for 10^10 bytes; a workspace needs no DTD at all.
    static let laughs = """
        <?xml version="1.0" encoding="UTF-16"?>
        <!DOCTYPE Workspace [
        <!ENTITY a0 "laughlaugh">
        """ + (1...9).map { level in
            "\n<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">"
        }.joined() + """

        ]>
        <Workspace version="1.0"><FileRef location="group:&a9;"></FileRef></Workspace>
        """

    /// The DTD check reads the document as decoded, whatever its encoding:
    /// UTF-16 in either byte order, with or without a byte order mark, is
    /// refused at once, before libxml2 could expand an entity.
    @Test(arguments: [(String.Encoding.utf16LittleEndian, false), (.utf16BigEndian, false), (.utf16LittleEndian, true), (.utf16BigEndian, true)])
    func aDTDInUTF16IsRefusedBeforeAnyExpansion(_ encoding: String.Encoding, _ byteOrderMark: Bool) throws {
        let file = "Shop/Shop.xcworkspace/contents.xcworkspacedata"
        var bytes = [UInt8](try #require(Self.laughs.data(using: encoding)))
        if byteOrderMark { bytes = (encoding == .utf16LittleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]) + bytes }
        let started = ContinuousClock.now
        #expect(throws: XcodeError.malformedWorkspace(file: file, line: 2, problem: "a workspace has no DOCTYPE; refusing to read one")) {
            try decode(bytes)
        }
        #expect(started.duration(to: .now) < .seconds(2))
    }

    /// A UTF-16 workspace without a DTD reads as its UTF-8 twin; other encodings are refused by name.
    @Test func encodingsOtherThanUTFAreRefused() throws {
        let file = "Shop/Shop.xcworkspace/contents.xcworkspacedata"
        let twin = Self.document.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
        for encoding in [String.Encoding.utf16LittleEndian, .utf16BigEndian] {
            #expect(try decode([UInt8](try #require(twin.data(using: encoding)))) == decode(Self.document))
        }
        #expect(try decode([0xEF, 0xBB, 0xBF] + Array(Self.document.utf8)) == decode(Self.document))
        let latin = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<Workspace></Workspace>"
        #expect(
            throws: XcodeError.malformedWorkspace(
                file: file, line: 1, problem: "the document is in ISO-8859-1; modgraph reads workspaces in UTF-8 or UTF-16 only")
        ) { try decode(Array(latin.utf8)) }
        // EBCDIC's `<?xm`, and UTF-32's `<`, recognised by their first bytes.
        for start in [[0x4C, 0x6F, 0xA7, 0x94], [0x00, 0x00, 0x00, 0x3C], [0x3C, 0x00, 0x00, 0x00]] as [[UInt8]] {
            #expect(
                throws: XcodeError.malformedWorkspace(
                    file: file, line: 1, problem: "the document is not in UTF-8 or UTF-16, the encodings modgraph reads workspaces in")
            ) { try decode(start + Array(repeating: 0x40, count: 20)) }
        }
        #expect(throws: XcodeError.malformedWorkspace(file: file, line: 2, problem: "the document is not valid UTF-8")) {
            try decode(Array("<Workspace>\n".utf8) + [0xC3, 0x28] + Array("</Workspace>".utf8))
        }
        // An entity declaration without a DOCTYPE is a declaration all the same.
        #expect(throws: XcodeError.malformedWorkspace(file: file, line: 2, problem: "a workspace has no DOCTYPE; refusing to read one")) {
            try decode(Array("<Workspace>\n<!ENTITY x \"y\">\n</Workspace>".utf8))
        }
    }

    /// However the document is written, it names at most `maximumElements` elements.
    @Test func aWorkspaceListsABoundedNumberOfEntries() throws {
        let file = "Shop/Shop.xcworkspace/contents.xcworkspacedata"
        let many = "<Workspace>" + String(repeating: "<FileRef location=\"group:A\"/>", count: WorkspaceDocument.maximumElements)
            + "</Workspace>"
        #expect(
            throws: XcodeError.malformedWorkspace(
                file: file, line: 1, problem: "the workspace has more than \(WorkspaceDocument.maximumElements) elements, more than modgraph reads")
        ) { try decode(Array(many.utf8)) }
    }

    private func decode(_ bytes: [UInt8]) throws -> XcodeWorkspace {
        try XcodeWorkspace.decode(bytes, workspacePath: "Shop/Shop.xcworkspace") { Self.disk[$0] ?? .missing }
    }

    @Test func loadsFromDisk() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "Shop.xcworkspace/contents.xcworkspacedata",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "group:App/App.xcodeproj"></FileRef>
               <FileRef location = "group:Packages/Core"></FileRef>
               <FileRef location = "group:Docs"></FileRef>
               <FileRef location = "group:Gone/Gone.xcodeproj"></FileRef>
               <FileRef location = "group:Gone/Gone.xcodeproj"></FileRef>
            </Workspace>
            """)
        try folder.write("App/App.xcodeproj/project.pbxproj", "{}")
        try folder.write("Packages/Core/Package.swift", "// swift-tools-version: 6.0\n")
        try folder.folder("Docs")
        let workspace = try XcodeWorkspace.load(at: folder.path + "/Shop.xcworkspace")
        #expect(workspace.folder == folder.path)
        #expect(
            workspace.references == [
                .init(kind: .project, path: "App/App.xcodeproj"),
                .init(kind: .package, path: "Packages/Core"),
                .init(kind: .folder, path: "Docs"),
            ])
        #expect(
            workspace.warnings == [
                "\(folder.path)/Shop.xcworkspace/contents.xcworkspacedata:6: refers to Gone/Gone.xcodeproj, which does not exist; skipped"
            ])
        #expect(try XcodeWorkspace.load(at: folder.path + "/Shop.xcworkspace/contents.xcworkspacedata") == workspace)
        #expect(throws: XcodeError.notFound(path: folder.path + "/Other.xcworkspace")) {
            try XcodeWorkspace.load(at: folder.path + "/Other.xcworkspace")
        }
    }
}
