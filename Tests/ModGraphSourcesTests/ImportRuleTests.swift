import Foundation
import ModGraphCore
import ModGraphTestSupport
import Testing
@testable import ModGraphSources

@Suite("declared versus imported dependencies")
struct ImportRuleTests {
    private let yaml = "sources:\n  undeclaredImports: error\n  unusedDependencies: error\n"

    @Test func anImportThatBuildsThroughAnotherEdgeIsReportedWithThatEdge() throws {
        // App declares Search only; Search declares Helpers. App imports Helpers: it builds only
        // because App → Search → Helpers puts Helpers on the build path.
        let graph = graph("App -> Search, Search -> Helpers")
        let first = MarkedText("import Search\n1️⃣import Helpers\n")
        let result = try run(
            graph, yaml,
            [
                id("App"): files("App", ["A.swift": first.text, "B.swift": "import Foundation\nimport Helpers\n"]),
                id("Search"): files("Search", ["S.swift": "import Helpers\n"]),
            ])
        #expect(
            result == [
                "undeclared-import: App imports Helpers (in 2 files) without declaring it; it builds only because Search → Helpers brings it in. In Package.swift, add \"Helpers\" to the dependencies of target \"App\" @ App/A.swift:\(first.place("1️⃣"))"
            ])
        let finding = try #require(
            SourceChecker(settings: try settings(yaml)).findings(
                graph,
                scanned: [
                    id("App"): files("App", ["A.swift": "import Search\nimport Helpers\n"])
                ]
            ).first { $0.rule == .undeclaredImport })
        #expect(finding.chain == [id("App"), id("Search"), id("Helpers")])
        #expect(finding.fingerprint == "undeclared-import:app/App->app/Helpers")
    }

    @Test func anImportNothingBringsInSaysSo() throws {
        let source = MarkedText("import Core\n1️⃣import Other\n")
        let result = try run(
            graph("App -> Core", types: ["Other": .regular]), yaml, [id("App"): files("App", ["A.swift": source.text])])
        #expect(
            result == [
                "undeclared-import: App imports Other without declaring it; nothing it depends on brings it in, so it builds only when SwiftPM happens to build Other first. In Package.swift, add \"Other\" to the dependencies of target \"App\" @ App/A.swift:\(source.place("1️⃣"))"
            ])
    }

    @Test func aDependencyNoFileImportsIsReportedOncePerDeclaration() throws {
        let result = try run(
            graph(
                "App -> Core, App -> Prelude, App -> Tool, App -> Macros",
                types: ["Tool": .executable, "Macros": .macro]), yaml,
            [id("App"): files("App", ["A.swift": "import Core\n", "B.swift": "import Core\n"])])
        // Tool (an executable) and Macros (a macro implementation) are built, not imported: never reported.
        #expect(
            result == [
                "unused-dependency: App declares Prelude but none of its 2 Swift files imports it, which lengthens the build for nothing. In Package.swift, remove \"Prelude\" from the dependencies of target \"App\""
            ])
    }

    @Test func everyKindOfImportCountsAsAUse() throws {
        let text = """
            @testable import A
            @_implementationOnly import B
            internal import C
            import struct D.Thing
            #if canImport(E)
            import E
            #endif
            """
        let result = try run(graph("T -> A, T -> B, T -> C, T -> D, T -> E"), yaml, [id("T"): files("T", ["T.swift": text])])
        #expect(result == [])
    }

    @Test func conditionsAreReportedNotGuessed() throws {
        // An undeclared import under another `#if` still builds by accident when it builds: reported, with its condition.
        let graph = graph("App -> Feature, Feature -> Kit")
        let source = MarkedText("import Feature\n#if DEBUG\n1️⃣import Kit\n#endif\n")
        let result = try run(graph, yaml, [id("App"): files("App", ["A.swift": source.text])])
        #expect(
            result == [
                "undeclared-import: App imports Kit under #if DEBUG without declaring it; it builds only because Feature → Kit brings it in. In Package.swift, add \"Kit\" to the dependencies of target \"App\" @ App/A.swift:\(source.place("1️⃣"))"
            ])
    }

    /// `#if canImport(Kit)` around `import Kit` is optional by construction (issue #34): never an
    /// undeclared import; a module of the graph the target does not declare is said in a note.
    @Test func anImportUnderCanImportOfItselfIsANoteNeverUndeclared() throws {
        let graph = graph("App -> Feature, Feature -> Kit")
        for text in ["#if canImport(Kit)\nimport Kit\n#endif\n", "#if canImport(Kit) && DEBUG\nimport Kit\n#endif\n"] {
            let result = try run(graph, yaml, [id("App"): files("App", ["A.swift": "import Feature\n" + text])])
            #expect(result.count == 1)
            #expect(
                result.first?.hasPrefix(
                    "note optional-import: App imports Kit under #if canImport(Kit)") == true, "\(result)")
            #expect(result.first?.contains("optional by construction; it builds only because Feature → Kit brings it in") == true)
        }
        // Under `canImport` of another module, it is an undeclared import as before.
        let other = try run(graph, yaml, [id("App"): files("App", ["A.swift": "import Feature\n#if canImport(UIKit)\nimport Kit\n#endif\n"])])
        #expect(other.count == 1 && other[0].hasPrefix("undeclared-import: App imports Kit under #if canImport(UIKit)"))
    }

    /// `#if canImport(A) … #elseif canImport(B) … #else … #endif` (issue #49): where the target reaches A
    /// in every build, only the first branch compiles; imports of the later ones are not charged. Where A
    /// is reached only on some platforms, or not at all, the later branches may compile and are judged.
    @Test func aCanImportChainIsEvaluatedForTheModulesTheTargetReaches() throws {
        let chain = """
            #if canImport(Fast)
            import Fast
            #elseif canImport(Slow)
            import Slow
            #else
            import Fallback
            #endif
            """
        let direct = graph("App -> Fast, Other -> Slow, Other -> Fallback")
        #expect(try run(direct, yaml, [id("App"): files("App", ["A.swift": chain])]) == [])
        // Reaching Fast only through a dependency is enough: it is built before App.
        let through = graph("App -> Wrapper, Wrapper -> Fast, Other -> Slow, Other -> Fallback")
        let imported = try run(through, yaml, [id("App"): files("App", ["A.swift": "import Wrapper\n" + chain])])
        #expect(!imported.contains { $0.contains("Slow") || $0.contains("Fallback") }, "\(imported)")
        // Fast declared only for Linux: on other platforms the later branches compile, and are judged as before.
        let some = graph("App -> Fast, Other -> Slow, Other -> Fallback", conditions: ["App -> Fast": Condition(platforms: ["linux"])])
        let judged = try run(some, yaml, [id("App"): files("App", ["A.swift": chain])])
        #expect(judged.contains { $0.hasPrefix("undeclared-import: App imports Fallback") }, "\(judged)")
    }

    @Test func anUnconditionalImportOfAConditionalDependencyIsReported() throws {
        let linux = Condition(platforms: ["linux"])
        let graph = graph(
            "Store -> LinuxSupport, App -> LinuxSupport", conditions: ["Store -> LinuxSupport": linux, "App -> LinuxSupport": linux])
        let everyBuild = MarkedText("1️⃣import LinuxSupport\n")
        let scanned = [
            // Matches its declaration: imported only where it is declared.
            id("Store"): files("Store", ["S.swift": "#if os(Linux)\nimport LinuxSupport\n#endif\n"]),
            // Imported in every build, declared only for Linux: the macOS build breaks or builds by accident.
            id("App"): files("App", ["A.swift": everyBuild.text]),
        ]
        #expect(
            try run(graph, yaml, scanned) == [
                "undeclared-import: App imports LinuxSupport in every build but declares it only for linux; put the import under the matching #if, or in Package.swift declare \"LinuxSupport\" for target \"App\" without a condition @ App/A.swift:\(everyBuild.place("1️⃣"))"
            ])
        // Checking one platform, where the condition holds, there is nothing to say.
        #expect(try run(graph.restricted(toPlatform: "linux"), yaml, scanned, platform: "linux") == [])
    }

    @Test func aPlatformLeavesOutImportsItsOperatingSystemChecksExclude() throws {
        // Settings uses Persistence on Apple platforms only; on Linux the edge is gone, and so is the import.
        let graph = graph("Settings -> Persistence", conditions: ["Settings -> Persistence": Condition(platforms: ["macos", "ios"])])
        let scanned = [id("Settings"): files("Settings", ["S.swift": "#if os(macOS) || os(iOS)\nimport Persistence\n#endif\n"])]
        #expect(try run(graph, yaml, scanned) == [])
        #expect(try run(graph.restricted(toPlatform: "linux"), yaml, scanned, platform: "linux") == [])
        #expect(try run(graph.restricted(toPlatform: "macos"), yaml, scanned, platform: "macos") == [])
    }

    @Test func reexportedModulesAreDeclaredThroughTheirExporter() throws {
        // Umbrella re-exports Core; App declares Umbrella and imports Core: visible by design, not by accident.
        let graph = graph("App -> Umbrella, Umbrella -> Core")
        let result = try run(
            graph, yaml,
            [
                id("App"): files("App", ["A.swift": "import Umbrella\nimport Core\n"]),
                id("Umbrella"): files("Umbrella", ["U.swift": "@_exported import Core\n"]),
            ])
        #expect(result == [])
    }

    @Test func platformAndIgnoredModulesAndTheTargetItselfAreSkipped() throws {
        let text = "import Foundation\nimport XCTest\nimport Testing\nimport Glibc\nimport CZlib\nimport App\n"
        let result = try run(
            graph("", types: ["App": .regular, "CZlib": .system]), yaml + "  ignoreModules: [CZlib]\n",
            [id("App"): files("App", ["A.swift": text])])
        #expect(result == [])
    }

    @Test func severitiesFollowTheConfiguration() throws {
        let graph = graph("App -> Search, Search -> Helpers, App -> Unused")
        let scanned = [id("App"): files("App", ["A.swift": "import Search\nimport Helpers\n"])]
        let relaxed = try run(graph, "sources:\n  undeclaredImports: warning\n  unusedDependencies: warning\n", scanned)
        #expect(relaxed.count == 2 && relaxed.allSatisfy { $0.hasPrefix("warning ") })
        #expect(try run(graph, "sources:\n  undeclaredImports: ignore\n  unusedDependencies: ignore\n", scanned) == [])
    }

    @Test func moduleNamesAreTargetNamesMadeIdentifiers() throws {
        #expect(ModuleNames.module(ofTarget: "modgraph-bench") == "modgraph_bench")
        #expect(ModuleNames.module(ofTarget: "2D Tools") == "_2D_Tools")
        #expect(ModuleNames.module(ofTarget: "Café") == "Café")
        let result = try run(graph("Bench -> my-kit"), yaml, [id("Bench"): files("Bench", ["B.swift": "import my_kit\n"])])
        #expect(result == [])
    }
}

@Suite("declared versus imported across packages")
struct CrossPackageImportTests {
    private let yaml = "sources:\n  undeclaredImports: error\n  unusedDependencies: error\n"

    /// Root `app` (App, AppTests) with local package `core` at `../Core` (Prelude, Networking; products Core and
    /// Networking) and an unexpanded remote product `swift-collections/Collections`.
    private func workspace() -> ModuleGraph {
        let app = PackageIdentity("app")
        let core = PackageIdentity("core")
        let collections = PackageIdentity("swift-collections")
        return ModuleGraph(
            packages: [
                Package(identity: app, name: "App", path: ".", origin: .root, location: nil, isLoaded: true),
                Package(identity: core, name: "CoreKit", path: "../Core", origin: .local, location: nil, isLoaded: true),
                Package(
                    identity: collections, name: "swift-collections", path: nil, origin: .remote,
                    location: "https://github.com/apple/swift-collections.git", isLoaded: false),
            ],
            targets: [
                Target(id: id("App"), type: .executable, path: "Sources/App"),
                Target(id: id("Prelude", "core"), type: .regular, path: "Sources/Prelude"),
                Target(id: id("Networking", "core"), type: .regular, path: "Sources/Networking"),
                Target(id: id("Collections", "swift-collections"), type: .externalProduct, path: nil),
            ],
            products: [
                Product(package: core, name: "Core", type: "library", targets: [id("Prelude", "core"), id("Networking", "core")]),
                Product(package: core, name: "Networking", type: "library", targets: [id("Networking", "core")]),
            ],
            edges: [
                Edge(from: id("App"), to: id("Networking", "core"), kind: .product, product: "Networking"),
                Edge(from: id("App"), to: id("Collections", "swift-collections"), kind: .product, product: "Collections"),
                Edge(from: id("Networking", "core"), to: id("Prelude", "core"), kind: .target),
            ]
        )
    }

    @Test func theEditNamesAProductOfTheOtherPackage() throws {
        // Prelude is only in product Core; Networking has a product of its own.
        let source = MarkedText("import Networking\n1️⃣import Prelude\nimport Collections\n")
        let result = try run(workspace(), yaml, [id("App"): files("App", ["main.swift": source.text])])
        #expect(
            result == [
                "undeclared-import: App imports Prelude without declaring it; it builds only because Networking → Prelude brings it in. In Package.swift, add .product(name: \"Core\", package: \"Core\") to the dependencies of target \"App\" @ App/main.swift:\(source.place("1️⃣"))"
            ])
    }

    @Test func anUnexpandedProductIsUsedWhenItsNameOrAnUnknownModuleIsImported() throws {
        let graph = workspace()
        // `OrderedCollections` is no module of the workspace: it may come from product Collections.
        #expect(try run(graph, yaml, [id("App"): files("App", ["main.swift": "import Networking\nimport OrderedCollections\n"])]) == [])
        // With only known modules imported, Collections is unused; the product spelling is kept.
        #expect(
            try run(graph, yaml, [id("App"): files("App", ["main.swift": "import Networking\nimport Foundation\n"])]) == [
                "unused-dependency: App declares Collections but its one Swift file does not import it, which lengthens the build for nothing. In Package.swift, remove \"Collections\" from the dependencies of target \"App\""
            ])
    }

    /// A test that still imports a module under its old name: renaming the import is the fix;
    /// removing the dependency (what an unused one is told) would break the build. A platform's
    /// module close to a dependency's name (`SwiftUI`, `SwiftUIIntrospect`) is imported for itself.
    @Test func aStaleImportAfterARenameSaysRenameIt() throws {
        let graph = graph("AppTests -> NetworkClient, App -> SwiftUIIntrospect", types: ["AppTests": .test])
        let stale = MarkedText("import XCTest\n1️⃣@testable import Network\n")
        let result = try run(
            graph, yaml,
            [
                id("AppTests"): files("AppTests", ["T.swift": stale.text]),
                id("App"): files("App", ["A.swift": "import SwiftUI\n"]),
            ])
        #expect(
            result == [
                "unused-dependency: App declares SwiftUIIntrospect but its one Swift file does not import it, which lengthens the build for nothing. In Package.swift, remove \"SwiftUIIntrospect\" from the dependencies of target \"App\"",
                "unused-dependency: AppTests declares NetworkClient but imports Network, which no target builds: was NetworkClient renamed? Rename the import to NetworkClient (keep the dependency) @ AppTests/T.swift:\(stale.place("1️⃣"))",
            ])
        #expect(ImportRule.similar("Netwrok", "Network") && !ImportRule.similar("Core", "Cart") && !ImportRule.similar("App", "Apps"))
    }

    /// A product of a package the target's manifest does not declare: the advice says both lines.
    @Test func aProductOfAnUndeclaredPackageNamesItsEntryToo() {
        let graph = workspace()
        #expect(
            DependencyEdit.add(id("Prelude", "core"), to: id("App"), in: graph, declared: [PackageIdentity("swift-collections")])
                == "add .product(name: \"Core\", package: \"Core\") to the dependencies of target \"App\", and .package(path: \"../Core\") to the package's dependencies, which do not declare \"Core\" yet")
        #expect(
            DependencyEdit.add(id("Prelude", "core"), to: id("App"), in: graph, declared: [PackageIdentity("core")])
                == "add .product(name: \"Core\", package: \"Core\") to the dependencies of target \"App\"")
    }

    @Test func packageReferencesUseTheFolderOrURLAsWritten() {
        let graph = workspace()
        #expect(graph.packageReference(PackageIdentity("core")) == "Core")
        #expect(graph.packageReference(PackageIdentity("swift-collections")) == "swift-collections")
        #expect(
            DependencyEdit.add(id("Collections", "swift-collections"), to: id("App"), in: graph)
                == "add .product(name: \"Collections\", package: \"swift-collections\") to the dependencies of target \"App\"")
    }
}

/// Targets that mix Swift with Objective-C, C or C++ (issue #49): what their C-family files import
/// is a use, so `unused-dependency` never advises removing it.
@Suite("imports of C-family files")
struct ClangImportsTests {
    @Test func importsAreReadAsTheCompilerFindsModules() {
        let text = """
            #import <Foundation/Foundation.h>
              @import Roxas;
            @import Harmony.Sub;
            #include <zlib/zlib.h>
            # import <Harmony-Drive/Drive.h>
            #import "Local/Header.h"
            #import <NoFolder.h>
            // #import <Commented/Out.h>: a line that starts with a comment is not a directive
            #define X 1
            """
        #expect(
            ClangImports.modules(in: text) == ["Foundation", "Roxas", "Harmony", "zlib", "Harmony_Drive"])
    }

    @Test func aDependencyOnlyObjectiveCImportsIsNotUnused() throws {
        let graph = graph("App -> Kit, App -> Pay")
        let scanned = [id("App"): files("App", ["A.swift": "let app = 1\n"])]
        let yaml = "version: 1\nsources:\n  unusedDependencies: warning\n"
        // Before: both were charged, one of them imported by App's `.m` file.
        var objc = ClangImports.Result()
        objc.files = 3
        objc.modules = ["Kit"]
        let found = try run(graph, yaml, scanned, clang: [id("App"): objc])
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.contains("App declares Pay but none of its 1 Swift and 3 Objective-C or C files imports it") == true, "\(found)")
        // A C-family file that could not be read may import anything: nothing is charged.
        objc.unreadable = 1
        #expect(try run(graph, yaml, scanned, clang: [id("App"): objc]) == [])
    }

    @Test func headersIncludedInQuotesBelowTheFileAreRead() throws {
        // AltStore's AltServer, reduced: its `.m` file includes a private header beside it, which includes the library.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-clang-\(UUID().uuidString)")
        let app = folder.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ path: String, _ text: String) throws {
            try text.write(to: folder.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        try write(
            "App/Connection.m",
            "#import \"Connection+Private.h\"\n#include \"Sub/Deep.h\"\n#import \"../Outside.h\"\n#import \"Missing.h\"\n#import \"Linked/Secret.h\"\n")
        try write("App/Connection+Private.h", "#include <libimobiledevice/libimobiledevice.h>\n#import \"Connection+Private.h\"\n#import \"Link.h\"\n")
        try write("App/Sub/Deep.h", "@import Deep;\n#import \"Sub/Deep.h\"\n")
        try write("Outside.h", "@import Outside;\n")
        try write("Elsewhere.h", "@import Linked;\n")
        try FileManager.default.createSymbolicLink(
            atPath: app.appendingPathComponent("Link.h").path, withDestinationPath: folder.appendingPathComponent("Elsewhere.h").path)
        // A folder link below the file's folder, to a folder outside it.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Outer"), withIntermediateDirectories: true)
        try write("Outer/Secret.h", "@import Secret;\n")
        try FileManager.default.createSymbolicLink(
            atPath: app.appendingPathComponent("Linked").path, withDestinationPath: folder.appendingPathComponent("Outer").path)
        let result = ClangImports.read([app.appendingPathComponent("Connection.m").path])
        // The private header and the one in a sub-folder are read, once each (a header including itself ends);
        // one above the file's folder, a link, and a missing one are not. The header through the folder
        // link is not read either: it counts as unreadable, so no dependency of the target is called unused.
        #expect(result.modules == ["libimobiledevice", "Deep"])
        #expect(result.files == 4)
        #expect(result.unreadable == 1)
    }

    @Test func aCLibrarysHeaderFolderIsItsTargetsName() throws {
        // AltStore's AltServer → libimobiledevice, whose module is `imobiledevice` (PRODUCT_NAME) while its headers
        // are included from `<libimobiledevice/…>`: the include is a use, not an unused dependency.
        let package = PackageIdentity("app")
        let graph = ModuleGraph(
            packages: [Package(identity: package, name: "App", path: ".", origin: .root, location: nil, isLoaded: true)],
            targets: [
                Target(id: id("AltServer"), type: .application, path: "AltServer"),
                Target(id: id("libimobiledevice"), type: .staticLibrary, path: "libimobiledevice", moduleName: "imobiledevice"),
            ],
            products: [], edges: [Edge(from: id("AltServer"), to: id("libimobiledevice"), kind: .target)])
        let scanned = [id("AltServer"): files("AltServer", ["A.swift": "let server = 1\n"])]
        let yaml = "version: 1\nsources:\n  unusedDependencies: warning\n"
        var objc = ClangImports.Result()
        objc.files = 2
        objc.modules = ["libimobiledevice"]
        #expect(try run(graph, yaml, scanned, clang: [id("AltServer"): objc]) == [])
        // Without that include it is unused, as before.
        objc.modules = []
        #expect(try run(graph, yaml, scanned, clang: [id("AltServer"): objc]).count == 1)
    }
}
