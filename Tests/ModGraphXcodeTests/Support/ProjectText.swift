import Foundation
@testable import ModGraphXcode

/// A `project.pbxproj` around `objects`, with the header and footer Xcode
/// writes. Fixtures write their objects as Xcode does (sections, comments,
/// tabs) so the parser meets what it meets in real projects.
func projectText(objectVersion: Int = 77, rootObject: String, objects: String) -> String {
    """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tclasses = {
    \t};
    \tobjectVersion = \(objectVersion);
    \tobjects = {

    \(objects)
    \t};
    \trootObject = \(rootObject) /* Project object */;
    }

    """
}

/// Parses and decodes `text` as the `project.pbxproj` of `projectPath`.
func decodeProject(_ text: String, at projectPath: String = "App.xcodeproj") throws -> XcodeProject {
    try XcodeProject.parse(Array(text.utf8), projectPath: projectPath)
}

/// The target named `name`, or a failure that says which names there are.
func target(_ name: String, in project: XcodeProject) throws -> XcodeTarget {
    guard let target = project.targets.first(where: { $0.name == name }) else {
        throw FixtureError("no target '\(name)' among \(project.targets.map(\.name))")
    }
    return target
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A scratch folder a test writes projects and sources into; each test gets its own.
struct TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-xcode-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `contents` at `relativePath`, creating folders on the way; returns the full path.
    @discardableResult
    func write(_ relativePath: String, _ contents: String = "") throws -> String {
        let file = (path as NSString).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try contents.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Creates the folder `relativePath`; returns the full path.
    @discardableResult
    func folder(_ relativePath: String) throws -> String {
        let folder = (path as NSString).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
