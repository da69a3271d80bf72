import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphTestSupport
import Testing
@testable import ModGraphRepository
@testable import ModGraphXcode

/// Xcode's links resolved as Xcode resolves them (issue #34), on the shapes of public workspaces:
/// a framework several targets make for different platforms (LoopWorkspace's `LoopKit` and
/// `LoopKit-watchOS`), a Carthage-style link to a framework the workspace builds, a product that
/// names no package beside a declaration that does (Swiftfin), dependencies on a target no longer in
/// the project (NightscoutRemoteCGM), links into a project that is missing (Delta's ZIPFoundation),
/// and products of a folder the workspace lists that is missing (ProtonVPN's `external/tunnelkit`).
@Suite("Xcode links resolved as Xcode does")
struct XcodeLinkResolutionTests {
    private func load(_ folder: TemporaryFolder, _ paths: [String] = [""]) throws -> Repository {
        let loader = WorkspaceLoader(provider: DumpPackageRunner(swiftExecutable: DumpPackageRunner.defaultExecutable))
        return try RepositoryLoader(loader: loader).load(InputDiscovery.inputs(for: paths.map { folder.path + "/" + $0 }))
    }

    private func edges(from target: String, _ repository: Repository) -> [String] {
        repository.graph.edges.filter { $0.from.description == target }.map(\.to.description).sorted()
    }

    /// `Kit.framework` is made by `Kit` (iOS) and `Kit-watchOS` (watchOS) of another project: the iOS
    /// app links the first, the watch app the second.
    static let kit = ProjectFixture(targets: [
        .init("Kit", settings: ["SDKROOT": "iphoneos"]),
        .init("Kit-watchOS", productFile: "Kit.framework", settings: ["SDKROOT": "watchos", "PRODUCT_NAME": "Kit"]),
    ])

    @Test func aFrameworkSeveralTargetsMakeIsTheOneForTheLinkingTargetsPlatform() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Kit/Kit.xcodeproj/project.pbxproj", Self.kit.text)
        let app = ProjectFixture(targets: [
            .init("App", type: "application", settings: ["SDKROOT": "iphoneos"], linksBuiltProducts: ["Kit.framework"]),
            .init("Watch", type: "application", settings: ["SDKROOT": "watchos"], linksBuiltProducts: ["Kit.framework"]),
        ])
        try folder.write("App/App.xcodeproj/project.pbxproj", app.text)
        try folder.write("All.xcworkspace/contents.xcworkspacedata", ProjectFixture.workspace(["group:App/App.xcodeproj", "group:Kit/Kit.xcodeproj"]))
        let repository = try load(folder)
        #expect(edges(from: "app/App", repository) == ["kit/Kit"])
        #expect(edges(from: "app/Watch", repository) == ["kit/Kit-watchOS"])
        #expect(repository.warnings.isEmpty, "\(repository.warnings.map(\.message))")
    }

    /// When several targets make the file for the linking target's platform, one warning names them.
    @Test func severalMakersForOnePlatformAreOneWarning() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let kit = ProjectFixture(targets: [
            .init("Kit", settings: ["SDKROOT": "iphoneos"]),
            .init("KitCopy", productFile: "Kit.framework", settings: ["SDKROOT": "iphoneos"]),
        ])
        try folder.write("Kit/Kit.xcodeproj/project.pbxproj", kit.text)
        let app = ProjectFixture(targets: [
            .init("App", type: "application", settings: ["SDKROOT": "iphoneos"], linksBuiltProducts: ["Kit.framework"])
        ])
        let text = app.text
        try folder.write("App/App.xcodeproj/project.pbxproj", text)
        try folder.write("All.xcworkspace/contents.xcworkspacedata", ProjectFixture.workspace(["group:App/App.xcodeproj", "group:Kit/Kit.xcodeproj"]))
        let repository = try load(folder)
        #expect(edges(from: "app/App", repository).isEmpty)
        let line = ProjectFixture.line(of: "Kit.framework in Frameworks */ = {isa = PBXBuildFile", in: text)
        #expect(
            repository.warnings.map(\.message) == [
                "\(folder.path)/App/App.xcodeproj/project.pbxproj:\(line): target 'App' links Kit.framework, which 2 targets make for its platforms ('Kit' of Kit, 'KitCopy' of Kit); skipped"
            ])
    }

    /// A framework no target of the workspace makes (a prebuilt `Carthage/Build/iOS/Lottie.framework`, an
    /// `.xcframework`) is an external product node, said in one note per project however many there are
    /// (issue #49: it was dropped without a word, and check then asked to add a link that is there). A
    /// library's module is not told by its file; CocoaPods' `Pods_App.framework` links the pods (their own
    /// nodes) and a system framework by absolute path is the SDK's: neither is a node.
    @Test func aPrebuiltFrameworkIsAnExternalProductWithANote() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let app = ProjectFixture(targets: [
            .init(
                "App", type: "application", settings: ["SDKROOT": "iphoneos"], linksBuiltProducts: ["Pods_App.framework"],
                linksFiles: [
                    "Carthage/Build/iOS/Lottie.framework", "Vendor/Sentry.xcframework", "Vendor/libz.a",
                    "/System/Library/Frameworks/IOKit.framework",
                ]),
            .init("Widget", type: "app-extension", settings: ["SDKROOT": "iphoneos"], linksFiles: ["Carthage/Build/iOS/Lottie.framework"]),
        ])
        try folder.write("App/App.xcodeproj/project.pbxproj", app.text)
        let repository = try load(folder, ["App/App.xcodeproj"])
        #expect(edges(from: "app/App", repository) == ["app-prebuilt/Lottie", "app-prebuilt/Sentry"])
        #expect(edges(from: "app/Widget", repository) == ["app-prebuilt/Lottie"])
        #expect(repository.graph.package(PackageIdentity("app-prebuilt"))?.isLoaded == false)
        #expect(repository.warnings.filter { !$0.isNote }.isEmpty, "\(repository.warnings.map(\.message))")
        let notes = repository.warnings.filter(\.isNote).map(\.message)
        #expect(notes.count == 1, "\(notes)")
        #expect(
            notes.first?.hasSuffix(
                "2 frameworks the project's targets link are made by no target of the workspace (prebuilt, or built elsewhere): Lottie.framework, Sentry.xcframework; shown as external products"
            ) == true, "\(notes)")
    }

    /// A link to `Carthage/Build/iOS/TrueTime.framework` finds the target of the workspace that makes
    /// `TrueTime.framework` for the app's platform, as Xcode's framework search paths do.
    @Test func aFrameworkLinkedFromAFolderIsTheTargetThatMakesItsFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let trueTime = ProjectFixture(targets: [
            .init("TrueTime-iOS", productFile: "TrueTime.framework", settings: ["SDKROOT": "iphoneos"]),
            .init("TrueTime-macOS", productFile: "TrueTime.framework", settings: ["SDKROOT": "macosx"]),
        ])
        try folder.write("TrueTime/TrueTime.xcodeproj/project.pbxproj", trueTime.text)
        let app = ProjectFixture(targets: [
            .init("App", type: "application", settings: ["SDKROOT": "iphoneos"], linksFiles: ["Carthage/Build/iOS/TrueTime.framework"])
        ])
        try folder.write("App/App.xcodeproj/project.pbxproj", app.text)
        try folder.write(
            "All.xcworkspace/contents.xcworkspacedata", ProjectFixture.workspace(["group:App/App.xcodeproj", "group:TrueTime/TrueTime.xcodeproj"]))
        let repository = try load(folder)
        #expect(edges(from: "app/App", repository) == ["truetime/TrueTime-iOS"])
    }

    /// A target's platforms: `SUPPORTED_PLATFORMS` when set, else `SDKROOT`; Mac Catalyst with `SUPPORTS_MACCATALYST`.
    @Test func targetPlatformsComeFromTheSDKAndTheSupportedPlatforms() throws {
        let project = ProjectFixture(
            targets: [
                .init("Phone", settings: ["SDKROOT": "iphoneos", "SUPPORTS_MACCATALYST": "YES"]),
                .init("Multi", settings: ["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator macosx xros xrsimulator"]),
                .init("Inherited"),
                .init("Unknown", settings: ["SDKROOT": "auto"]),
            ], settings: ["SDKROOT": "appletvos"])
        let decoded = try decodeProject(project.text)
        #expect(decoded.targets.map(\.platforms) == [["ios", "maccatalyst"], ["ios", "macos", "visionos"], ["tvos"], []])
    }

    /// Swiftfin: target B names `StatefulMacros` without a package; target A names the package that vends it.
    @Test func aProductNamingNoPackageIsThePackageTheProjectNamesForIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let project = ProjectFixture(
            targets: [
                .init("A", type: "application", packageProducts: [("StatefulMacros", "R")]),
                .init("B", type: "application", packageProducts: [("StatefulMacros", nil)]),
            ], remotePackages: ["R": "https://github.com/example/StatefulMacro.git"])
        try folder.write("App.xcodeproj/project.pbxproj", project.text)
        let repository = try load(folder, ["App.xcodeproj"])
        #expect(edges(from: "app/B", repository) == ["statefulmacro/StatefulMacros"])
        #expect(repository.warnings.isEmpty, "\(repository.warnings.map(\.message))")
    }

    /// Swiftfin's trial: `CollectionHStack` is named once without a package, and the project names two
    /// packages for it elsewhere (its own, and by mistake `swift-identified-collections`), neither of them
    /// opened, so which one vends it is unknown: the warning says so and names both, rather than
    /// claiming that no package vends it.
    @Test func aProductTheProjectNamesSeveralPackagesForIsOneWarningNamingThem() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let project = ProjectFixture(
            targets: [
                .init("A", type: "application", packageProducts: [("CollectionHStack", "R"), ("CollectionHStack", "S")]),
                .init("B", type: "application", packageProducts: [("CollectionHStack", nil)]),
            ],
            remotePackages: [
                "R": "https://github.com/example/CollectionHStack.git", "S": "https://github.com/example/swift-identified-collections.git",
            ])
        try folder.write("App.xcodeproj/project.pbxproj", project.text)
        let repository = try load(folder, ["App.xcodeproj"])
        let messages = repository.warnings.map(\.message)
        #expect(messages.count == 1, "\(messages)")
        #expect(
            messages.first?.hasSuffix(
                "target 'B' uses product 'CollectionHStack', which names no package, and the project names several for it ('collectionhstack', 'swift-identified-collections'); skipped"
            ) == true, "\(messages)")
    }

    /// NightscoutRemoteCGM: a dependency whose proxy names a target removed from the project. The warning
    /// names the project file, the line of the dependency, the target and the name Xcode showed; no object id.
    @Test func warningsNameTheLineAndTheTargetNeverAnObjectID() throws {
        let project = ProjectFixture(targets: [.init("Plugin", dependenciesOnRemovedTargets: ["NightscoutAPIClientUI"])])
        let text = project.text
        let decoded = try decodeProject(text, at: "Remote.xcodeproj")
        let line = ProjectFixture.line(of: "/* PBXTargetDependency */ = {", in: text)
        #expect(
            decoded.warnings == [
                "Remote.xcodeproj/project.pbxproj:\(line): target 'Plugin' depends on 'NightscoutAPIClientUI' (a target no longer in the project); skipped"
            ])
        #expect(decoded.warnings.allSatisfy { $0.range(of: "[0-9A-F]{24}", options: .regularExpression) == nil })
    }

    /// Delta's `DeltaCore`: links `ZIPFoundation.framework` of `External/ZIPFoundation/ZIPFoundation.xcodeproj`
    /// (an empty submodule) through a reference proxy.
    static let deltaCore = ProjectFixture(targets: [
        .init("DeltaCore", linksProxies: [("External/ZIPFoundation/ZIPFoundation.xcodeproj", "ZIPFoundation.framework", "ZIPFoundation")])
    ])

    /// Delta: `DeltaCore` links `ZIPFoundation.framework` through a `PBXReferenceProxy` into a project
    /// that is not there (an uninitialised submodule): the dependency is still declared, and shown as
    /// an external product of that project.
    @Test func aLinkIntoAMissingProjectIsAnExternalProduct() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("DeltaCore.xcodeproj/project.pbxproj", Self.deltaCore.text)
        let repository = try load(folder, ["DeltaCore.xcodeproj"])
        #expect(edges(from: "deltacore/DeltaCore", repository) == ["zipfoundation/ZIPFoundation"])
        #expect(repository.graph.targets.first { $0.id.description == "zipfoundation/ZIPFoundation" }?.type == .externalProduct)
        #expect(repository.warnings.map(\.message).contains { $0.contains("which does not exist; the dependencies on its targets are shown as external products") })
    }

    /// Delta's trial: Harmony's `Example` links `Harmony_Drive.framework`, which target `Harmony-Drive`
    /// of a missing project makes: the product is that target, one node named as the target is
    /// (not `Harmony-Drive` and `Harmony_Drive` beside each other), also for a link from `BUILT_PRODUCTS_DIR`.
    @Test func aProductOfAMissingProjectIsNamedAfterTheTargetThatMakesIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let harmony = ProjectFixture(targets: [
            .init("Example", type: "application", linksProxies: [("Drive/Harmony-Drive.xcodeproj", "Harmony_Drive.framework", "Harmony-Drive")]),
            .init("Other", type: "application", linksBuiltProducts: ["Harmony_Drive.framework"]),
        ])
        try folder.write("Harmony.xcodeproj/project.pbxproj", harmony.text)
        let repository = try load(folder, ["Harmony.xcodeproj"])
        #expect(edges(from: "harmony/Example", repository) == ["harmony-drive/Harmony-Drive"])
        #expect(edges(from: "harmony/Other", repository) == ["harmony-drive/Harmony-Drive"])
        let nodes = repository.graph.targets.filter { $0.package.rawValue == "harmony-drive" }
        #expect(nodes.map(\.name) == ["Harmony-Drive"])
        // Its module is the framework's: `import Harmony_Drive`.
        #expect(nodes.first?.moduleName == "Harmony_Drive")
    }

    /// Passepartout's trial: the project refers to `Demo.xcodeproj`, which is missing, and no target
    /// depends on it: the warning says so, rather than that dependencies on it are shown as external.
    @Test func aMissingProjectNothingDependsOnIsSaidSo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var app = ProjectFixture(targets: [.init("App", type: "application")])
        app.unusedProjectReferences = ["Demo.xcodeproj"]
        try folder.write("App.xcodeproj/project.pbxproj", app.text)
        let repository = try load(folder, ["App.xcodeproj"])
        let messages = repository.warnings.map(\.message).filter { $0.contains("Demo.xcodeproj") }
        #expect(messages.count == 1 && messages[0].hasSuffix("refers to project 'Demo.xcodeproj', which does not exist; no target depends on it"), "\(messages)")
    }

    /// Delta's trial: the app links `ZIPFoundation.framework` from `BUILT_PRODUCTS_DIR`, a file no
    /// loaded target makes but a project of the workspace's build (DeltaCore's subproject, an empty
    /// submodule) does. Xcode finds it there; the link is that missing project's external product,
    /// so the app's `import ZIPFoundation` is declared, not charged as undeclared.
    @Test func aBuiltProductOnlyAMissingProjectMakesIsItsExternalProduct() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Cores/DeltaCore/DeltaCore.xcodeproj/project.pbxproj", Self.deltaCore.text)
        let app = ProjectFixture(targets: [
            .init("Delta", type: "application", linksBuiltProducts: ["DeltaCore.framework", "ZIPFoundation.framework", "Nowhere.framework"])
        ])
        try folder.write("Delta.xcodeproj/project.pbxproj", app.text)
        try folder.write(
            "Delta.xcworkspace/contents.xcworkspacedata",
            ProjectFixture.workspace(["group:Delta.xcodeproj", "group:Cores/DeltaCore/DeltaCore.xcodeproj"]))
        let repository = try load(folder)
        // Nowhere.framework, which nothing here makes, is kept as an external product (with a note).
        #expect(edges(from: "delta/Delta", repository) == ["delta-prebuilt/Nowhere", "deltacore/DeltaCore", "zipfoundation/ZIPFoundation"])
        #expect(edges(from: "deltacore/DeltaCore", repository) == ["zipfoundation/ZIPFoundation"])
    }

    /// Delta: the workspace lists `Cores/NESDeltaCore/NESDeltaCore.xcodeproj`, in an empty submodule
    /// folder, and the app's project refers into it: one warning, saying where, and what it costs.
    /// Where `.gitmodules` names the folder, the warning says it is a submodule not checked out.
    @Test(arguments: [false, true]) func aMissingProjectAWorkspaceListsAndAProjectRefersToIsOneWarning(declared: Bool) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.folder("Cores/NESDeltaCore")
        if declared {
            try folder.write(
                ".gitmodules", "[submodule \"Cores/NESDeltaCore\"]\n\tpath = Cores/NESDeltaCore\n\turl = https://example.com/n.git\n")
        }
        let app = ProjectFixture(targets: [
            .init("Delta", type: "application", linksProxies: [("../Cores/NESDeltaCore/NESDeltaCore.xcodeproj", "NESDeltaCore.framework", "NESDeltaCore")])
        ])
        try folder.write("App/Delta.xcodeproj/project.pbxproj", app.text)
        try folder.write(
            "Delta.xcworkspace/contents.xcworkspacedata",
            ProjectFixture.workspace(["group:App/Delta.xcodeproj", "group:Cores/NESDeltaCore/NESDeltaCore.xcodeproj"]))
        let repository = try load(folder)
        let about = repository.warnings.map(\.message).filter { $0.contains("NESDeltaCore.xcodeproj") }
        #expect(about.count == 1, "\(about)")
        let hint =
            declared
            ? "(in the git submodule Cores/NESDeltaCore, which is not checked out: run `git submodule update --init`)"
            : "(in the empty folder Cores/NESDeltaCore: an uninitialised git submodule? run `git submodule update --init`)"
        #expect(
            about.first?.contains("which does not exist \(hint); the dependencies on its targets are shown as external products") == true,
            "\(about)")
        #expect(edges(from: "delta/Delta", repository) == ["nesdeltacore/NESDeltaCore"])
    }

    /// ProtonVPN: the workspace lists `external/tunnelkit`, an empty folder (a submodule never fetched);
    /// the app's products that name no package are that folder's, shown as its external products, with
    /// one warning for the folder and none per product.
    /// `.gitmodules` says which: the folder is a submodule not checked out (empty or missing), or inside one.
    @Test func productsOfAMissingWorkspaceFolderAreItsExternalProducts() throws {
        let cases: [(empty: Bool, submodule: String?, state: MissingPackageFolder.State)] = [
            (true, nil, .empty), (false, nil, .missing), (false, "external/tunnelkit", .submoduleNotCheckedOut),
            (true, "external/tunnelkit", .submoduleNotCheckedOut), (false, "external", .inSubmoduleNotCheckedOut),
            (false, "external/tunnelkit/Sources", .missing),
        ]
        for (empty, submodule, state) in cases {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            if empty { try folder.folder("external/tunnelkit") }
            if let submodule {
                try folder.write(".gitmodules", "[submodule \"kit\"]\n\tpath = \(submodule)\n\turl = https://example.com/tunnelkit.git\n")
            }
            let app = ProjectFixture(targets: [
                .init("App", type: "application", packageProducts: [("TunnelKitOpenVPN", nil), ("TunnelKitAppExtension", nil)])
            ])
            try folder.write("App/App.xcodeproj/project.pbxproj", app.text)
            let workspace = ProjectFixture.workspace(["group:external/tunnelkit", "group:App/App.xcodeproj"])
            try folder.write("VPN.xcworkspace/contents.xcworkspacedata", workspace)
            let repository = try load(folder)
            #expect(edges(from: "app/App", repository) == ["tunnelkit/TunnelKitAppExtension", "tunnelkit/TunnelKitOpenVPN"])
            let missing = repository.warnings.compactMap { warning -> MissingPackageFolder? in
                if case let .missingLocalPackage(missing)? = warning.subject { return missing }
                return nil
            }
            #expect(missing.map(\.folder) == [folder.path + "/external/tunnelkit"])
            #expect(missing.first?.state == state, "\(submodule ?? "no submodule")")
            // Said once, by the loader, not also as a reference to nothing.
            #expect(!repository.warnings.map(\.message).contains { $0.contains("which does not exist") }, "\(repository.warnings.map(\.message))")
            #expect(missing.first?.line == ProjectFixture.line(of: "group:external/tunnelkit", in: workspace))
            #expect(missing.first?.products == ["TunnelKitOpenVPN", "TunnelKitAppExtension"])
            #expect(!repository.warnings.map(\.message).contains { $0.contains("names no package") })
        }
    }

    /// Several missing folders: a product goes to the one whose name it shares (`tunnelkit` for
    /// `TunnelKitOpenVPN`, `wireguard-apple` for `WireGuardKit`); one that matches none is a warning.
    @Test func amongSeveralMissingFoldersAProductGoesToTheOneItIsNamedAfter() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let app = ProjectFixture(targets: [
            .init("App", type: "application", packageProducts: [("TunnelKitOpenVPN", nil), ("WireGuardKit", nil), ("Sentry", nil)])
        ])
        try folder.write("App/App.xcodeproj/project.pbxproj", app.text)
        try folder.write(
            "VPN.xcworkspace/contents.xcworkspacedata",
            ProjectFixture.workspace(["group:external/tunnelkit", "group:external/wireguard-apple", "group:App/App.xcodeproj"]))
        let repository = try load(folder)
        #expect(edges(from: "app/App", repository) == ["tunnelkit/TunnelKitOpenVPN", "wireguard-apple/WireGuardKit"])
        #expect(repository.warnings.map(\.message).filter { $0.contains("names no package") }.count == 1)
    }

    /// Where each Xcode dependency is written, for findings: the first declaration's line.
    @Test func dependenciesAreLocatedAtTheirLineOfTheProjectFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let project = ProjectFixture(
            targets: [
                .init("Core"),
                .init("App", type: "application", dependencies: ["Core"], packageProducts: [("Charts", "C")]),
            ], remotePackages: ["C": "https://github.com/example/Charts.git"])
        let text = project.text
        try folder.write("App.xcodeproj/project.pbxproj", text)
        let repository = try load(folder, ["App.xcodeproj"])
        let lines = try #require(repository.declarations[TargetID(package: PackageIdentity("app"), name: "App")])
        #expect(lines.file == folder.path + "/App.xcodeproj/project.pbxproj")
        #expect(lines.dependencies["Core"] == ProjectFixture.line(of: "/* PBXTargetDependency */ = {", in: text))
        // The package product is declared twice (its build file, then its entry): the first is where to look.
        #expect(lines.dependencies["Charts"] == ProjectFixture.line(of: "Charts in Frameworks */ = {isa = PBXBuildFile", in: text))
        #expect(lines.target == ProjectFixture.line(of: "/* App */ = {", in: text))
    }
}
