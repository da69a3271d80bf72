import Foundation
import ModGraphKit
import ModGraphTestSupport
import Testing

/// A moved submodule is the files that changed inside it; when its history is
/// not in the clone, every target of the packages and projects in it.
@Suite("affected: submodules")
struct AffectedSubmoduleTests {
    private func write(_ folder: URL, _ relative: String, _ text: String) throws {
        let file = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    private func commit(_ folder: URL, _ message: String) throws {
        try runGit(["add", "-A"], in: folder)
        try runGit(["commit", "-q", "-m", message], in: folder)
    }

    private func selected(_ result: ModGraphRunner.Result) throws -> [String] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        return (json["targets"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    @Test func aMovedSubmoduleIsWhatChangedInsideIt() throws {
        let top = try ModGraphRunner.scratchFolder("modgraph-affected-submodule")
        defer { try? FileManager.default.removeItem(at: top) }
        // The library, a repository of its own: Lib and Extra, each with its tests.
        let library = top.appendingPathComponent("library")
        try runGit(["init", "-q", "-b", "main", library.path])
        try write(
            library, "Package.swift",
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Library", products: [.library(name: "Lib", targets: ["Lib"]), .library(name: "Extra", targets: ["Extra"])],
                targets: [.target(name: "Lib"), .target(name: "Extra"), .testTarget(name: "LibTests", dependencies: ["Lib"]),
                          .testTarget(name: "ExtraTests", dependencies: ["Extra"])])
            """)
        for target in ["Lib", "Extra"] { try write(library, "Sources/\(target)/\(target).swift", "public let x = 1\n") }
        for target in ["LibTests", "ExtraTests"] { try write(library, "Tests/\(target)/\(target).swift", "import XCTest\n") }
        try commit(library, "library")
        // The app uses it through a submodule.
        let app = top.appendingPathComponent("app")
        try runGit(["init", "-q", "-b", "main", app.path])
        try write(
            app, "Package.swift",
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "App", dependencies: [.package(path: "Vendor/Library")],
                targets: [.executableTarget(name: "App", dependencies: [.product(name: "Lib", package: "Library")]),
                          .target(name: "Other"), .testTarget(name: "OtherTests", dependencies: ["Other"])])
            """)
        try write(app, "Sources/App/main.swift", "print(1)\n")
        try write(app, "Sources/Other/Other.swift", "let o = 1\n")
        try write(app, "Tests/OtherTests/OtherTests.swift", "import XCTest\n")
        try runGit(["-c", "protocol.file.allow=always", "submodule", "add", "-q", library.path, "Vendor/Library"], in: app)
        try commit(app, "app")
        try runGit(["tag", "base"], in: app)
        // Lib changes in the library; the app moves its submodule there.
        try write(library, "Sources/Lib/Lib.swift", "public let x = 2\n")
        try commit(library, "lib")
        let submodule = app.appendingPathComponent("Vendor/Library")
        try runGit(["-c", "protocol.file.allow=always", "pull", "-q", "origin", "main"], in: submodule)
        try commit(app, "move the submodule")

        let result = try ModGraphRunner.run(["affected", app.path, "--base", "base", "--format", "json"], in: app)
        #expect(result.status == 0, "\(result.errors)")
        #expect(try selected(result) == ["app/App", "library/Lib", "library/LibTests"], "\(result.output)")
        #expect(result.output.contains("\"path\": \"Vendor/Library/Sources/Lib/Lib.swift\""))
        #expect(result.output.contains("\"verdict\": \"submodule\""))

        // Without the submodule's history (a clone of the new commit alone): every target in it, said as such.
        try FileManager.default.removeItem(at: submodule.appendingPathComponent(".git"))
        try runGit(["init", "-q", "-b", "main", submodule.path])
        try commit(submodule, "only the new commit")
        let blind = try ModGraphRunner.run(["affected", app.path, "--base", "base", "--format", "json"], in: app)
        #expect(blind.status == 0, "\(blind.errors)")
        #expect(
            try selected(blind) == ["app/App", "library/Extra", "library/ExtraTests", "library/Lib", "library/LibTests"], "\(blind.output)")
        #expect(blind.output.contains("its history between the two commits is not in this clone"))
        #expect(!blind.output.lowercased().contains("ignore"))
    }
}
