import Foundation
import ModGraphCore
import ModGraphManifest
import Testing
@testable import ModGraphRepository
@testable import ModGraphXcode

/// A project or workspace from a pull request may name any path: a synchronised
/// folder at `/`, absolute file references, local packages and subprojects at
/// absolute paths or behind `..`, a symbolic link out of the checkout. What
/// leaves the folder loaded (the repository's top, where `.git` is) is ignored
/// with one warning naming the project and the reference, before anything reads it.
@Suite("Paths outside the folder loaded")
struct OutsideTheFolderTests {
    /// `repository` (with `.git`) holding App/App.xcodeproj, and `outside` beside it.
    private struct Scene {
        let folder: TemporaryFolder
        let repository: String
        let outside: String

        init() throws {
            folder = try TemporaryFolder()
            let top = try #require(realpath(folder.path, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            })
            repository = top + "/repository"
            outside = top + "/outside"
            try folder.folder("repository/.git")
            try folder.write("repository/App/Inside.swift", "let inside = 1\n")
            try folder.write("repository/App/Sources/A.swift", "let a = 1\n")
            try folder.write("repository/Shared/S.swift", "let s = 1\n")
            try folder.write("outside/Secret.swift", "let secret = 1\n")
            try folder.write("outside/Pkg/Package.swift", "// swift-tools-version: 5.9\n")
            try folder.write("outside/Other.xcodeproj/project.pbxproj", projectText(rootObject: "R", objects: "\t\tR = {isa = PBXProject; mainGroup = M; targets = (); };\n\t\tM = {isa = PBXGroup; children = (); sourceTree = \"<group>\"; };\n"))
            try FileManager.default.createSymbolicLink(atPath: repository + "/App/Linked", withDestinationPath: outside)
            try folder.write(
                "repository/App/App.xcodeproj/project.pbxproj",
                projectText(
                    rootObject: "R",
                    objects: """
                        \t\tR = {isa = PBXProject; mainGroup = M; targets = (T, ); packageReferences = (L1, L2, ); projectReferences = ({ProductGroup = PG; ProjectRef = PR; }, ); };
                        \t\tM = {isa = PBXGroup; children = (F1, F2, F3, S1, S2, S3, S4, PR, ); sourceTree = "<group>"; };
                        \t\tPG = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
                        \t\tT = {isa = PBXNativeTarget; name = App; buildPhases = (B, ); dependencies = (); fileSystemSynchronizedGroups = (S1, S2, S3, S4, ); productType = "com.apple.product-type.application"; };
                        \t\tB = {isa = PBXSourcesBuildPhase; files = (BF1, BF2, BF3, ); };
                        \t\tF1 = {isa = PBXFileReference; path = "\(outside)/Secret.swift"; sourceTree = "<absolute>"; };
                        \t\tF2 = {isa = PBXFileReference; path = "../../outside/Secret.swift"; sourceTree = "<group>"; };
                        \t\tF3 = {isa = PBXFileReference; path = Inside.swift; sourceTree = "<group>"; };
                        \t\tBF1 = {isa = PBXBuildFile; fileRef = F1; };
                        \t\tBF2 = {isa = PBXBuildFile; fileRef = F2; };
                        \t\tBF3 = {isa = PBXBuildFile; fileRef = F3; };
                        \t\tS1 = {isa = PBXFileSystemSynchronizedRootGroup; path = "/"; sourceTree = "<absolute>"; };
                        \t\tS2 = {isa = PBXFileSystemSynchronizedRootGroup; path = Linked; sourceTree = "<group>"; };
                        \t\tS3 = {isa = PBXFileSystemSynchronizedRootGroup; path = Sources; sourceTree = "<group>"; };
                        \t\tS4 = {isa = PBXFileSystemSynchronizedRootGroup; path = ../Shared; sourceTree = "<group>"; };
                        \t\tL1 = {isa = XCLocalSwiftPackageReference; relativePath = "\(outside)/Pkg"; };
                        \t\tL2 = {isa = XCLocalSwiftPackageReference; relativePath = "../../outside/Pkg"; };
                        \t\tPR = {isa = PBXFileReference; path = "\(outside)/Other.xcodeproj"; sourceTree = "<absolute>"; };
                        """))
        }
    }

    private func load(_ paths: [String]) throws -> Repository {
        let loader = WorkspaceLoader(provider: DumpPackageRunner(swiftExecutable: "/nonexistent/swift"))
        return try RepositoryLoader(loader: loader).load(InputDiscovery.inputs(for: paths))
    }

    @Test func aProjectsReferencesOutsideTheRepositoryAreIgnoredWithAWarning() throws {
        let scene = try Scene()
        defer { scene.folder.remove() }
        let repository = try load([scene.repository + "/App/App.xcodeproj"])
        #expect(repository.inputs.root == scene.repository)
        #expect(repository.projects.map(\.path) == [scene.repository + "/App/App.xcodeproj"])
        let app = try #require(repository.graph.targets.first { $0.id.name == "App" }?.id)
        #expect(
            repository.targetFiles[app]
                == .project(
                    files: [scene.repository + "/App/Inside.swift"],
                    folders: [
                        TargetFiles.SynchronizedFolder(path: scene.repository + "/App/Sources", only: nil, excluded: []),
                        TargetFiles.SynchronizedFolder(path: scene.repository + "/Shared", only: nil, excluded: []),
                    ]))
        let file = scene.repository + "/App/App.xcodeproj/project.pbxproj"
        let outside = repository.warnings.map(\.message).filter { $0.contains("the folder loaded") }
        #expect(
            outside == [
                "\(scene.outside)/Secret.swift", "../../outside/Secret.swift", "/", "Linked", "\(scene.outside)/Pkg",
                "../../outside/Pkg", "\(scene.outside)/Other.xcodeproj",
            ].map { "\(file): refers to '\($0)', outside \(scene.repository), the folder loaded; ignored (load a folder that holds both to include it)" })
        // Nothing outside was loaded: no package, no project, no file.
        #expect(repository.graph.packages.allSatisfy { !($0.path ?? "").contains("outside") })
    }

    @Test func aWorkspacesReferencesOutsideTheRepositoryAreIgnoredWithAWarning() throws {
        let scene = try Scene()
        defer { scene.folder.remove() }
        try scene.folder.write(
            "repository/Shop.xcworkspace/contents.xcworkspacedata",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "group:App/App.xcodeproj"></FileRef>
               <FileRef location = "absolute:/etc"></FileRef>
               <FileRef location = "group:../outside/Other.xcodeproj"></FileRef>
               <FileRef location = "container:App/Linked/Pkg"></FileRef>
            </Workspace>
            """)
        let inputs = try InputDiscovery.inputs(for: [scene.repository + "/Shop.xcworkspace"])
        #expect(inputs.projects == [scene.repository + "/App/App.xcodeproj"])
        #expect(inputs.packages.isEmpty)
        let file = scene.repository + "/Shop.xcworkspace/contents.xcworkspacedata"
        #expect(
            inputs.warnings == [
                "\(file):4: refers to /etc, outside \(scene.repository), the folder loaded; ignored (load a folder that holds both to include it)",
                "\(file):5: refers to ../outside/Other.xcodeproj, outside \(scene.repository), the folder loaded; ignored (load a folder that holds both to include it)",
                "\(file):6: refers to App/Linked/Pkg, outside \(scene.repository), the folder loaded; ignored (load a folder that holds both to include it)",
            ])
    }

    /// The bound by components: a sibling that shares a prefix is outside, `..` is folded,
    /// and a root at `/` holds everything.
    @Test func insideIsByComponents() {
        let disk = XcodeDisk(root: "/nonexistent/repo")
        #expect(disk.isInside("/nonexistent/repo"))
        #expect(disk.isInside("/nonexistent/repo/App/../Shared/x.swift"))
        #expect(!disk.isInside("/nonexistent/repository"))
        #expect(!disk.isInside("/nonexistent/repo/../other"))
        #expect(!disk.isInside("relative/path"))
        #expect(XcodeDisk(root: "/").isInside("/etc"))
        #expect(XcodeDisk().isInside("anything"))
    }
}
