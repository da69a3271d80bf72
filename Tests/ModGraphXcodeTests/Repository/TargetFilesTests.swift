import Foundation
import ModGraphManifest
import Testing
@testable import ModGraphRepository
@testable import ModGraphXcode

/// The Swift files a target compiles, as the loader describes them and the lister finds them.
private func swiftFiles(_ target: XcodeTarget, _ project: XcodeProject) -> [String] {
    SourceFileLister.files(project.files(of: target), extensions: SourceFileLister.swift)
}

/// Listing the Swift files a target compiles, from its synchronised folders
/// and its *Compile Sources* phase, on a real folder.
@Suite("Swift files on disk")
struct XcodeDiskTests {
    /// The Xcode 16 fixture's checkout: the app folder holds what must be
    /// found and everything that must not be.
    private func checkout() throws -> (TemporaryFolder, XcodeProject) {
        let folder = try TemporaryFolder()
        try folder.write("Shop/App.xcodeproj/project.pbxproj", Xcode16ProjectTests.text)
        for file in [
            "App/AppMain.swift",
            "App/Info.plist",
            "App/Preview Content/Mocks.swift",
            "App/Preview Content/Assets.swift",
            "App/Model/Item.swift",
            "App/Model/Order.swift",
            "App/Model/deeply/nested/folders/Deep.swift",
            "App/.hidden/Secret.swift",
            "App/.Hidden.swift",
            "App/Tool.xcodeproj/Inner.swift",
            "App/Resources/Bundled/Script.swift",
            "App/Resources/Strings.swift",
            "Core/Core.swift",
            "Widget/Widget.swift",
            "Outside/Linked.swift",
            "Outside/Folder/Hidden.swift",
        ] {
            try folder.write("Shop/" + file, "// \(file)\n")
        }
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/Shop/App/Linked.swift", withDestinationPath: "../Outside/Linked.swift")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/Shop/App/LinkedFolder", withDestinationPath: "../Outside/Folder")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/Shop/App/Loop", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/Shop/App/Dangling.swift", withDestinationPath: "../Nowhere.swift")
        return (folder, try XcodeProject.load(at: folder.path + "/Shop/App.xcodeproj"))
    }

    @Test func aSynchronisedFolderMinusItsExceptions() throws {
        let (folder, project) = try checkout()
        defer { folder.remove() }
        let files = swiftFiles(try target("App", in: project), project)
        let app = folder.path + "/Shop/App/"
        #expect(
            files == [
                app + "AppMain.swift",
                app + "Linked.swift",
                app + "Model/Item.swift",
                app + "Model/Order.swift",
                app + "Model/deeply/nested/folders/Deep.swift",
                app + "Preview Content/Assets.swift",
                app + "Resources/Strings.swift",
            ])
    }

    @Test func onlyTheFilesAnotherTargetTicked() throws {
        let (folder, project) = try checkout()
        defer { folder.remove() }
        let files = swiftFiles(try target("Widget Extension", in: project), project)
        #expect(files == [folder.path + "/Shop/App/Model/Item.swift", folder.path + "/Shop/Widget/Widget.swift"])
        #expect(swiftFiles(try target("AppTests", in: project), project).isEmpty)
    }

    @Test func listedSourcesThatExist() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Classic.xcodeproj/project.pbxproj", ClassicProjectTests.xcode8)
        try folder.write("App/AppDelegate.swift")
        try folder.write("App/Models/Item.swift")
        try folder.folder("App/ViewController.swift")
        let project = try XcodeProject.load(at: folder.path + "/Classic.xcodeproj")
        let app = try target("App", in: project)
        #expect(app.sources.count == 6)
        // Missing files, folders and the absolute file outside the checkout are not listed.
        #expect(swiftFiles(app, project) == [folder.path + "/App/AppDelegate.swift", folder.path + "/App/Models/Item.swift"])
    }

    /// A synchronised folder that is itself a link is followed, as Xcode follows it.
    @Test func aLinkedSynchronisedFolder() throws {
        let (folder, project) = try checkout()
        defer { folder.remove() }
        try FileManager.default.removeItem(atPath: folder.path + "/Shop/Core")
        try folder.write("Shop/Vendor/Core/Vendored.swift")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/Shop/Core", withDestinationPath: "Vendor/Core")
        #expect(swiftFiles(try target("Core", in: project), project) == [folder.path + "/Shop/Core/Vendored.swift"])
    }

    @Test func whatIsOnDisk() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Package/Package.swift")
        try folder.folder("Folder")
        try folder.write("File.txt")
        let disk = XcodeDisk()
        #expect(disk.entry(at: folder.path + "/Package") == .package)
        #expect(disk.entry(at: folder.path + "/Folder") == .folder)
        #expect(disk.entry(at: folder.path + "/File.txt") == .file)
        #expect(disk.entry(at: folder.path + "/Nothing") == .missing)
    }
}
