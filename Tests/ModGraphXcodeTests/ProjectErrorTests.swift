import Foundation
import Testing
@testable import ModGraphXcode

/// What stops a project from being read: each error is one line naming the
/// file and, where known, the line.
@Suite("Project errors")
struct ProjectErrorTests {
    private let file = "Shop/App.xcodeproj/project.pbxproj"

    private func decode(_ text: String) throws {
        _ = try decodeProject(text, at: "Shop/App.xcodeproj")
    }

    @Test func malformedFilesNameTheLine() {
        // The parser names the line where it found what it did not expect.
        #expect(throws: XcodeError.malformedPropertyList(file: file, line: 4, problem: "expected ';' after the value of 'objectVersion'")) {
            try decode("// !$*UTF8*$!\n{\n\tobjectVersion = 77\n}")
        }
        let error = XcodeError.malformedPropertyList(file: file, line: 3, problem: "a quoted string is not closed")
        #expect(error.description == "Shop/App.xcodeproj/project.pbxproj:3: malformed project file: a quoted string is not closed")
    }

    @Test(arguments: [
        ("( a, b )", "the property list is not a dictionary"),
        ("{ objects = {}; rootObject = R; }", "objectVersion is missing or not a number"),
        ("{ objectVersion = seventy; objects = {}; rootObject = R; }", "objectVersion is missing or not a number"),
        ("{ objectVersion = 77; rootObject = R; }", "there is no objects dictionary"),
        ("{ objectVersion = 77; objects = { R = {isa = PBXProject; }; }; }", "rootObject does not name a PBXProject"),
        ("{ objectVersion = 77; objects = { R = {isa = PBXGroup; }; }; rootObject = R; }", "rootObject does not name a PBXProject"),
        ("{ objectVersion = 77; objects = { }; rootObject = (R); }", "rootObject does not name a PBXProject"),
    ])
    func notProjects(_ text: String, _ problem: String) {
        #expect(throws: XcodeError.notAProject(file: file, problem: problem)) { try decode(text) }
        #expect(XcodeError.notAProject(file: file, problem: problem).description == "\(file): not an Xcode project: \(problem)")
    }

    /// An older format than Xcode 8's is read with a warning; a newer one (Xcode adds, and keeps what
    /// is read here) without one, so that a project Xcode just saved does not warn on every command (issue #49).
    @Test(arguments: [(45, true), (90, false), (110, false)])
    func unknownObjectVersionsAreRead(_ version: Int, _ warned: Bool) throws {
        let project = try decodeProject(
            "{ objectVersion = \(version); objects = { R = {isa = PBXProject; targets = (); }; }; rootObject = R; }")
        #expect(project.objectVersion == version)
        #expect(
            project.warnings
                == (warned
                    ? ["App.xcodeproj/project.pbxproj: objectVersion \(version) is older than 46 (Xcode 8), the oldest modgraph knows; read the same way"]
                    : []))
    }

    @Test func missingAndUnreadableFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let missing = folder.path + "/Missing.xcodeproj"
        #expect(throws: XcodeError.notFound(path: missing)) { try XcodeProject.load(at: missing) }
        try folder.folder("Empty.xcodeproj")
        #expect(throws: XcodeError.notFound(path: folder.path + "/Empty.xcodeproj/project.pbxproj")) {
            try XcodeProject.load(at: folder.path + "/Empty.xcodeproj")
        }
        try folder.folder("Folder.xcodeproj/project.pbxproj")
        #expect(throws: XcodeError.unreadable(path: folder.path + "/Folder.xcodeproj/project.pbxproj", reason: "not a regular file")) {
            try XcodeProject.load(at: folder.path + "/Folder.xcodeproj")
        }
        // A link to a device is refused before it is opened, so reading cannot block or run on.
        try folder.folder("Device.xcodeproj")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/Device.xcodeproj/project.pbxproj", withDestinationPath: "/dev/zero")
        #expect(throws: XcodeError.unreadable(path: folder.path + "/Device.xcodeproj/project.pbxproj", reason: "not a regular file")) {
            try XcodeProject.load(at: folder.path + "/Device.xcodeproj")
        }
        let broken = try folder.write("Broken.xcodeproj/project.pbxproj", "{\n objects = (;\n}")
        #expect(throws: XcodeError.malformedPropertyList(file: broken, line: 2, problem: "unexpected character ';'")) {
            try XcodeProject.load(at: folder.path + "/Broken.xcodeproj")
        }
    }
}
