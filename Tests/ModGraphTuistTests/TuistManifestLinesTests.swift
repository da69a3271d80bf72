import Foundation
import ModGraphXcode
import Testing

@testable import ModGraphTuist

/// Where a manifest makes each target and dependency, when helpers make them (NewsHabit/iOS-v2's
/// `.feature(interface: .Main, factory: .init(dependencies: [.domain]))`, Mohanyang-iOS's
/// `.makeTMABasedProject(…)`): the line of the manifest's innermost expression being evaluated when the
/// value was made, so that a finding points at `.domain`'s line, not at the manifest's first. Each line
/// below is counted by hand in the manifest.
@Suite("lines of targets and dependencies helpers make")
struct TuistManifestLinesTests: EvaluatesManifests {
    private static let plugin = """
        import ProjectDescription
        extension TargetDependency {
            public static let core: TargetDependency = .project(target: "Core", path: .relativeToRoot("Core"))
            public static func feature(implements name: String) -> TargetDependency {
                .project(target: name, path: .relativeToRoot("Features/\\(name)"))
            }
        }
        """
    private static let helper = """
        import ProjectDescription
        import DependencyPlugin
        extension Target {
            public static func feature(name: String, dependencies: [TargetDependency]) -> Target {
                .target(name: name, destinations: .iOS, product: .framework, bundleId: "b.\\(name)",
                        dependencies: dependencies + [.external(name: "Log")])
            }
        }
        """
    private static let manifest = """
        import ProjectDescription
        import ProjectDescriptionHelpers
        import DependencyPlugin
        let targets: [Target] = [
            .feature(
                name: "Home",
                dependencies: [
                    .core,
                    .feature(implements: "Search")
                ]
            ),
            .target(name: "Tool", destinations: .iOS, product: .framework, bundleId: "b",
                    dependencies: [.core]),
            .feature(name: "Pro" + "file", dependencies: [.core])
        ]
        let project = Project(name: "App", targets: targets)
        """

    @Test func eachTargetAndDependencyIsAtTheManifestsLineThatMadeIt() throws {
        let project = try project(Self.manifest, helpers: [Self.helper], plugins: ["DependencyPlugin": [Self.plugin]])
        let home = try #require(project.targets.first { $0.name == "Home" })
        let tool = try #require(project.targets.first { $0.name == "Tool" })
        // The helper's call; `.core` and `.feature(implements:)` where written; the helper's own `.external` at its call.
        #expect(home.line == 5)
        #expect(home.dependencyLines == [8, 9, 5])
        #expect(tool.line == 12)
        // The helper's constant, evaluated once (at line 8), is where this use reads it.
        #expect(tool.dependencyLines == [13])
        let profile = try #require(project.targets.first { $0.name == "Profile" })
        #expect(profile.line == 14 && profile.dependencyLines == [14, 14])
    }

    /// The cache keeps an evaluated project as the JSON a compiled manifest prints: the lines go with it under keys
    /// of modgraph's own, and a line that is no line (a compiled manifest prints what it likes) is read as none.
    @Test func theCacheKeepsTheLinesAndReadsNoOtherValue() throws {
        let project = try project(Self.manifest, helpers: [Self.helper], plugins: ["DependencyPlugin": [Self.plugin]])
        let json = try #require(project.json())
        #expect(try TuistDump.project(from: json).get() == project)
        let hostile = """
            {"name": "App", "targets": [{"name": "A", "product": "framework", "destinations": ["iPhone"],
              "modgraphLine": -3, "modgraphDependencyLines": ["7", 0],
              "dependencies": [{"target": {"name": "B"}}, {"target": {"name": "C"}}]}]}
            """
        let read = try TuistDump.project(from: Data(hostile.utf8)).get()
        #expect(read.targets.first?.line == nil)
        #expect(read.targets.first?.dependencyLines == [nil, nil])
    }

    /// The model: a target no name literal spans (`"Pro" + "file"`) is at the evaluator's line, and so is each of its
    /// dependencies; one whose name is written (`name: "Home",`) is spanned by its literal as before, and its
    /// dependencies whose names are not written there are at the evaluator's lines. A line the manifest does not have is none.
    @Test func aTargetAHelperMakesIsAtItsLineInTheModel() throws {
        var dump = try project(Self.manifest, helpers: [Self.helper], plugins: ["DependencyPlugin": [Self.plugin]])
        dump.targets[0].dependencyLines[2] = 400
        var model = TuistProjectModel(manifest: "/repo/Projects/App/Project.swift", tuistRoot: "/repo", disk: XcodeDisk())
        model.lines = ManifestLines(text: Self.manifest)
        let project = model.project(dump)
        let profile = try #require(project.targets.first { $0.name == "Profile" })
        #expect(profile.line == 14 && profile.dependencies.map(\.line) == [14, 14])
        let home = try #require(project.targets.first { $0.name == "Home" })
        #expect(home.line == 6)
        #expect(home.dependencies.map(\.line) == [8, 9, nil])
        let tool = try #require(project.targets.first { $0.name == "Tool" })
        #expect(tool.line == 12 && tool.dependencies.map(\.line) == [13])
    }
}
