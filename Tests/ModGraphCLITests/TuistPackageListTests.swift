import Foundation
import Testing

/// Tuist's package list (`Tuist/Package.swift`) naming packages of the repository with `.package(path:)`:
/// a library's sample app takes the library this way (square/workflow-swift's `Samples/Tuist/Package.swift`,
/// `../../`), and an app its own generated client (NOFFICE-iOS's `../openapi-generator-cli`). A manifest's
/// `.external(name:)` is then a product of that package, as `tuist install` resolves it.
@Suite("Tuist's package list naming local packages")
struct TuistPackageListTests {
    private func scratch() throws -> URL {
        try ModGraphRunner.scratchFolder("modgraph-tuist-list").resolvingSymlinksInPath()
    }

    private func write(_ text: String, _ relative: String, in folder: URL) throws {
        try ModGraphRunner.write([relative: text], in: folder)
    }

    /// The library at the root vends `NetworkKit` (two targets); the sample app in `Samples/` lists the root
    /// (`../..`), a package outside the repository and a remote one, and takes one product of each.
    private func repository(in folder: URL) throws {
        try write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Network",
                products: [.library(name: "NetworkKit", targets: ["Network", "NetworkCore"])],
                targets: [.target(name: "Network", dependencies: ["NetworkCore"]), .target(name: "NetworkCore")]
            )
            """, "Package.swift", in: folder)
        try write("import NetworkCore\npublic let network = core\n", "Sources/Network/Network.swift", in: folder)
        try write("public let core = 1\n", "Sources/NetworkCore/Core.swift", in: folder)
        try write(
            """
            // swift-tools-version: 5.9
            import PackageDescription

            #if TUIST
            import ProjectDescription
            let packageSettings = PackageSettings(productTypes: ["NetworkKit": .framework])
            #endif

            let package = Package(
                name: "Sample",
                dependencies: [
                    .package(path: "../.."),
                    .package(path: "../../Examples/Form"),
                    .package(path: "../../../Outside"),
                    .package(url: "https://github.com/Alamofire/Alamofire", from: "5.9.0"),
                ]
            )
            """, "Samples/Tuist/Package.swift", in: folder)
        try write(
            """
            import ProjectDescription

            let project = Project(
                name: "Sample",
                targets: [
                    .target(
                        name: "Sample", destinations: .iOS, product: .app, bundleId: "dev.sample", sources: ["Sources/**"],
                        dependencies: [
                            .external(name: "NetworkKit"), .external(name: "Form"), .external(name: "OutsideKit"),
                            .external(name: "Alamofire"),
                        ])
                ])
            """, "Samples/Project.swift", in: folder)
        try write("import Network\nimport NetworkCore\nimport Alamofire\n", "Samples/Sources/App.swift", in: folder)
        // A package inside the library's folder, which discovery does not search: loaded because the list names it.
        try write(
            "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Form\", products: [.library(name: \"Form\", targets: [\"Form\"])], targets: [.target(name: \"Form\")])\n",
            "Examples/Form/Package.swift", in: folder)
        try write("public let form = 1\n", "Examples/Form/Sources/Form/Form.swift", in: folder)
    }

    @Test func anExternalProductOfAListedLocalPackageIsThatPackagesProduct() throws {
        let outer = try scratch()
        defer { try? FileManager.default.removeItem(at: outer) }
        let folder = outer.appendingPathComponent("Library")
        try repository(in: folder)
        // A package beside the repository, which the list names: not read, whatever it vends.
        try write(
            "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Outside\", products: [.library(name: \"OutsideKit\", targets: [\"Outside\"])], targets: [.target(name: \"Outside\")])\n",
            "Outside/Package.swift", in: outer)
        try write("public let outside = 1\n", "Outside/Sources/Outside/Outside.swift", in: outer)
        let graph = try ModGraphRunner.run(["graph", ".", "Samples"], in: folder)
        #expect(graph.status == 0, "\(graph.errors)")
        // NetworkKit's two targets, as SwiftPM's product, and Form's; the package outside and the remote one stay the list's.
        #expect(
            graph.output.contains(
                "Sample [application] → form/Form, library/Network, library/NetworkCore, tuist/Alamofire, tuist/OutsideKit"),
            "\(graph.output)")
        #expect(!graph.output.contains("Outside/Sources"), "\(graph.output)")
        // The imports are declared through the product: no finding says NetworkCore comes from nowhere; Form,
        // declared and not imported, is found unused, so the checks did read the app's file.
        try write("version: 1\nsources:\n  undeclaredImports: error\n  unusedDependencies: warning\n", ".modgraph.yml", in: folder)
        let check = try ModGraphRunner.run(["check", ".", "Samples"], in: folder)
        #expect(check.status == 0, "\(check.output)\(check.errors)")
        #expect(!check.output.contains("imports Network"), "\(check.output)")
        #expect(check.output.contains("Sample declares Form but its one Swift file does not import it"), "\(check.output)")
    }

    /// An app's own package in a folder of the repository, which discovery loads as one of the repository's:
    /// an import of its other product is advised, and fixed, as `.external`, which the list makes reachable
    /// (`.package(product:)` would need the project's `packages:` to list it). A list the evaluator cannot read,
    /// with running manifests forbidden, is said, and its products stay its own.
    @Test func anAppsOwnPackageThroughTheListAndAListNotRead() throws {
        for readable in [true, false] {
            let folder = try scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            try write(
                """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(
                    name: "Client",
                    products: [.library(name: "Client", targets: ["Client"]), .library(name: "Models", targets: ["Models"])],
                    targets: [.target(name: "Client"), .target(name: "Models")]
                )
                """, "Packages/Client/Package.swift", in: folder)
            try write("public let client = 1\n", "Packages/Client/Sources/Client/Client.swift", in: folder)
            try write("public let model = 1\n", "Packages/Client/Sources/Models/Models.swift", in: folder)
            let path = readable ? "\"../Packages/Client\"" : "[\"../Packages/Client\"].randomElement()!"
            try write(
                "// swift-tools-version: 5.9\nimport PackageDescription\n#if TUIST\nimport ProjectDescription\nlet packageSettings = PackageSettings()\n#endif\nlet package = Package(name: \"App\", dependencies: [.package(path: \(path))])\n",
                "Tuist/Package.swift", in: folder)
            try write(
                """
                import ProjectDescription
                let project = Project(name: "App", targets: [
                    .target(name: "App", destinations: .iOS, product: .app, bundleId: "dev.app", sources: ["Sources/**"],
                            dependencies: [
                                .external(name: "Client"),
                            ])
                ])
                """, "Projects/App/Project.swift", in: folder)
            try write("import Client\nimport Models\n", "Projects/App/Sources/App.swift", in: folder)
            let graph = try ModGraphRunner.run(["graph", ".", "--no-run-manifests"], in: folder)
            #expect(graph.status == 0, "\(graph.errors)")
            #expect(graph.output.contains("App [application] → \(readable ? "client/Client" : "tuist/Client")"), "\(graph.output)")
            #expect(graph.errors.contains("Tuist/Package.swift: Tuist's package list not read (") == !readable, "\(graph.errors)")
            guard readable else { continue }
            try write("version: 1\nsources:\n  undeclaredImports: error\n", ".modgraph.yml", in: folder)
            let check = try ModGraphRunner.run(["check", ".", "--no-run-manifests"], in: folder)
            #expect(check.status == 1, "\(check.output)\(check.errors)")
            #expect(
                check.output.contains(
                    "In Projects/App/Project.swift, add .external(name: \"Models\") to the dependencies: of target \"App\""),
                "\(check.output)")
            let fix = try ModGraphRunner.run(["fix", ".", "--write", "--no-run-manifests"], in: folder)
            #expect(fix.status == 0, "\(fix.output)\(fix.errors)")
            let manifest = try String(contentsOf: folder.appendingPathComponent("Projects/App/Project.swift"), encoding: .utf8)
            #expect(manifest.contains(".external(name: \"Client\"),\n                .external(name: \"Models\"),"), "\(manifest)")
            #expect(try ModGraphRunner.run(["check", ".", "--no-run-manifests"], in: folder).status == 0)
        }
    }
}
