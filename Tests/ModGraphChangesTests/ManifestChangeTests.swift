import Foundation
import Testing
import ModGraphCore
import ModGraphManifest
import ModGraphManifestEvaluation
@testable import ModGraphChanges

/// Typed manifests compared: each kind of change the comparison of raw dumps
/// noticed (settings, resources, unsafe flags, platforms, requirements…) is
/// still noticed, whichever way each side was read.
@Suite("manifest and pin changes")
struct ManifestChangeTests {
    private func target(_ name: String, _ build: TargetBuildDeclaration = TargetBuildDeclaration(), dependencies: [TargetDependency] = [])
        -> ManifestTarget
    {
        ManifestTarget(name: name, type: .regular, dependencies: dependencies, build: build)
    }

    private func manifest(
        _ targets: [ManifestTarget], products: [ManifestProduct] = [], dependencies: [PackageDependency] = [],
        build: PackageBuildDeclaration? = PackageBuildDeclaration()
    ) -> Manifest {
        Manifest(
            name: "App", toolsVersion: ToolsVersion(major: 5, minor: 9), packageDirectory: "/work/App", targets: targets,
            products: products, dependencies: dependencies, build: build)
    }

    @Test func onlyTheTargetsWhoseDeclarationChangedAreSelected() {
        let base = manifest([target("A"), target("B"), target("Old")])
        let flags = TargetBuildDeclaration(settings: [BuildSetting(tool: "swift", kind: "unsafeFlags", arguments: [.texts(["-O"])])])
        let head = manifest([target("A"), target("B", flags), target("New")])
        let result = ManifestComparison.compare(base: base, head: head)
        #expect(result.wholePackage == nil)
        #expect(result.targets == ["B": "the declaration of target 'B' changed (settings)", "New": "target 'New' is new"])
        #expect(ManifestComparison.compare(base: head, head: head).targets.isEmpty)
    }

    @Test func packageLevelChangesTouchEveryTarget() {
        let base = manifest([], build: PackageBuildDeclaration())
        let head = manifest([], build: PackageBuildDeclaration(platforms: [PlatformRequirement(name: "ios", version: "16.0")]))
        #expect(ManifestComparison.compare(base: base, head: head).wholePackage == "the package's platforms changed")
        #expect(ManifestComparison.compare(base: nil, head: head).wholePackage != nil)
        // Read by Foundation's decoder (an old toolchain's shape): what changes builds is unknown.
        #expect(ManifestComparison.compare(base: manifest([], build: nil), head: head).wholePackage != nil)
        // Keys the model does not read: what changed in them cannot be told.
        let unread = manifest([], build: PackageBuildDeclaration(unreadKeys: ["newKey"]))
        #expect(ManifestComparison.compare(base: base, head: unread).wholePackage?.contains("newKey") == true)
        let unreadTarget = manifest([target("A")], build: PackageBuildDeclaration(unreadKeys: ["targets[A].newKey"]))
        #expect(ManifestComparison.compare(base: manifest([target("A")]), head: unreadTarget).targets.keys.sorted() == ["A"])
    }

    /// A version bump names the moved package and selects the targets that use it, not the whole package.
    @Test func aDependencyThatMovedSelectsItsUsers() {
        func yams(_ version: String) -> PackageDependency {
            PackageDependency(
                kind: .sourceControl, identity: PackageIdentity("yams"), location: "https://github.com/jpsim/Yams",
                requirement: .range(lowerBound: version, upperBound: "7.0.0"))
        }
        let log = PackageDependency(
            kind: .sourceControl, identity: PackageIdentity("swift-log"), location: "https://github.com/apple/swift-log",
            requirement: .exact("1.0.0"))
        let targets = [
            target("Parser", dependencies: [.product("Yams", package: "Yams", condition: nil)]), target("Core"),
            target("Tool", dependencies: [.byName("Logging", condition: nil), .byName("Core", condition: nil)]),
        ]
        let result = ManifestComparison.compare(
            base: manifest(targets, dependencies: [yams("5.0.0"), log]), head: manifest(targets, dependencies: [yams("6.0.0"), log]))
        #expect(result.wholePackage == nil)
        #expect(result.movedDependencies == [PackageIdentity("yams")])
        // Parser names Yams; Tool names a product by a plain name, whose package cannot be told.
        #expect(result.targets.keys.sorted() == ["Parser", "Tool"])
    }

    @Test func aProductThatChangedSelectsItsTargets() {
        let targets = [target("A"), target("B")]
        let base = manifest(targets, products: [ManifestProduct(name: "Lib", type: "library", targets: ["A"])])
        let head = manifest(targets, products: [ManifestProduct(name: "Lib", type: "library", targets: ["A", "B"])])
        let result = ManifestComparison.compare(base: base, head: head)
        #expect(result.targets == ["A": "product 'Lib', which holds it, changed", "B": "product 'Lib', which holds it, changed"])
    }

    @Test func pinsOfEveryVersionAreCompared() throws {
        let v1 = Data(
            #"{"object": {"pins": [{"package": "Yams", "repositoryURL": "https://github.com/jpsim/Yams.git", "state": {"version": "5.0.1"}}]}, "version": 1}"#
                .utf8)
        let v2Text =
            #"{"pins": [{"identity": "yams", "location": "https://github.com/jpsim/Yams.git", "state": {"version": "5.0.1"}},"#
            + #" {"identity": "swift-log", "location": "https://github.com/apple/swift-log.git", "state": {"version": "1.6.0"}}], "version": 2}"#
        let v2 = Data(v2Text.utf8)
        let v3 = Data(
            #"{"originHash": "x", "pins": [{"identity": "yams", "location": "https://github.com/jpsim/Yams.git", "state": {"version": "6.2.2"}}], "version": 3}"#
                .utf8)
        let one = try #require(ResolvedPins(v1))
        let two = try #require(ResolvedPins(v2))
        let three = try #require(ResolvedPins(v3))
        #expect(ResolvedPins.changed(from: one, to: two) == ["swift-log"])
        #expect(ResolvedPins.changed(from: two, to: three) == ["swift-log", "yams"])
        #expect(ResolvedPins(Data("not json".utf8)) == nil)
        #expect(ResolvedPins.identity(of: "git@github.com:Org/My-Package.git") == "my-package")
    }
}

/// Each kind of manifest change, on real manifests read both ways: evaluated
/// from the syntax tree and dumped by `swift package dump-package`. Every
/// pairing (base evaluated or dumped, head evaluated or dumped) must select
/// the same targets, which the comparison of raw dumps selected.
@Suite("manifest changes read both ways")
struct ManifestChangeKindsTests {
    static let base = """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(
            name: "Shop",
            platforms: [.macOS(.v13)],
            products: [.library(name: "Core", targets: ["Core"])],
            dependencies: [
                .package(url: "https://github.com/apple/swift-argument-parser", from: "1.6.1"),
                .package(url: "https://github.com/jpsim/Yams", from: "5.0.0"),
                .package(path: "../Local"),
            ],
            targets: [
                .target(name: "Core", resources: [.process("Media")], swiftSettings: [.define("CORE")]),
                .target(name: "Feed", dependencies: ["Core", .product(name: "Yams", package: "Yams")], cSettings: [.headerSearchPath("include")]),
                .executableTarget(
                    name: "Tool", dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
                    linkerSettings: [.linkedLibrary("z")]),
                .testTarget(name: "CoreTests", dependencies: ["Core"]),
            ]
        )
        """

    /// A change: what to replace in the base, and what the comparison must say.
    struct Change: Sendable, CustomStringConvertible {
        let description: String
        let old: String
        let new: String
        let targets: [String]
        var whole = false
        var moved: [String] = []
    }

    static let changes: [Change] = [
        Change(
            description: "a Swift setting", old: #".define("CORE")"#, new: #".define("CORE"), .unsafeFlags(["-Onone"])"#, targets: ["Core"]),
        Change(
            description: "a setting's condition", old: #".define("CORE")"#, new: #".define("CORE", .when(configuration: .debug))"#,
            targets: ["Core"]),
        Change(description: "a C setting", old: #".headerSearchPath("include")"#, new: #".headerSearchPath("inc")"#, targets: ["Feed"]),
        Change(description: "a linker setting", old: #".linkedLibrary("z")"#, new: #".linkedFramework("z")"#, targets: ["Tool"]),
        Change(description: "a resource's rule", old: #".process("Media")"#, new: #".copy("Media")"#, targets: ["Core"]),
        Change(
            description: "a resource's localization", old: #".process("Media")"#, new: #".process("Media", localization: .base)"#,
            targets: ["Core"]),
        Change(
            description: "a requirement bump", old: #"from: "1.6.1""#, new: #"from: "1.8.2""#, targets: ["Tool"],
            moved: ["swift-argument-parser"]),
        Change(description: "an exact requirement", old: #"from: "5.0.0""#, new: #"exact: "5.0.0""#, targets: ["Feed"], moved: ["yams"]),
        Change(description: "a raised deployment target", old: ".macOS(.v13)", new: ".macOS(.v14)", targets: [], whole: true),
        Change(description: "another platform", old: ".macOS(.v13)", new: #".macOS(.v13), .iOS("16.1")"#, targets: [], whole: true),
        Change(
            description: "language modes", old: "    ]\n)", new: "    ],\n    swiftLanguageModes: [.v5]\n)", targets: [],
            whole: true),
        Change(
            description: "package access", old: #"cSettings: [.headerSearchPath("include")]"#,
            new: #"packageAccess: false, cSettings: [.headerSearchPath("include")]"#, targets: ["Feed"]),
        Change(
            description: "a product's type", old: #".library(name: "Core", targets"#,
            new: #".library(name: "Core", type: .dynamic, targets"#,
            targets: ["Core"]),
        Change(description: "a comment", old: "import PackageDescription", new: "import PackageDescription\n// words", targets: []),
    ]

    private static let host = DumpPackageRunner().toolchainVersion().flatMap(EvaluationHost.current(toolchainVersion:))

    /// The manifest `text` in a folder of its own, evaluated and dumped.
    /// `folder` stands for a repository's top folder: the package is in it, `../Local` beside it.
    private func read(_ text: String, in folder: URL) throws -> (evaluated: Manifest, dumped: Manifest, top: String) {
        let package = folder.appendingPathComponent("Shop")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try text.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let directory = package.resolvingSymlinksInPath().path
        let host = try #require(Self.host)
        let evaluated = try StaticManifestEvaluator(host: host).manifest(forPackageAt: directory).get()
        let dumped = try DumpPackageRunner().manifest(forPackageAt: directory)
        return (evaluated, dumped, folder.resolvingSymlinksInPath().path)
    }

    @Test(arguments: changes)
    func noticedWhicheverWayEachSideWasRead(_ change: Change) throws {
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-manifest-change-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: top) }
        #expect(Self.base.contains(change.old))
        let base = try read(Self.base, in: top.appendingPathComponent("base"))
        let head = try read(Self.base.replacingOccurrences(of: change.old, with: change.new), in: top.appendingPathComponent("head"))
        for (old, new) in [
            (base.evaluated, head.evaluated), (base.dumped, head.dumped), (base.evaluated, head.dumped), (base.dumped, head.evaluated),
        ] {
            let result = ManifestComparison.compare(base: old.relocated(from: base.top, to: head.top), head: new)
            #expect((result.wholePackage != nil) == change.whole, "\(result)")
            #expect(result.targets.keys.sorted() == change.targets, "\(result)")
            #expect(result.movedDependencies.map(\.rawValue) == change.moved)
        }
    }
}
