import ModGraphCore
import ModGraphOutput
import ModGraphTestSupport
import Testing
@testable import ModGraphChanges

@Suite("affected formats")
struct AffectedFormatTests {
    private let app = PackageIdentity("app")
    private func id(_ name: String) -> TargetID { TargetID(package: app, name: name) }

    private func report(names: [(String, TargetType)] = [("Core", .regular), ("Core-Tests", .test), ("UITests", .uiTests)])
        -> AffectedReport
    {
        let graph = ModuleGraph(
            packages: [Package(identity: app, name: "App", path: ".", origin: .root, location: nil, isLoaded: true)],
            targets: names.map { Target(id: id($0.0), type: $0.1, path: nil) }, products: [],
            edges: names.dropFirst().map { Edge(from: id($0.0), to: id("Core"), kind: .target) })
        let selection = AffectedSelection(graph: graph, seeds: [id("Core"): .changedFiles(["Sources/Core/A.swift"], count: 1)])
        return AffectedReport(
            selection: selection,
            files: [
                .init(change: ChangedFile(path: "Sources/Core/A.swift", status: .modified), verdict: .owned([id("Core")])),
                .init(change: ChangedFile(path: "docs/x.md", status: .added), verdict: .ignored(pattern: "docs/**")),
            ], base: "origin/main", head: nil)
    }

    @Test func textSaysWhyEachTargetIsIn() {
        #expect(
            AffectedText.render(report()) == """
                affected: 3 of 3 targets and 2 of 2 test targets, from 2 changed files against origin/main
                  app/Core        changed: Sources/Core/A.swift
                  app/Core-Tests  depends on app/Core
                  app/UITests     depends on app/Core
                test targets to run (2): app/Core-Tests, app/UITests
                changed files:
                  Sources/Core/A.swift  in app/Core
                  docs/x.md             ignored (affected.ignore: docs/**)

                """)
    }

    /// `everything` is set whenever every target is selected, whatever the reason.
    @Test func everythingIsSetWheneverEveryTargetIsSelected() throws {
        let all = AffectedJSON.document(report())
        guard case let .object(fields) = all, case let .object(everything)? = fields.first(where: { $0.0 == "everything" })?.1 else {
            Issue.record("no everything object: \(all.serialized())")
            return
        }
        #expect(everything.map(\.0) == ["file", "reason"])
        // Two of three selected: not everything.
        let graph = ModuleGraph(
            packages: [Package(identity: app, name: "App", path: ".", origin: .root, location: nil, isLoaded: true)],
            targets: [Target(id: id("Core"), type: .regular, path: nil), Target(id: id("Other"), type: .regular, path: nil)],
            products: [], edges: [])
        let some = AffectedReport(
            selection: AffectedSelection(graph: graph, seeds: [id("Core"): .changedFiles(["a"], count: 1)]), files: [], base: nil,
            head: nil)
        #expect(AffectedJSON.document(some).serialized().contains("\"everything\": null"))
    }

    @Test func testRunnersGetTheirArguments() throws {
        #expect(TestArguments.swiftTestFilter(report().selection) == "^(Core_Tests)\\.\n")
        #expect(try TestArguments.xcodebuildArguments(report().selection) == ["-only-testing:Core-Tests", "-only-testing:UITests"])
        #expect(
            TestArguments.swiftTestFilter(
                AffectedSelection(graph: ModuleGraph(packages: [], targets: [], products: [], edges: []), seeds: [:])) == "")
    }

    @Test func hostileNamesStayDataInEveryFormat() {
        let hostile = "::error::x\nevil(.*)"
        let text = AffectedText.render(report(names: [("Core", .regular), (hostile, .test)]))
        #expect(!text.split(separator: "\n").contains { Escape.isWorkflowCommand($0) })
        let plain = AffectedText.render(report(names: [("Core", .regular), ("Plain", .test)]))
        #expect(text.split(separator: "\n").count == plain.split(separator: "\n").count)
        // A name a line break would split cannot be one argument: refused, never rewritten.
        #expect(throws: UnpassableTestName(target: hostile, problem: "holds U+000A, which an argument list cannot carry")) {
            try TestArguments.xcodebuildArguments(report(names: [("Core", .regular), (hostile, .test)]).selection)
        }
        #expect(Escape.regex("a.b(c)|d") == "a\\.b\\(c\\)\\|d")
    }

    /// Each test is one argument, its name exactly as declared: spaces, option-like words
    /// and a leading colon stay inside it; `/`, which xcodebuild reads as TARGET/CLASS, is refused.
    @Test func eachTestIsOneArgumentWithItsNameAsDeclared() throws {
        let names = ["App UI Tests", "T -resultBundlePath x", ":Colon", "Quote\"s and $(sub)"]
        let arguments = try TestArguments.xcodebuildArguments(
            report(names: [("Core", .regular)] + names.map { ($0, TargetType.test) }).selection)
        #expect(arguments == names.sorted().map { "-only-testing:" + $0 })
        #expect(
            throws: UnpassableTestName(target: "T -resultBundlePath /tmp/x", problem: "holds '/', which xcodebuild reads as TARGET/CLASS")
        ) {
            try TestArguments.xcodebuildArguments(
                report(names: [("Core", .regular), ("T -resultBundlePath /tmp/x", .test)]).selection)
        }
    }

    /// A scheme's references carry each name exactly: XML's five characters as references
    /// (read back to the name by an XML reader), a character XML cannot carry refused.
    @Test func aSchemeNamesEachTargetExactly() throws {
        let names = ["Quote\"s & <Tags>", "Apostrophe's"]
        let scheme = try TestScheme.written(
            names.map { TestPlan.Entry(containerPath: "container:App.xcodeproj", identifier: "ID-" + $0, name: $0) }
                + [TestPlan.Entry(containerPath: "container:Packages/Feed", identifier: "FeedTests", name: "FeedTests")])
        let references = try SchemeReferences.read(scheme)
        #expect(references.map { $0["BlueprintName"] } == names + ["FeedTests"])
        #expect(references.map { $0["BlueprintIdentifier"] } == names.map { "ID-" + $0 } + ["FeedTests"])
        // An Xcode target's bundle when its project does not name it; a package's test target by its name.
        #expect(references.map { $0["BuildableName"] } == names.map { $0 + ".xctest" } + ["FeedTests"])
        #expect(references.map { $0["ReferencedContainer"] } == ["container:App.xcodeproj", "container:App.xcodeproj", "container:Packages/Feed"])
        #expect(
            try TestScheme.written([
                TestPlan.Entry(containerPath: "container:A.xcodeproj", identifier: "X", name: "T", productFileName: "Renamed.xctest")
            ]).contains("BuildableName = \"Renamed.xctest\""))
        for hostile in ["Line\nBreak", "Back\\slash", "Nul\u{0}"] {
            #expect(throws: UnpassableTestName.self) {
                try TestScheme.written([TestPlan.Entry(containerPath: "container:A.xcodeproj", identifier: "X", name: hostile)])
            }
        }
        #expect(try TestScheme.written([]) == TestScheme.written([]))
        #expect(try SchemeReferences.read(TestScheme.written([])).isEmpty)
    }
}
