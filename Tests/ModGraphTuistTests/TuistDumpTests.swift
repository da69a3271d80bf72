import Foundation
import ModGraphTestSupport
import ModGraphXcode
import Testing

@testable import ModGraphTuist

/// What a compiled manifest prints, read into the project Tuist would generate: JSON written by hand in
/// the shapes Swift's synthesized `Codable` gives ProjectDescription's types, with the answers worked out
/// from Tuist's documentation (product types, destinations, paths).
@Suite("Tuist manifests' JSON")
struct TuistDumpTests {
    private let json = """
        {"name": "Home", "packages": [{"local": {"path": {"type": "relativeToRoot", "pathString": "Packages/Kit"}}}],
         "targets": [
          {"name": "Home-UI", "product": "staticFramework", "destinations": ["iPad", "iPhone", "macCatalyst"],
           "sources": {"globs": [{"glob": {"type": "relativeToManifest", "pathString": "Sources/**"},
                                  "excluding": [{"type": "relativeToManifest", "pathString": "Sources/Generated/**"}]}]},
           "dependencies": [
             {"target": {"name": "HomeInterface", "status": "required", "condition": {"platformFilters": ["catalyst"]}}},
             {"project": {"target": "Core", "path": {"type": "relativeToRoot", "pathString": "Projects/Core"}, "status": "required",
                          "condition": {"platformFilters": [{"ios": {}}, {"catalyst": {}}]}}},
             {"external": {"name": "Alamofire"}},
             {"package": {"product": "Kit", "type": {"runtime": {}}}},
             {"sdk": {"name": "c++", "type": "library", "status": "required"}},
             {"xctest": {}},
             {"somethingNew": {"name": "X"}}
           ],
           "settings": {"base": {"PRODUCT_MODULE_NAME": {"string": {"_0": "HomeUI"}}}, "configurations": []}},
          {"name": "HomeTests", "product": "unit_tests", "destinations": ["mac"], "dependencies": [{"target": {"name": "Home-UI"}}]},
          {"product": "framework"}
         ]}
        """

    private func project() throws -> XcodeProject {
        let dump = try TuistDump.project(from: Data(json.utf8)).get()
        let model = TuistProjectModel(
            manifest: "/repo/Projects/Home/Project.swift", tuistRoot: "/repo", disk: XcodeDisk())
        return model.project(dump)
    }

    @Test func targetsDependenciesAndPlatformsAreThoseTuistGenerates() throws {
        let project = try project()
        #expect(project.name == "Home")
        #expect(project.path == "/repo/Projects/Home/Project.swift")
        #expect(project.targets.map(\.name) == ["Home-UI", "HomeTests"])
        let home = try #require(project.targets.first)
        #expect(home.kind == .staticFramework)
        // PRODUCT_MODULE_NAME wins; the product is the name with `-` made `_`, as Tuist names it.
        #expect(home.moduleName == "HomeUI")
        #expect(home.productName == "Home_UI")
        #expect(home.productFileName == "Home_UI.framework")
        #expect(home.platforms == ["ios", "maccatalyst"])
        let references = home.dependencies.map(\.reference)
        #expect(references.count == 4)
        #expect(references[0] == .target(id: "HomeInterface", name: "HomeInterface", project: nil))
        #expect(home.dependencies[0].platformFilters == ["maccatalyst"])
        #expect(references[1] == .target(id: "Core", name: "Core", project: "../Core/Project.swift"))
        // As a compiled manifest prints `.when([.ios, .catalyst])`: each filter a case of an enum without raw values.
        #expect(home.dependencies[1].platformFilters == ["ios", "maccatalyst"])
        #expect(
            references[2] == .packageProduct(XcodePackageProduct(name: "Alamofire", isPlugin: false, package: .local(path: "../../Tuist"))))
        #expect(references[3] == .packageProduct(XcodePackageProduct(name: "Kit", isPlugin: false, package: nil)))
        #expect(project.referencedProjects == ["../Core/Project.swift"])
        #expect(project.packageReferences == [.local(path: "../../Packages/Kit")])
        let tests = try #require(project.targets.last)
        #expect(tests.kind == .unitTestBundle)
        #expect(tests.platforms == ["macos"])
    }

    @Test func whatIsNotUnderstoodIsSaidNotGuessed() throws {
        let project = try project()
        #expect(project.warnings.contains { $0.contains("target 'Home-UI': a dependency of a kind modgraph does not know; left out") })
        #expect(project.warnings.contains { $0.contains("target 3 of project 'Home' has no name or product; left out") })
        #expect(throws: DumpProblem.self) { try TuistDump.project(from: Data("[1, 2]".utf8)).get() }
        #expect(throws: DumpProblem.self) { try TuistDump.project(from: Data(#"{"targets": []}"#.utf8)).get() }
    }

    @Test func sourceGlobsBecomeFoldersLessTheirExclusions() throws {
        let home = try #require(try project().targets.first)
        #expect(home.synchronizedFolders.map(\.path) == ["Sources"])
        #expect(home.synchronizedFolders.first?.excludedPatterns.map(\.written) == ["/Generated/**"])
    }

    /// The manifest may print anything before and after; the last complete block is the project.
    @Test func theLastMarkedBlockIsRead() {
        let output = Data(
            "noise\nTUIST_MANIFEST_START\n{\"a\":1}\nTUIST_MANIFEST_END\nTUIST_MANIFEST_START\n{\"b\":2}\nTUIST_MANIFEST_END\n".utf8)
        #expect(TuistReader.lastDump(in: output) == Data(#"{"b":2}"#.utf8))
        #expect(TuistReader.lastDump(in: Data("TUIST_MANIFEST_START\n{".utf8)) == nil)
    }

    /// The pull request's code sees no secret of the caller's environment.
    @Test func manifestsRunWithPathAndTuistVariablesOnly() {
        let kept = TuistOptions.manifestEnvironment(from: ["PATH": "/bin", "TUIST_ENV": "dev", "GITHUB_TOKEN": "secret", "HOME": "/root"])
        #expect(kept == ["PATH": "/bin", "TUIST_ENV": "dev"])
    }

    /// Package.swift embeds the files it lists, the code compiles the files it lists: both are the folder.
    @Test func everyProjectDescriptionFileIsEmbedded() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/Sources/ModGraphTuist/ProjectDescription")
            .filter { $0.hasSuffix(".swift") }.sorted()
        #expect(ProjectDescriptionSource.files.map(\.name) == files)
        let manifest = try String(contentsOfFile: folder.path + "/Package.swift", encoding: .utf8)
        for file in files { #expect(manifest.contains("\"\(file)\","), "\(file) is not in Package.swift's ProjectDescriptionFiles") }
        #expect(ProjectDescriptionSource.files.allSatisfy { !$0.text.isEmpty })
    }
}

/// `.relativeToCurrentFile(_:)` in a helper names the helper's compiled copy (in the run's private
/// folder, or an earlier run's when the helpers came from the cache): it stands for the repository's file.
@Suite("Tuist paths")
struct TuistPathTests {
    @Test func aPathRelativeToAHelperIsRelativeToTheRepositorysHelper() {
        let model = TuistProjectModel(manifest: "/repo/Projects/Home/Project.swift", tuistRoot: "/repo", disk: XcodeDisk())
        let path = TuistDump.Path(
            base: .currentFile, text: "../../Shared/Sources",
            callerPath: "/tmp/modgraph-tuist.Ab3dE9/src/Tuist/ProjectDescriptionHelpers/Paths.swift")
        #expect(model.absolute(path) == "/repo/Shared/Sources")
        #expect(model.relative(model.absolute(path)) == "../../Shared/Sources")
        #expect(model.absolute(TuistDump.Path(base: .root, text: "Projects/Core")) == "/repo/Projects/Core")
        #expect(model.absolute(TuistDump.Path(base: .manifest, text: "Sources")) == "/repo/Projects/Home/Sources")
    }
}

/// Findings point at the line that writes a dependency, inside the target that declares it; a target a
/// helper makes (its name not written in the manifest) gets no line rather than a guess.
@Suite("Tuist manifest lines")
struct ManifestLinesTests {
    private let text = """
        import ProjectDescription
        let project = Project(
            name: "Shop",
            targets: [
                .target(
                    name: "App",
                    destinations: .iOS, product: .app, bundleId: "dev.app",
                    dependencies: [
                        .target(name: "Core"),
                        .target(name: "Kit", condition: .when([.ios])),
                    ]),
                .target(name: "Core", destinations: .iOS, product: .framework, bundleId: "dev.core",
                    dependencies: [.external(name: "Alamofire")]),
            ] + Feature.allCases.map(\\.target))
        """

    /// Hand-worked: App is declared on line 6 and Core on line 12 (line 9's `.target(name: "Core")` is a
    /// dependency on it), so App spans 6–11 and Core 12–14 (the last line); HomeFeature is a helper's.
    @Test func dependenciesAreFoundInsideTheirTargetsLines() {
        let lines = ManifestLines(text: text)
        let spans = lines.spans(of: ["App", "Core", "Kit", "HomeFeature"])
        #expect(spans["App"] == 6...11)
        #expect(spans["Core"] == 12...14)
        #expect(spans["Kit"] == nil)
        #expect(spans["HomeFeature"] == nil)
        #expect(lines.line(of: "Core", in: spans["App"] ?? 0...0) == 9)
        #expect(lines.line(of: "Kit", in: spans["App"] ?? 0...0) == 10)
        #expect(lines.line(of: "Alamofire", in: spans["App"] ?? 0...0) == nil)
        #expect(lines.line(of: "Alamofire", in: spans["Core"] ?? 0...0) == 13)
    }
}

/// A manifest's cache key follows what it is compiled with: its own text, and the helpers only when it
/// imports them; the helpers' and plugins' digests are computed once, when the files are read.
@Suite("Tuist cache keys")
struct TuistCacheKeyTests {
    private func root(helper: String) throws -> String {
        let folder = NSTemporaryDirectory() + "modgraph-tuist-key-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/Tuist/ProjectDescriptionHelpers", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: folder + "/Plugins/Kit/ProjectDescriptionHelpers", withIntermediateDirectories: true)
        try Data(helper.utf8).write(to: URL(fileURLWithPath: folder + "/Tuist/ProjectDescriptionHelpers/Feature.swift"))
        try Data("import ProjectDescription\nlet plugin = Plugin(name: \"KitPlugin\")\n".utf8).write(
            to: URL(fileURLWithPath: folder + "/Plugins/Kit/Plugin.swift"))
        try Data("public let kit = 1\n".utf8).write(to: URL(fileURLWithPath: folder + "/Plugins/Kit/ProjectDescriptionHelpers/Kit.swift"))
        return folder
    }

    /// woin2ee/MyAlarm: `Tuist/Config.swift` fetches its plugins from git, which `tuist install` puts outside the
    /// repository. A missing module's error names them; what a URL cannot hold (a quote, a space, a control
    /// character) is no URL, and at most ``TuistSources/maximumRemotePlugins`` are named.
    @Test func theRemotePluginsOfTheConfigurationAreNamedWhenAModuleIsMissing() throws {
        let config = """
            let config = Config(plugins: [
                .git(url: "https://github.com/Woin2ee-Modules/tuist-micro-feature-plugin.git", tag: "0.2.4"),
                .git(url:"https://example.com/a b.git", tag: "1"),
                .git(url: "https://example.com/\u{1B}[2J.git", tag: "1"),
                .local(path: .relativeToRoot("Plugins/Kit")),
                .git(url: "https://github.com/Woin2ee-Modules/tuist-micro-feature-plugin.git", tag: "0.2.4"),
            ])
            """
        #expect(TuistSources.gitURLs(in: config) == ["https://github.com/Woin2ee-Modules/tuist-micro-feature-plugin.git"])
        let many = (0..<20).map { ".git(url: \"https://example.com/p\($0).git\")" }.joined(separator: "\n")
        #expect(TuistSources.gitURLs(in: many).count == TuistSources.maximumRemotePlugins)
        let folder = try root(helper: "public let a = 1\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(config.utf8).write(to: URL(fileURLWithPath: folder + "/Tuist/Config.swift"))
        let sources = try TuistSources(of: folder, in: folder, disk: XcodeDisk(root: folder))
        #expect(
            sources.explaining("Project.swift:2:8: error: no such module 'MicroFeaturePlugin'")
                == "Project.swift:2:8: error: no such module 'MicroFeaturePlugin'; the Tuist configuration fetches plugins from git (https://github.com/Woin2ee-Modules/tuist-micro-feature-plugin.git), which `tuist install` downloads outside the repository, and modgraph reads nothing there"
        )
        #expect(sources.explaining("a condition on 'FileManager'") == "a condition on 'FileManager'")
    }

    @Test func aManifestsKeyChangesWithWhatItCompilesWith() throws {
        let first = try root(helper: "public let a = 1\n")
        let second = try root(helper: "public let a = 2\n")
        defer { for folder in [first, second] { try? FileManager.default.removeItem(atPath: folder) } }
        let one = try TuistSources(of: first, in: first, disk: XcodeDisk(root: first))
        let two = try TuistSources(of: second, in: second, disk: XcodeDisk(root: second))
        #expect(one.helpers.map(\.path) == ["Tuist/ProjectDescriptionHelpers/Feature.swift"])
        #expect(one.plugins.map(\.name) == ["KitPlugin"])
        #expect(one.helpersDigest != two.helpersDigest)
        #expect(one.pluginsDigest == two.pluginsDigest)
        #expect(one.withoutHelpers().helpersDigest == two.withoutHelpers().helpersDigest)
        #expect(one.withoutHelpers().helpers.isEmpty)

        let reader = TuistReader(options: TuistOptions(cacheFolder: first, toolchainVersion: { "6.3" }, environment: [:]))
        let manifest = Array("import ProjectDescription\n".utf8)
        let key = reader.cacheKey(manifest: manifest, at: "App/Project.swift", sources: one)
        #expect(key != nil)
        #expect(key == reader.cacheKey(manifest: manifest, at: "App/Project.swift", sources: one))
        #expect(key != reader.cacheKey(manifest: manifest, at: "App/Project.swift", sources: two))
        #expect(key != reader.cacheKey(manifest: manifest, at: "Shop/Project.swift", sources: one))
        #expect(key != reader.cacheKey(manifest: manifest + [10], at: "App/Project.swift", sources: one))
        #expect(
            reader.cacheKey(manifest: manifest, at: "App/Project.swift", sources: one.withoutHelpers())
                == reader.cacheKey(manifest: manifest, at: "App/Project.swift", sources: two.withoutHelpers()))
        let uncached = TuistReader(options: TuistOptions(toolchainVersion: { "6.3" }, environment: [:]))
        #expect(uncached.cacheKey(manifest: manifest, at: "App/Project.swift", sources: one) == nil)
    }
}

/// A project evaluated from its text is cached as the JSON a compiled manifest prints: whatever it
/// holds reads back the same. Seeded, so that a failure is the same on every run.
@Suite("Tuist projects' JSON round trip")
struct TuistDumpRoundTripTests {
    private static let names = ["Home", "Home-UI", "Ünïcode", "a\"quote", "back\\slash", "new\nline", ""]

    private func path(_ random: inout SplitMix64) -> TuistDump.Path {
        let base = random.pick([TuistDump.Path.Base.manifest, .root, .currentFile])
        return TuistDump.Path(
            base: base, text: random.pick(["Sources/**", "//x", "../Core", "a b/c"]),
            callerPath: base == .currentFile ? "/repo/H.swift" : nil)
    }

    private func project(_ random: inout SplitMix64) -> TuistDump.Project {
        var targets: [TuistDump.Target] = []
        for _ in 0..<random.next(below: 4) {
            var dependencies: [TuistDump.Dependency] = []
            for _ in 0..<random.next(below: 5) {
                let filters = random.pick([[], ["ios"], ["ios", "maccatalyst"]])
                dependencies.append(
                    random.pick([
                        .target(name: random.pick(Self.names), filters: filters),
                        .project(target: random.pick(Self.names), path: path(&random), filters: filters),
                        .external(name: random.pick(Self.names), filters: filters),
                        .package(product: random.pick(Self.names), isPlugin: random.next(below: 2) == 0, filters: filters),
                        .macro(name: random.pick(Self.names)), .prebuilt(kind: random.pick(["sdk", "xcframework", "xctest"])),
                    ]))
            }
            let glob = TuistDump.Glob(pattern: path(&random), excluding: random.next(below: 2) == 0 ? [] : [path(&random)])
            targets.append(
                TuistDump.Target(
                    name: random.pick(Self.names.filter { !$0.isEmpty }), product: random.pick(["app", "unit_tests", "staticFramework"]),
                    productName: random.next(below: 2) == 0 ? nil : random.pick(Self.names),
                    destinations: random.pick([[], ["iPhone"], ["iPad", "iPhone", "mac"]]),
                    sources: random.next(below: 2) == 0 ? [] : [glob],
                    resources: random.next(below: 2) == 0 ? [] : [glob],
                    buildableFolders: random.next(below: 2) == 0 ? [] : [path(&random)],
                    dependencies: dependencies, settings: random.next(below: 2) == 0 ? [:] : ["PRODUCT_NAME": random.pick(Self.names)]))
        }
        let packages: [TuistDump.Package] = (0..<random.next(below: 3)).map { _ in
            random.pick([.remote(url: "https://example.com/a"), .registry(identifier: "a.b"), .local(path: path(&random))])
        }
        return TuistDump.Project(name: random.pick(Self.names.filter { !$0.isEmpty }), targets: targets, packages: packages, problems: [])
    }

    @Test func everyProjectReadsBackAsItWasWritten() throws {
        var random = SplitMix64(seed: 47)
        for _ in 0..<300 {
            let written = project(&random)
            let json = try #require(written.json())
            let read = try TuistDump.project(from: json).get()
            #expect(read == written)
        }
    }
}

extension SplitMix64 {
    /// One of `items`, chosen by the seeded generator.
    fileprivate mutating func pick<T>(_ items: [T]) -> T { items[next(below: items.count)] }
}
