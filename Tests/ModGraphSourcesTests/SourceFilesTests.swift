import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphRules
import ModGraphSystem
import Testing
@testable import ModGraphSources

@Suite("finding and reading source files")
struct SourceFilesTests {
    /// A temporary folder with `files` (relative path → text), removed after `body`.
    private func withFolder(_ files: [String: String], _ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-sources-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (path, text) in files {
            let file = (folder as NSString).appendingPathComponent(path)
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
        try body(folder)
    }

    @Test func sourcesAndExcludeAreHonouredAndHiddenFilesSkipped() throws {
        try withFolder([
            "A.swift": "", "Sub/B.swift": "", "Sub/Deep/C.swift": "", "Generated/D.swift": "", "README.md": "",
            ".hidden/E.swift": "", "Sub/.F.swift": "", "Old.swift": "",
        ]) { folder in
            func names(_ sources: [String]?, _ exclude: [String]) -> [String] {
                SourceFileLister.files(.folder(folder, sources: sources, exclude: exclude), extensions: SourceFileLister.swift).map {
                    String($0.dropFirst(folder.count + 1))
                }
            }
            #expect(names(nil, []) == ["A.swift", "Generated/D.swift", "Old.swift", "Sub/B.swift", "Sub/Deep/C.swift"])
            #expect(names(nil, ["Generated", "./Old.swift"]) == ["A.swift", "Sub/B.swift", "Sub/Deep/C.swift"])
            #expect(names(["Sub/", "A.swift"], ["Sub/Deep"]) == ["A.swift", "Sub/B.swift"])
        }
        #expect(SourceFileLister.files(.folder("/no/such/folder", sources: nil, exclude: []), extensions: SourceFileLister.swift).isEmpty)
    }

    @Test func filesAreScannedInParallelAndReturnedInOrder() throws {
        var texts: [String: String] = [:]
        for index in 0..<40 { texts[String(format: "F%02d.swift", index)] = "import M\(index)\n" }
        try withFolder(texts) { folder in
            let paths = SourceFileLister.files(.folder(folder, sources: nil, exclude: []), extensions: SourceFileLister.swift)
            let scanned = try SourceScanner.scan(files: paths.map { ($0, false) })
            #expect(scanned.map(\.path) == paths)
            #expect(scanned.map { $0.imports.first?.module } == (0..<40).map { "M\($0)" })
            #expect(throws: SourceScanError(path: folder + "/missing.swift", reason: "no such file")) {
                try SourceScanner.scan(files: [(folder + "/missing.swift", false)])
            }
        }
    }

    @Test func theInventoryListsTheOwnTargetsWithSwiftFiles() throws {
        try withFolder([
            "Sources/App/main.swift": "import Core\n", "Sources/Core/Core.swift": "", "Sources/Core/Skip/Old.swift": "",
            "Sources/CLib/lib.c": "", "Plugins/Gen/Plugin.swift": "",
        ]) { folder in
            let root = PackageIdentity("app")
            let manifest = Manifest(
                name: "App", toolsVersion: nil, packageDirectory: folder,
                targets: [
                    ManifestTarget(name: "App", type: .executable, dependencies: [.byName("Core", condition: nil)]),
                    ManifestTarget(name: "Core", type: .regular, exclude: ["Skip"]),
                    ManifestTarget(name: "CLib", type: .regular),
                    ManifestTarget(name: "Gen", type: .plugin),
                ], products: [], dependencies: [])
            let workspace = Workspace(
                root: root, rootDirectory: folder,
                packages: [
                    root: WorkspacePackage(
                        identity: root, origin: .root, location: folder, manifest: manifest, directory: folder, declaredName: "App")
                ], warnings: [])
            let graph = try GraphBuilder().build(workspace)
            let targets = SourceInventory.targets(of: graph, files: workspace.targetFiles(for: graph))
            // CLib has no Swift file; the plugin imports SwiftPM's API and is not checked.
            #expect(targets.map(\.target.name) == ["App", "Core"])
            #expect(
                targets.map { $0.files.map { String($0.dropFirst(folder.count + 1)) } } == [
                    ["Sources/App/main.swift"], ["Sources/Core/Core.swift"],
                ])
        }
    }

    /// A pull request's link to a file elsewhere on the machine (`Key.swift -> /elsewhere/x.swift`), or a target
    /// folder that is one, is set apart and not read; a link inside the repository is read. A file set apart may
    /// import anything, so its target is told of no unused dependency.
    @Test func filesLeadingOutsideTheRepositoryAreSetApartNotRead() throws {
        try withFolder([
            "Repo/Sources/App/main.swift": "print(1)\n", "Repo/Sources/Core/Core.swift": "public let core = 1\n",
            "Outside/Key.swift": "import Core\n", "Outside/Folder/Other.swift": "import Core\n",
        ]) { folder in
            let files = FileManager.default
            try files.createSymbolicLink(atPath: folder + "/Repo/Sources/App/Key.swift", withDestinationPath: "../../../Outside/Key.swift")
            try files.createSymbolicLink(atPath: folder + "/Repo/Sources/App/Same.swift", withDestinationPath: "main.swift")
            try files.createSymbolicLink(atPath: folder + "/Repo/Sources/Linked", withDestinationPath: folder + "/Outside/Folder")
            let repository = try #require(FileNames.canonical(folder + "/Repo"))
            let graph = graph("App -> Core, Linked -> Core")
            let described = Dictionary(
                uniqueKeysWithValues: ["App", "Core", "Linked"].map {
                    (id($0), TargetFiles.folder(repository + "/Sources/" + $0, sources: nil, exclude: []))
                })
            let targets = SourceInventory.targets(of: graph, files: described, within: repository)
            let byName = Dictionary(uniqueKeysWithValues: targets.map { ($0.target.name, $0) })
            #expect(byName["App"]?.files == [repository + "/Sources/App/Same.swift", repository + "/Sources/App/main.swift"])
            #expect(byName["App"]?.outside == [repository + "/Sources/App/Key.swift"])
            // A target folder leading out is set apart whole; the target is kept, so that it is said.
            #expect(byName["Linked"]?.files == [])
            #expect(byName["Linked"]?.outside == [repository + "/Sources/Linked"])
            // Not confined (a dump's folders): every file is listed.
            let anywhere = SourceInventory.targets(of: graph, files: described)
            #expect(anywhere.first { $0.target.name == "App" }?.files.count == 3)
            #expect(anywhere.allSatisfy { $0.outside.isEmpty })
            // `main.swift` imports nothing; what Key.swift imports is unknown, so App → Core is not called unused.
            let checker = SourceChecker(settings: try settings("sources:\n  unusedDependencies: error\n"))
            let findings = try checker.check(graph, targets: targets, budget: .standard).findings
            #expect(findings.isEmpty, "\(findings.map(\.message))")
            let unconfined = targets.map {
                TargetSources(target: $0.target, folder: $0.folder, files: $0.files, otherFiles: $0.otherFiles)
            }
            let told = try checker.check(graph, targets: unconfined, budget: .standard).findings
            #expect(told.map(\.rule) == [.unusedDependency, .unusedDependency])
        }
    }
}
