import Foundation
import Testing

/// What a workspace or project lists but modgraph cannot load is said, once per
/// reference, naming the file that lists it and the reference: as a warning when
/// the rest loads, as the error when nothing does (a check of nothing would pass).
@Suite("workspace and project references")
struct WorkspaceReferenceTests {
    /// A `project.pbxproj` with one application target and `projectReferences` to `subprojects`.
    private static func project(subprojects: [String]) -> String {
        let references = subprojects.indices.map { "{ProductGroup = PG; ProjectRef = P\($0); }, " }.joined()
        let files = subprojects.enumerated().map { index, path in
            "\t\tP\(index) = {isa = PBXFileReference; path = \"\(path)\"; sourceTree = \"\(path.hasPrefix("/") ? "<absolute>" : "<group>")\"; };\n"
        }.joined()
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 77;
            \tobjects = {
            \t\tR = {isa = PBXProject; mainGroup = M; targets = (T, ); projectReferences = (\(references)); };
            \t\tM = {isa = PBXGroup; children = (\(subprojects.indices.map { "P\($0), " }.joined())); sourceTree = "<group>"; };
            \t\tPG = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
            \t\tT = {isa = PBXNativeTarget; name = App; buildPhases = (); dependencies = (); productType = "com.apple.product-type.application"; };
            \(files)\t};
            \trootObject = R;
            }

            """
    }

    private func write(_ text: String, _ path: String, in folder: URL) throws {
        let file = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    private func workspace(_ locations: [String]) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Workspace version = \"1.0\">\n"
            + locations.map { "   <FileRef location = \"\($0)\"></FileRef>\n" }.joined() + "</Workspace>\n"
    }

    /// A checkout (`.git`) to load from.
    private func checkout() throws -> URL {
        let folder = try ModGraphRunner.scratchFolder("modgraph-references")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        return folder
    }

    @Test func aWorkspaceWhoseEveryEntryIsMissingIsAnError() throws {
        let folder = try checkout()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(workspace(["group:Gone/Gone.xcodeproj", "group:Packages/Gone", "group:Gone/Gone.xcodeproj", "absolute:/etc"]), "Shop.xcworkspace/contents.xcworkspacedata", in: folder)
        // A configuration under which a graph of nothing passes.
        try write("version: 1\nunassigned: warning\n", ".modgraph.yml", in: folder)
        let result = try ModGraphRunner.run(["check", "Shop.xcworkspace"], in: folder)
        #expect(result.status == 2)
        // The workspace's file is shown as every path is, relative to the current folder (issue #34).
        let file = "Shop.xcworkspace/contents.xcworkspacedata"
        #expect(
            result.errors.split(separator: "\n").map(String.init) == [
                // A missing folder is a local package not there (issue #34), said first, with what it costs.
                "warning: Shop.xcworkspace/contents.xcworkspacedata:4: local package 'Packages/Gone' not found; its products are shown as external",
                "warning: \(file):3: refers to Gone/Gone.xcodeproj, which does not exist; skipped",
                "warning: \(file):6: refers to /etc, outside \(folder.path), the folder loaded; ignored (load a folder that holds both to include it)",
                "error: \(folder.path)/Shop.xcworkspace: lists 3 references and none gave a target to load (the warnings say why); a check of nothing would pass",
            ], "\(result.errors)")
    }

    @Test func missingReferencesAreWarningsOnceEach() throws {
        let folder = try checkout()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.project(subprojects: []), "App/App.xcodeproj/project.pbxproj", in: folder)
        try write(workspace(["group:App/App.xcodeproj", "group:Gone/Gone.xcodeproj", "group:Gone/Gone.xcodeproj"]), "Shop.xcworkspace/contents.xcworkspacedata", in: folder)
        let result = try ModGraphRunner.run(["graph", "Shop.xcworkspace"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        let warnings = result.errors.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(warnings == ["warning: Shop.xcworkspace/contents.xcworkspacedata:4: refers to Gone/Gone.xcodeproj, which does not exist; skipped"])
    }

    /// A project reference to `/etc` (outside the folder, and no project), to a folder that is
    /// not a project, and to an `.xcodeproj` that cannot be read: each names the project and the reference.
    @Test func aProjectsReferencesNameTheProjectAndTheReference() throws {
        let folder = try checkout()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("App/Docs"), withIntermediateDirectories: true)
        try write(Self.project(subprojects: ["/etc", "Docs"]), "App/App.xcodeproj/project.pbxproj", in: folder)
        let file = folder.path + "/App/App.xcodeproj/project.pbxproj"
        let warned = try ModGraphRunner.run(["graph", "App/App.xcodeproj"], in: folder)
        #expect(warned.status == 0, "\(warned.errors)")
        // The project file is shown as every path is, relative to the current folder (issue #34).
        let shown = "App/App.xcodeproj/project.pbxproj"
        #expect(warned.errors.contains("warning: \(shown): refers to '/etc', outside \(folder.path), the folder loaded; ignored"), "\(warned.errors)")
        #expect(
            warned.errors.contains("warning: \(shown): refers to project 'Docs', which is not an .xcodeproj; the dependencies on it are left out"),
            "\(warned.errors)")

        try FileManager.default.createDirectory(at: folder.appendingPathComponent("App/Broken.xcodeproj"), withIntermediateDirectories: true)
        try write(Self.project(subprojects: ["Broken.xcodeproj"]), "App/App.xcodeproj/project.pbxproj", in: folder)
        let failed = try ModGraphRunner.run(["graph", "App/App.xcodeproj"], in: folder)
        #expect(failed.status == 2)
        #expect(
            failed.errors
                == "error: \(file): refers to project '\(folder.path)/App/Broken.xcodeproj', which cannot be read: \(folder.path)/App/Broken.xcodeproj/project.pbxproj: no such file or directory\n",
            "\(failed.errors)")

        // Listed by a workspace, the unreadable project names the workspace.
        try write(Self.project(subprojects: []), "App/App.xcodeproj/project.pbxproj", in: folder)
        try write(workspace(["group:App/Broken.xcodeproj"]), "Shop.xcworkspace/contents.xcworkspacedata", in: folder)
        let listed = try ModGraphRunner.run(["graph", "Shop.xcworkspace"], in: folder)
        #expect(listed.status == 2)
        #expect(
            listed.errors.hasPrefix(
                "error: \(folder.path)/Shop.xcworkspace/contents.xcworkspacedata: refers to project '\(folder.path)/App/Broken.xcodeproj', which cannot be read: "),
            "\(listed.errors)")
    }

    /// omniedge-iOS: the workspace found lists the app's project only, which refers to each library's
    /// project. Those are loaded, and are not said to be passed over; a project beside them that
    /// nothing refers to is named without `--verbose`, as what the graph leaves out.
    @Test func whatAWorkspacesProjectsReferToIsNotSaidToBePassedOver() throws {
        let folder = try checkout()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.project(subprojects: ["../Libraries/Login/Login.xcodeproj"]), "App/App.xcodeproj/project.pbxproj", in: folder)
        try write(Self.project(subprojects: []), "Libraries/Login/Login.xcodeproj/project.pbxproj", in: folder)
        try write(Self.project(subprojects: []), "Old.xcodeproj/project.pbxproj", in: folder)
        try write(workspace(["group:App/App.xcodeproj"]), "Shop.xcworkspace/contents.xcworkspacedata", in: folder)
        let quiet = try ModGraphRunner.run(["graph", "."], in: folder)
        #expect(quiet.status == 0, "\(quiet.errors)")
        #expect(
            quiet.errors.split(separator: "\n").map(String.init) == [
                "note: found 1 workspace (Shop.xcworkspace), 2 projects (2 targets)",
                "note: not loaded: Old.xcodeproj, not listed by Shop.xcworkspace; name it as a PATH to include it",
            ], "\(quiet.errors)")
        let verbose = try ModGraphRunner.run(["graph", ".", "--verbose"], in: folder)
        let lines = verbose.errors.split(separator: "\n").map(String.init)
        #expect(lines.contains("note: project Libraries/Login/Login.xcodeproj: 1 target"), "\(verbose.errors)")
        #expect(
            lines.filter { $0.contains("not listed") } == [
                "note: not loaded: Old.xcodeproj, not listed by Shop.xcworkspace; name it as a PATH to include it",
                "note: passed over: \(folder.resolvingSymlinksInPath().path)/Old.xcodeproj: not listed by the workspace; name it as a PATH to include it",
            ], "\(verbose.errors)")
    }
}
