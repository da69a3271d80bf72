import Foundation
import ModGraphTestSupport
import Testing

/// Xcode targets that link pods through a CocoaPods `Podfile` (issue #34: Delta's `Delta` imports
/// `Harmony` and `Roxas`, declared only in its Podfile, and was told it did not declare them).
@Suite("CocoaPods")
struct CocoaPodsTests {
    private func scratch() throws -> URL {
        URL(fileURLWithPath: try ModGraphRunner.scratchFolder("modgraph-pods").resolvingSymlinksInPath().path)
    }

    private func write(_ text: String, _ relative: String, in folder: URL) throws {
        let file = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    static let podfile = """
        platform :ios, '14.0'
        def shared
          pod 'Roxas', :path => 'External/Roxas'
        end
        target 'App' do
          shared
          pod 'Harmony-Drive', :git => 'https://example.com/h.git'
          pod 'Firebase/Analytics'
          pod 'Resources'
          target 'AppTests' do
            inherit! :search_paths
          end
        end
        target 'Preview' do
          pod 'Roxas', :path => 'External/Roxas'
        end
        post_install do |installer|
        end
        """

    /// The app, a preview framework and tests, with the Podfile above.
    private func app(in folder: URL) throws {
        let project = ProjectFixture(targets: [
            .init("App", type: "application", sources: ["App/App.swift"]),
            .init("Preview", sources: ["Preview/Preview.swift"]),
            .init("AppTests", type: "bundle.unit-test", dependencies: ["App"], sources: ["AppTests/Tests.swift"]),
        ])
        try write(project.text, "App.xcodeproj/project.pbxproj", in: folder)
        try write(Self.podfile, "Podfile", in: folder)
        try write("import Roxas\nimport Harmony_Drive\nimport Firebase\nlet app = 1\n", "App/App.swift", in: folder)
        try write("import Roxas\nimport Harmony_Drive\npublic let preview = 1\n", "Preview/Preview.swift", in: folder)
        try write("import Foundation\nimport Roxas\n@testable import App\nlet tests = 1\n", "AppTests/Tests.swift", in: folder)
    }

    /// Each pod a target links is a dependency on the Podfile's product, inherited by nested targets
    /// unless they inherit only search paths.
    @Test func podsAreDependenciesOfTheTargetsThatLinkThem() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try app(in: folder)
        let graph = try ModGraphRunner.run(["graph", ".", "--format", "json"], in: folder)
        #expect(graph.status == 0, "\(graph.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(graph.output.utf8)) as? [String: Any])
        let edges = (json["edges"] as? [[String: Any]] ?? []).map { "\($0["from"] ?? "") -> \($0["to"] ?? "")" }.sorted()
        #expect(
            edges == [
                "app/App -> pods/Firebase", "app/App -> pods/Harmony-Drive", "app/App -> pods/Resources", "app/App -> pods/Roxas",
                "app/AppTests -> app/App", "app/Preview -> pods/Roxas",
            ], "\(edges)")
        let packages = (json["packages"] as? [[String: Any]] ?? []).filter { $0["identity"] as? String == "pods" }
        #expect(packages.first?["origin"] as? String == "cocoapods")
        #expect(packages.first?["path"] as? String == "Podfile")
        #expect(!graph.errors.contains("warning:"), "\(graph.errors)")
    }

    /// Imports of pods are declared (by CocoaPods' module name); a pod imported nowhere is not
    /// charged as unused; a pod imported by a target that does not link it is undeclared, and the
    /// fix names the Podfile.
    @Test func importsOfPodsAreDeclaredAndUnusedPodsAreNotCharged() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try app(in: folder)
        try write("sources: {}\n", ".modgraph.yml", in: folder)
        let check = try ModGraphRunner.run(["check", "."], in: folder)
        #expect(check.status == 1, "\(check.output)\(check.errors)")
        #expect(!check.output.contains("App imports"), "\(check.output)")
        // AppTests inherits only App's search paths: it imports Roxas, which App links.
        #expect(!check.output.contains("AppTests imports"), "\(check.output)")
        #expect(!check.output.contains("unused"), "\(check.output)")
        #expect(check.output.contains("Preview imports Harmony_Drive without declaring it"), "\(check.output)")
        #expect(check.output.contains("add pod 'Harmony-Drive' to the block of target 'Preview' in Podfile"), "\(check.output)")
        // fix leaves a pod to the Podfile's author, and says so rather than blaming the project.
        let fix = try ModGraphRunner.run(["fix", "."], in: folder)
        #expect(
            fix.errors.contains("not fixed: undeclared-import: app/Preview → pods/Harmony-Drive: a pod, which the Podfile declares"),
            "\(fix.errors)")
    }

    /// A finding about a pod dependency points at the `pod` line of the Podfile.
    @Test func findingsAboutAPodPointAtItsPodfileLine() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try app(in: folder)
        try write("forbidden:\n  - from: \"Preview\"\n    to: \"pods/Roxas\"\n", ".modgraph.yml", in: folder)
        for (format, fragment) in [("text", "at Podfile:15"), ("github", "file=Podfile,line=15")] {
            let check = try ModGraphRunner.run(["check", ".", "--format", format], in: folder)
            #expect(check.status == 1, "\(check.output)\(check.errors)")
            #expect(check.output.contains(fragment), "\(format): \(check.output)")
        }
    }

    /// A Podfile above the projects names each target's project (Swinject-Modular's shape: the
    /// root Podfile, `xcodeproj 'App/App.xcodeproj'`, no project at the root).
    @Test func aPodfileAboveTheProjectsNamesTheirProjects() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(ProjectFixture(targets: [.init("App", type: "application")]).text, "App/App.xcodeproj/project.pbxproj", in: folder)
        try write(ProjectFixture(targets: [.init("Push")]).text, "Modules/Push/Push.xcodeproj/project.pbxproj", in: folder)
        let podfile = """
            def shared_pods
                pod 'Swinject', '2.7.1'
            end
            target :App do
              xcodeproj 'App/App.xcodeproj'
              shared_pods
            end
            target :Push do
              xcodeproj 'Modules/Push/Push.xcodeproj'
              shared_pods
            end
            """
        try write(podfile, "Podfile", in: folder)
        let graph = try ModGraphRunner.run(["graph", "."], in: folder)
        #expect(graph.status == 0, "\(graph.errors)")
        #expect(graph.output.contains("App [application] → pods/Swinject"), "\(graph.output)")
        #expect(graph.output.contains("Push [framework] → pods/Swinject"), "\(graph.output)")
    }

    /// A local pod's podspec (Lasso's shape): the pods it depends on are linked by every target that
    /// uses it (CocoaPods integrates them), declared at the line of the pod that brings them in; its
    /// `module_name` is the module imports name.
    @Test func aLocalPodspecsDependenciesAndModuleNameAreRead() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = ProjectFixture(targets: [.init("Tests", type: "bundle.unit-test", sources: ["Tests/Tests.swift"])])
        try write(project.text, "Example/App.xcodeproj/project.pbxproj", in: folder)
        try write("target 'Tests' do\n  pod 'TestUtilities', :path => '../'\nend\n", "Example/Podfile", in: folder)
        try write("Pod::Spec.new do |s|\n  s.module_name = 'TestKit'\n  s.dependency 'Lasso'\nend\n", "TestUtilities.podspec", in: folder)
        try write("import Lasso\nimport TestKit\nlet tests = 1\n", "Example/Tests/Tests.swift", in: folder)
        try write("sources: {}\n", ".modgraph.yml", in: folder)
        // The repository (its `.git`) holds the podspec: nothing outside it is read.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let graph = try ModGraphRunner.run(["graph", "Example/App.xcodeproj"], in: folder)
        #expect(graph.output.contains("Tests [unit-tests] → pods/Lasso, pods/TestUtilities"), "\(graph.output)\(graph.errors)")
        let check = try ModGraphRunner.run(["check", "Example/App.xcodeproj"], in: folder)
        #expect(check.status == 0, "\(check.output)\(check.errors)")
        #expect(check.output.contains("passed: 0 errors, 0 warnings"), "\(check.output)")
    }

    /// Pod names are data: a name made to look like a GitHub command starts no line of any output.
    @Test func podNamesStartNoLine() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try app(in: folder)
        try write("target 'App' do\n  pod '::error file=x::boom'\n  ::warning::x 1\nend\n", "Podfile", in: folder)
        for format in ["text", "json", "dot", "mermaid"] {
            let graph = try ModGraphRunner.run(["graph", ".", "--format", format], in: folder)
            #expect(graph.status == 0, "\(graph.errors)")
            #expect(graph.output.contains("error file=x"), "\(format): \(graph.output)")
            for line in (graph.output + graph.errors).split(separator: "\n") {
                #expect(!line.hasPrefix("::"), "\(format): \(line)")
            }
        }
    }

    /// A Podfile modgraph cannot read whole is said once, as a note; what it read is kept.
    @Test func whatIsNotReadIsOneNote() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try app(in: folder)
        try write("target 'App' do\n  if ENV['X']\n    pod 'Hidden'\n  end\n  pod \"Kit#{x}\"\n  pod 'Roxas'\nend\n", "Podfile", in: folder)
        let graph = try ModGraphRunner.run(["graph", "."], in: folder)
        #expect(graph.status == 0, "\(graph.errors)")
        let notes = graph.errors.split(separator: "\n").filter { $0.hasPrefix("note: Podfile") }
        #expect(notes == ["note: Podfile: line 2: a `if` block is not read; pods inside it are not seen"], "\(graph.errors)")
        #expect(graph.output.contains("App [application] → pods/Roxas"), "\(graph.output)")
    }

    /// A `target` block that places its pods nowhere in the graph is said, with why (otoaka-ios's Podfile
    /// names `Rocket`, a target its spec does not have): none of the projects it could be in has the
    /// target, two have it and the block names no `project`, or the project it names is not loaded.
    @Test func aPodfileTargetThatPlacesNoPodsIsSaid() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            ProjectFixture(targets: [.init("App", type: "application"), .init("Widget")]).text, "App.xcodeproj/project.pbxproj", in: folder)
        try write(ProjectFixture(targets: [.init("Widget")]).text, "Other.xcodeproj/project.pbxproj", in: folder)
        let podfile = """
            target 'App' do
              pod 'Kit'
            end
            target 'Rocket' do
              pod 'Kit'
            end
            target 'Widget' do
              pod 'Kit'
            end
            target 'Far' do
              project 'Far/Far.xcodeproj'
              pod 'Kit'
            end
            target 'Tests' do
            end
            """
        try write(podfile, "Podfile", in: folder)
        let graph = try ModGraphRunner.run(["graph", "."], in: folder)
        #expect(graph.status == 0, "\(graph.errors)")
        #expect(graph.output.contains("App [application] → pods/Kit"), "\(graph.output)")
        let said = graph.errors.split(separator: "\n").filter { $0.contains("Podfile") }
        #expect(
            said == [
                "warning: Podfile:4: target 'Rocket' is no target of App.xcodeproj and Other.xcodeproj; its pods are not shown",
                "warning: Podfile:7: target 'Widget' is a target of App.xcodeproj and Other.xcodeproj: name its project with `project`; its pods are not shown",
                "warning: Podfile:10: target 'Far' is in 'Far/Far.xcodeproj', which is not loaded; its pods are not shown",
            ], "\(graph.errors)")
    }
}
