import Foundation
import Testing
@testable import ModGraphRepository

/// Sorting the paths a command is given into packages, projects and
/// workspaces, and searching the folders that are none of these.
@Suite("Discovery")
struct DiscoveryTests {
    private static let workspace = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Workspace version = "1.0">
           <FileRef location = "group:App/App.xcodeproj"></FileRef>
           <FileRef location = "group:Packages/Kit"></FileRef>
           <FileRef location = "group:Pods/Pods.xcodeproj"></FileRef>
        </Workspace>
        """

    private func canonical(_ folder: TemporaryFolder, _ path: String) throws -> String {
        try #require(InputDiscovery.canonical(folder.path + "/" + path))
    }

    @Test func aWorkspaceFoundIsUsedForItsListAndTheRestIsNamed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Shop.xcworkspace/contents.xcworkspacedata", Self.workspace)
        try folder.write("App/App.xcodeproj/project.pbxproj")
        try folder.write("Packages/Kit/Package.swift")
        try folder.write("Pods/Pods.xcodeproj/project.pbxproj")
        try folder.write("Tools/Tools.xcodeproj/project.pbxproj")
        let inputs = try InputDiscovery.inputs(for: [folder.path])
        #expect(inputs.workspaces == [try canonical(folder, "Shop.xcworkspace")])
        #expect(inputs.projects == [try canonical(folder, "App/App.xcodeproj")])
        #expect(inputs.packages == [try canonical(folder, "Packages/Kit")])
        #expect(inputs.wasDiscovered)
        // Named once the load knows that nothing it loaded refers to it (Repository.unlisted).
        #expect(inputs.notListed == [try canonical(folder, "Tools/Tools.xcodeproj")])
        #expect(inputs.passedOver.contains { $0.hasPrefix(try! canonical(folder, "Pods/Pods.xcodeproj") + ": inside Pods") })
    }

    @Test func withoutAWorkspaceEveryProjectAndPackageIsFoundButNotBuildProductsOrNestedPackages() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("App/App.xcodeproj/project.pbxproj")
        // A project's embedded workspace lists only itself.
        try folder.write("App/App.xcodeproj/project.xcworkspace/contents.xcworkspacedata", Self.workspace)
        try folder.write("Modules/Core/Package.swift")
        // A package's nested packages are reached through its `path:` dependencies, not found.
        try folder.write("Modules/Core/Examples/Demo/Package.swift")
        for skipped in [".build/checkouts/Dep", "DerivedData/Dep", "Carthage/Checkouts/Dep", "node_modules/dep", ".hidden/Dep"] {
            try folder.write(skipped + "/Package.swift")
        }
        try folder.write("DerivedData/Other.xcodeproj/project.pbxproj")
        let inputs = try InputDiscovery.inputs(for: [folder.path])
        #expect(inputs.workspaces.isEmpty)
        #expect(inputs.projects == [try canonical(folder, "App/App.xcodeproj")])
        #expect(inputs.packages == [try canonical(folder, "Modules/Core")])
        #expect(inputs.base == (try canonical(folder, ".")))
    }

    /// Element X, isowords: the repository's root is a package (tools, or the modules) and
    /// the app's project is beside it or one folder down. The package's folder is not
    /// searched, but what it holds there is named, unless given too.
    @Test func projectsInAPackageFolderGivenAreNamedNotLoaded() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Package.swift")
        try folder.write("ElementX.xcodeproj/project.pbxproj")
        try folder.write("ElementX.xcodeproj/project.xcworkspace/contents.xcworkspacedata", Self.workspace)
        try folder.write("App/Package.swift")
        try folder.write("App/isowords.xcodeproj/project.pbxproj")
        try folder.write("Deep/Down/Inspector.xcodeproj/project.pbxproj")
        try folder.write(".swiftpm/xcode/package.xcworkspace/contents.xcworkspacedata", Self.workspace)
        try folder.write(".build/checkouts/Dep/Dep.xcodeproj/project.pbxproj")
        let inputs = try InputDiscovery.inputs(for: [folder.path])
        #expect(inputs.packages == [try canonical(folder, ".")])
        #expect(inputs.projects.isEmpty)
        #expect(inputs.unsearched == [try canonical(folder, "ElementX.xcodeproj"), try canonical(folder, "App/isowords.xcodeproj")])
        let both = try InputDiscovery.inputs(for: [folder.path, folder.path + "/ElementX.xcodeproj"])
        #expect(both.projects == [try canonical(folder, "ElementX.xcodeproj")])
        #expect(both.unsearched == [try canonical(folder, "App/isowords.xcodeproj")])
    }

    /// RevenueCat/purchases-ios: beside the SDK's `Package.swift`, Tuist projects of test apps
    /// (`Projects/PaywallsTester/Project.swift`) one or two folders down are named too; a `Project.swift`
    /// that is no Tuist manifest, or deeper down, is not.
    @Test func tuistProjectsInAPackageFolderGivenAreNamedNotLoaded() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Package.swift")
        try folder.write("Projects/Tester/Project.swift", "import ProjectDescription\nlet project = Project(name: \"Tester\")\n")
        try folder.write("Sample/Project.swift", "import ProjectDescription\nlet project = Project(name: \"Sample\")\n")
        try folder.write("Sources/Model/Project.swift", "struct Project {}\n")
        try folder.write("Deep/Down/Under/Project.swift", "import ProjectDescription\n")
        let inputs = try InputDiscovery.inputs(for: [folder.path])
        #expect(inputs.packages == [try canonical(folder, ".")])
        #expect(inputs.unsearched == [try canonical(folder, "Projects/Tester"), try canonical(folder, "Sample")])
        // Named as a PATH too, a project is loaded, and not said to be left out.
        let both = try InputDiscovery.inputs(for: [folder.path, folder.path + "/Projects/Tester"])
        #expect(both.projects == [try canonical(folder, "Projects/Tester") + "/Project.swift"])
        #expect(both.unsearched == [try canonical(folder, "Sample")])
    }

    /// nikitabobko/AeroSpace: the root is the package, and `xcode/project.yml` generates `xcode/AeroSpace.xcodeproj`
    /// (both committed): the spec is named, as the project it stands for; given as a PATH, it is loaded and not named.
    @Test func aSpecOneFolderDownInAPackageFolderIsNamedForItsProject() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Package.swift")
        try folder.write("xcode/project.yml", "name: AeroSpace\ntargets:\n  AeroSpace:\n    type: application\n    platform: macOS\n")
        try folder.write("xcode/AeroSpace.xcodeproj/project.pbxproj")
        let inputs = try InputDiscovery.inputs(for: [folder.path])
        #expect(inputs.unsearched == [try canonical(folder, "xcode/project.yml")])
        let both = try InputDiscovery.inputs(for: [folder.path, folder.path + "/xcode"])
        #expect(both.projects == [try canonical(folder, "xcode/project.yml")])
        #expect(both.unsearched.isEmpty)
    }

    @Test func namedPathsAreTakenAsTheyAre() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("A/Package.swift")
        try folder.write("B/Package.swift")
        try folder.write("C/C.xcodeproj/project.pbxproj")
        let inputs = try InputDiscovery.inputs(for: [
            folder.path + "/A/Package.swift", folder.path + "/B", folder.path + "/C/C.xcodeproj/project.pbxproj",
        ])
        #expect(inputs.packages == [try canonical(folder, "A"), try canonical(folder, "B")])
        #expect(inputs.projects == [try canonical(folder, "C/C.xcodeproj")])
        #expect(!inputs.wasDiscovered)
        // Paths are shown relative to the folder the inputs share.
        #expect(inputs.base == (try canonical(folder, ".")))
        // The same package twice is loaded once.
        #expect(try InputDiscovery.inputs(for: [folder.path + "/A", folder.path + "/A/Package.swift"]).packages.count == 1)
    }

    /// A pull request's `Package.swift` or `project.yml` that is a link to a file outside the repository is not
    /// read: it would be read, and used, as the repository's own. Each is a warning, and the error when nothing
    /// else is found names them. A link inside the repository is followed.
    @Test func aManifestLinkedOutsideTheRepositoryIsNotRead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Outside/Package.swift", "// swift-tools-version:5.9\n")
        try folder.write("Outside/project.yml", "name: Out\ntargets:\n  A:\n    type: framework\n")
        try folder.write("Repo/.git/HEAD", "ref: refs/heads/main\n")
        try folder.write("Repo/In/Package.swift", "// swift-tools-version:5.9\n")
        try folder.write("Repo/Sub/README.md")
        try folder.write("Repo/Linked/README.md")
        let files = FileManager.default
        try files.createSymbolicLink(
            atPath: folder.path + "/Repo/Package.swift", withDestinationPath: folder.path + "/Outside/Package.swift")
        try files.createSymbolicLink(atPath: folder.path + "/Repo/Sub/project.yml", withDestinationPath: "../../Outside/project.yml")
        try files.createSymbolicLink(atPath: folder.path + "/Repo/Linked/Package.swift", withDestinationPath: "../In/Package.swift")
        let inputs = try InputDiscovery.inputs(for: [folder.path + "/Repo"])
        #expect(inputs.packages == [try canonical(folder, "Repo/In"), try canonical(folder, "Repo/Linked")])
        #expect(inputs.projects.isEmpty)
        #expect(
            inputs.warnings == [
                "Package.swift: a link to a file outside the repository; not read",
                "Sub/project.yml: a link to a file outside the repository; not read",
            ])
        try files.removeItem(atPath: folder.path + "/Repo/In")
        try files.removeItem(atPath: folder.path + "/Repo/Linked")
        #expect(
            throws: RepositoryError.nothingFound(folder: folder.path + "/Repo", refused: ["Package.swift", "Sub/project.yml"])
        ) {
            try InputDiscovery.inputs(for: [folder.path + "/Repo"])
        }
    }

    @Test func errorsNameThePathGiven() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Empty/README.md")
        try folder.write("dump.json", "{}")
        try folder.write("A/Package.swift")
        #expect(throws: RepositoryError.nothingFound(folder: folder.path + "/Empty")) {
            try InputDiscovery.inputs(for: [folder.path + "/Empty"])
        }
        #expect(throws: RepositoryError.pathNotFound(folder.path + "/Nothing")) {
            try InputDiscovery.inputs(for: [folder.path + "/Nothing"])
        }
        #expect(throws: RepositoryError.dumpNotAlone(folder.path + "/dump.json")) {
            try InputDiscovery.inputs(for: [folder.path + "/A", folder.path + "/dump.json"])
        }
        #expect(throws: RepositoryError.dumpNotAlone("-")) {
            try InputDiscovery.inputs(for: ["-", folder.path + "/A"])
        }
        #expect(try InputDiscovery.inputs(for: [folder.path + "/dump.json"]).dump == folder.path + "/dump.json")
    }

    /// A link to a folder is not followed, so a checkout cannot lead the search out of itself or into a loop.
    @Test func linksToFoldersAreNotFollowed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let outside = try TemporaryFolder()
        defer { outside.remove() }
        try outside.write("Secret/Package.swift")
        try folder.write("Mine/Package.swift")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/Elsewhere", withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/Loop", withDestinationPath: ".")
        let inputs = try InputDiscovery.inputs(for: [folder.path])
        #expect(inputs.packages == [try canonical(folder, "Mine")])
    }

    /// Delta: `External/Roxas/Roxas.playground/playground.xcworkspace` is a playground's, not a
    /// workspace to load (issue #34's trial).
    @Test func aPlaygroundsWorkspaceIsNeverLoaded() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("App.xcworkspace/contents.xcworkspacedata", Self.workspace)
        try folder.write("App/App.xcodeproj/project.pbxproj")
        try folder.write(
            "Lib/Demo.playground/playground.xcworkspace/contents.xcworkspacedata",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Workspace version = \"1.0\">\n<FileRef location = \"self:\"></FileRef>\n</Workspace>\n")
        let inputs = try InputDiscovery.inputs(for: [folder.path])
        #expect(inputs.workspaces == [try canonical(folder, "App.xcworkspace")])
    }
}
