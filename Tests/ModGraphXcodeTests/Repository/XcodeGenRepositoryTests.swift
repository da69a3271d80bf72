import Foundation
import ModGraphCore
import ModGraphManifest
import Testing
@testable import ModGraphRepository
@testable import ModGraphXcode

/// Repositories that generate their projects with XcodeGen: found at the root with
/// no flags, read from the spec rather than a committed project, and pointing findings
/// at the spec's lines.
@Suite("XcodeGen repositories")
struct XcodeGenRepositoryTests {
    private static let spec = """
        name: Shop
        include: [Specs/features.yml]
        targets:
          App:
            type: application
            platform: iOS
            sources: [App]
            dependencies:
              - target: Home
              - framework: Made.framework
        """
    private static let features = """
        include: [missing.yml]
        targets:
          Home:
            type: framework
            platform: iOS
            sources: [../Features/Home]
            dependencies:
              - target: Core
          Core:
            type: framework
            platform: iOS
            productName: Made
        """

    private func load(_ folder: TemporaryFolder, _ paths: [String] = [""]) throws -> Repository {
        let loader = WorkspaceLoader(provider: DumpPackageRunner(swiftExecutable: DumpPackageRunner.defaultExecutable))
        try folder.folder(".git")
        return try RepositoryLoader(loader: loader).load(InputDiscovery.inputs(for: paths.map { folder.path + "/" + $0 }))
    }

    private func canonical(_ folder: TemporaryFolder, _ path: String) throws -> String {
        try #require(InputDiscovery.canonical(folder.path + "/" + path))
    }

    /// XcodeGen's `include:` takes any file: a root spec including `Features/Home/project.yml`, a part naming no
    /// project, stopped every search at the part ("not an Xcode project"). A part a loaded spec includes is part of
    /// it; one nothing includes is said in a note; one named as a PATH, or all the search found, is still the error.
    @Test func aPartNamedProjectYmlThatTheSpecIncludesIsNotLoadedAlone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("project.yml", Self.spec.replacingOccurrences(of: "Specs/features.yml", with: "Features/Home/project.yml"))
        try folder.write(
            "Features/Home/project.yml",
            Self.features.replacingOccurrences(of: "include: [missing.yml]\n", with: "").replacingOccurrences(
                of: "../Features/Home", with: "."))
        try folder.write("Features/Home/Home.swift", "import Core\n")
        try folder.write("App/App.swift", "import Home\n")
        let part = try canonical(folder, "Features/Home/project.yml")
        let repository = try load(folder)
        #expect(repository.graph.targets.map(\.name).sorted() == ["App", "Core", "Home"])
        #expect(repository.inputs.passedOver.contains("\(part): an XcodeGen spec's part, which a spec loaded includes"))
        #expect(!repository.warnings.contains { $0.description.contains("names no project") })
        // A part nothing loaded includes: a note, and the rest.
        try folder.write("Other/project.yml", "targets:\n  Lone:\n    type: framework\n    platform: iOS\n")
        let other = try canonical(folder, "Other/project.yml")
        let noted = try load(folder)
        #expect(noted.graph.targets.map(\.name).sorted() == ["App", "Core", "Home"])
        #expect(
            noted.warnings.filter(\.isNote).map(\.description).contains(
                "\(other): not loaded: an XcodeGen spec that names no project (`name:`), and no spec the search found includes it"))
        // Named as a PATH, or all a search finds: what XcodeGen would say of it.
        for paths in [["Other/project.yml"], ["Other"]] {
            #expect {
                try load(folder, paths)
            } throws: { error in
                (error as? XcodeError)?.isUnnamedSpec == true && (error as? XcodeError)?.description.hasPrefix(other) == true
            }
        }
    }

    @Test func theSpecIsReadInsteadOfACommittedProjectAndFindingsPointIntoIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("project.yml", Self.spec)
        try folder.write("Specs/features.yml", Self.features)
        try folder.write("App/App.swift", "import Home\n")
        try folder.write("Features/Home/Home.swift", "import Core\n")
        // A committed generated project, out of date: not read.
        try folder.write("Shop.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = {}; }\n")
        let repository = try load(folder)
        #expect(repository.inputs.projects == [try canonical(folder, "project.yml")])
        #expect(
            repository.inputs.passedOver.contains(
                "\(try canonical(folder, "Shop.xcodeproj")): generated from \(try canonical(folder, "project.yml")), which is read instead"))
        let graph = repository.graph
        let shop = try #require(graph.packages.first { $0.origin == .project })
        #expect(shop.location == "project.yml")
        #expect(shop.isXcodeGenProject)
        // App links Made.framework, which Core makes: an edge to Core, as Xcode's implicit dependencies find it.
        #expect(
            graph.edges.map { "\($0.from.name)->\($0.to.name)" }.sorted() == ["App->Core", "App->Home", "Home->Core"])
        let app = try #require(repository.declarations[TargetID(package: shop.identity, name: "App")])
        #expect(app.file == folder.path + "/project.yml")
        #expect(app.target == 4)
        #expect(app.dependencies["Home"] == 9)
        let home = try #require(repository.declarations[TargetID(package: shop.identity, name: "Home")])
        #expect(home.file == folder.path + "/Specs/features.yml")
        #expect(home.dependencies["Core"] == 8)
        // A warning about an included file names it as a path, shown as every path is (relative to the current folder).
        #expect(
            repository.warnings.contains { warning in
                warning.parts.first == .path(folder.path + "/Specs/features.yml") && warning.description.contains("includes 'missing.yml'")
            }, "\(repository.warnings)")
        // Ownership for `affected` and the source checks: the spec's `sources:` folders, rebased from the include.
        let files = try #require(repository.targetFiles[TargetID(package: shop.identity, name: "Home")])
        #expect(SourceFileLister.files(files, extensions: SourceFileLister.swift) == [folder.path + "/Features/Home/Home.swift"])
    }

    /// A spec's `packages:` whose `path:` is not there (0xvon/otoaka-ios: `Libraries/rocket-api/Modules/Endpoint`, in a
    /// submodule never fetched): a package listed as not loaded, whose products are external, and one warning each that
    /// says why. Before, its products belonged to no package of the graph, and the warning was dropped with it.
    @Test func aSpecsLocalPackageNotThereIsAPackageNotLoaded() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(".gitmodules", "[submodule \"Libs/api\"]\n\tpath = Libs/api\n\turl = https://example.com/api.git\n")
        try folder.folder("Libs/api")
        try folder.write("App/App.swift", "import Endpoint\n")
        try folder.write(
            "project.yml",
            """
            name: Shop
            packages:
              Endpoint:
                path: Libs/api/Modules/Endpoint
              Gone:
                path: Libs/Gone
            targets:
              App:
                type: application
                platform: iOS
                sources: [App]
                dependencies:
                  - package: Endpoint
                  - package: Gone
                    product: GoneKit
            """)
        let repository = try load(folder)
        let missing = repository.graph.packages.filter { !$0.isLoaded }.map { "\($0.identity) \($0.path ?? "") \($0.origin)" }
        #expect(missing == ["endpoint Libs/api/Modules/Endpoint local", "gone Libs/Gone local"])
        #expect(
            repository.graph.edges.map { "\($0.from.name)->\($0.to.package)/\($0.to.name)" }.sorted() == [
                "App->endpoint/Endpoint", "App->gone/GoneKit",
            ])
        let messages = repository.warnings.map(\.description).filter { $0.contains("local package") }.sorted()
        #expect(
            messages == [
                folder.path + "/project.yml: local package 'Libs/Gone' not found; its products are shown as external",
                folder.path + "/project.yml: local package 'Libs/api/Modules/Endpoint' is in a git submodule that is not checked out "
                    + "(run `git submodule update --init`); its products are shown as external",
            ], "\(repository.warnings)")
    }

    /// `includes:` globs (kiwix/kiwix-apple: `path: Contents, includes: [Resources]`): only the files they
    /// match, or under a folder they match, are the target's; `excludes:` still win, as in XcodeGen.
    @Test func aSourceFolderWithIncludesGivesOnlyTheFilesTheyMatch() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "project.yml",
            """
            name: Shop
            targets:
              App:
                type: application
                platform: iOS
                sources:
                  - path: Shared
                    includes: [Resources, "**/*Model.swift", "/../x"]
                    excludes: [Legacy]
            """)
        for file in ["Resources/R.swift", "Resources/Deep/D.swift", "Other.swift", "UserModel.swift", "Legacy/OldModel.swift"] {
            try folder.write("Shared/" + file, "import Foundation\n")
        }
        let repository = try load(folder)
        let shop = try #require(repository.graph.packages.first { $0.origin == .project })
        let files = try #require(repository.targetFiles[TargetID(package: shop.identity, name: "App")])
        #expect(
            SourceFileLister.files(files, extensions: SourceFileLister.swift)
                == ["Resources/Deep/D.swift", "Resources/R.swift", "UserModel.swift"].map { folder.path + "/Shared/" + $0 })
        // A glob leaving the folder is refused and said; the others still apply.
        #expect(repository.warnings.contains { $0.description.contains("include '/../x' of target 'App'") }, "\(repository.warnings)")
        #expect(!repository.warnings.contains { $0.description.contains("reads the whole folder") })
    }

    @Test func projectFoldersHoldingOnlySharedDataArePassedOverWithANote() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Tuist/Project.xcodeproj/xcshareddata/xcschemes/App.xcscheme", "<Scheme/>")
        try folder.write("Tuist/App.xcworkspace/xcshareddata/WorkspaceSettings.xcsettings", "")
        try folder.write("Core/Package.swift", "// swift-tools-version: 5.9\n")
        let inputs = try InputDiscovery.inputs(for: [folder.path])
        #expect(inputs.projects.isEmpty)
        #expect(inputs.workspaces.isEmpty)
        #expect(inputs.passedOver.contains { $0.hasSuffix("Project.xcodeproj: holds no project.pbxproj (only what Xcode shares beside a generated project); passed over") })
        #expect(inputs.passedOver.contains { $0.hasSuffix("App.xcworkspace: holds no contents.xcworkspacedata; passed over") })
    }

    @Test func aWorkspaceListingTheGeneratedProjectReadsItsSpec() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "Shop.xcworkspace/contents.xcworkspacedata",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "group:App/Shop.xcodeproj"></FileRef>
            </Workspace>
            """)
        try folder.write("App/project.yml", "name: Shop\ntargets:\n  App:\n    type: application\n")
        let inputs = try InputDiscovery.inputs(for: [folder.path])
        #expect(inputs.projects == [try canonical(folder, "App/project.yml")])
        #expect(inputs.warnings.isEmpty)
    }

    @Test func aSpecBesideAPackageGivenIsLoadedWithIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Package.swift", "// swift-tools-version: 5.9\n")
        try folder.write("project.yml", "name: Tools\ntargets:\n  App:\n    type: application\n")
        try folder.write("Tools.xcodeproj/project.pbxproj", "")
        let inputs = try InputDiscovery.inputs(for: [folder.path])
        #expect(inputs.packages == [try canonical(folder, ".")])
        #expect(inputs.projects == [try canonical(folder, "project.yml")])
        // The committed project it generates is not named as left out.
        #expect(inputs.unsearched.isEmpty)
    }

    @Test func anotherToolsProjectYmlIsNotTakenForASpec() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Docs/project.yml", "title: Docs\npages: [a, b]\n")
        try folder.write("Core/Package.swift", "// swift-tools-version: 5.9\n")
        let inputs = try InputDiscovery.inputs(for: [folder.path])
        #expect(inputs.projects.isEmpty)
    }

    /// Tuist's manifests are found as projects: each `Project.swift` that imports ProjectDescription is read
    /// as the project `tuist generate` writes; `Tuist/Package.swift` (Tuist's list of external packages) is
    /// not a package of the repository, and an app's own model type named Project is not a manifest.
    @Test func tuistManifestsAreFoundAsProjects() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Tuist/Config.swift", "import ProjectDescription\nlet config = Config()\n")
        try folder.write("Tuist/Package.swift", "// swift-tools-version: 5.9\nimport PackageDescription\n#if TUIST\nimport ProjectDescription\n#endif\n")
        try folder.write("Projects/App/Project.swift", "import ProjectDescription\nlet project = Project(name: \"App\")\n")
        try folder.write("Projects/App/App.xcodeproj/project.pbxproj", "// generated\n")
        try folder.write("Packages/Kit/Package.swift", "// swift-tools-version: 5.9\n")
        try folder.write("Sources/Model/Project.swift", "struct Project {}\n")
        let inputs = try InputDiscovery.inputs(for: [folder.path])
        #expect(inputs.packages == [try canonical(folder, "Packages/Kit")])
        #expect(inputs.projects == [try canonical(folder, "Projects/App") + "/Project.swift"])
        #expect(inputs.tuistManifests.count == 2)
        #expect(inputs.passedOver.contains { $0.hasSuffix("App.xcodeproj: generated by Tuist from the manifests beside it, which are read instead") })
    }

    /// Tuist's package list need not import ProjectDescription: beside Tuist 4's `Tuist.swift`, or with Tuist 3's
    /// `Dependencies.swift`, `Tuist/Package.swift` is still Tuist's (YAPP-Github/26th-App-Team-3-iOS's lists three remote
    /// packages with no `PackageSettings`), not a package of the repository; a folder named Tuist with neither is one.
    @Test func tuistsPackageListIsKnownByItsPlaceAsWellAsItsImports() throws {
        let list = "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"App\", dependencies: [])\n"
        for marker in ["Tuist.swift", "Tuist/Dependencies.swift", nil] {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            if let marker { try folder.write(marker, "import ProjectDescription\n") }
            try folder.write("Tuist/Package.swift", list)
            try folder.write("Projects/App/Project.swift", "import ProjectDescription\nlet project = Project(name: \"App\")\n")
            let inputs = try InputDiscovery.inputs(for: [folder.path])
            #expect(inputs.packages == (marker == nil ? [try canonical(folder, "Tuist")] : []), "\(marker ?? "no marker")")
            #expect(inputs.projects == [try canonical(folder, "Projects/App") + "/Project.swift"])
        }
    }

    /// Beside Tuist's configuration, a committed project is the app's own when no manifest generates one (IcySky keeps
    /// `Tuist.swift` for Tuist's cloud only) and Tuist's output when the repository has project manifests (RuntimeViewer's
    /// hand-made workspace at its root); a `Package.swift` beside a `Project.swift` describes the same modules.
    @Test func tuistConfigurationAloneGeneratesNothingButManifestsAreTheSourceOfTruth() throws {
        let icySky = try TemporaryFolder()
        defer { icySky.remove() }
        try icySky.write("Tuist.swift", "import ProjectDescription\nlet tuist = Tuist()\n")
        try icySky.write("IcySky.xcodeproj/project.pbxproj", "// hand-made\n")
        let own = try InputDiscovery.inputs(for: [icySky.path])
        #expect(own.projects == [try canonical(icySky, "IcySky.xcodeproj")])
        let hybrid = try TemporaryFolder()
        defer { hybrid.remove() }
        try hybrid.write("Tuist.swift", "import ProjectDescription\nlet tuist = Tuist()\n")
        try hybrid.write("Viewer.xcworkspace/contents.xcworkspacedata", "<Workspace version = \"1.0\"></Workspace>\n")
        try hybrid.write("Core/Project.swift", "import ProjectDescription\nlet project = Project(name: \"Core\")\n")
        try hybrid.write("Core/Package.swift", "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Core\")\n")
        let inputs = try InputDiscovery.inputs(for: [hybrid.path])
        #expect(inputs.workspaces.isEmpty)
        #expect(inputs.packages.isEmpty)
        #expect(inputs.projects == [try canonical(hybrid, "Core") + "/Project.swift"])
        #expect(inputs.passedOver.contains { $0.hasSuffix("Viewer.xcworkspace: generated by Tuist, whose manifests are read instead") })
        #expect(inputs.passedOver.contains { $0.hasSuffix("Core/Package.swift: beside a Tuist project, whose Project.swift is read instead; name the folder as a PATH to load the package") })
    }
}
