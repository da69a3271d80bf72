import Foundation
import Testing

/// Bad input: one line naming the file, exit code 2, nothing half-written.
@Suite("errors and exit codes")
struct ErrorHandlingTests {
    private func scratch() throws -> URL {
        try ModGraphRunner.scratchFolder("modgraph-cli")
    }

    @Test func aMissingPathIsAnInputError() throws {
        let result = try ModGraphRunner.run(["graph", "/no/such/folder"])
        #expect(result.status == 2)
        #expect(result.errors == "error: /no/such/folder: no such file or directory\n")
        #expect(result.output.isEmpty)
    }

    @Test func aFolderWithoutManifestIsNamed() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ModGraphRunner.run(["graph", folder.path])
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("error: \(folder.path): no Package.swift, .xcodeproj or .xcworkspace found"))
    }

    /// A dump with no `packageKind` root names no folder: its errors name the dump file,
    /// not the package's name as if it were a file.
    @Test func aDumpWithoutItsFolderIsNamedByItsFile() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("dump.json")
        try #"{"name": "P", "toolsVersion": {"_version": "5.9.0"}, "products": [], "dependencies": [], "targets": [{"name": "App", "type": "regular", "dependencies": [{"byName": ["Nope", null]}]}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try ModGraphRunner.run(["graph", file.path])
        #expect(result.status == 2)
        #expect(
            result.errors
                == "error: \(file.path): target 'App' depends on 'Nope', which is neither a target of this package nor a product of its dependencies\n")
    }

    /// An empty ref is said to be empty, not to start with `-`.
    @Test(arguments: [["affected", ".", "--base", ""], ["diff", ".", "--base", ""], ["diff", ".", "--base", "main", "--head", ""]])
    func anEmptyRefIsSaidToBeEmpty(_ arguments: [String]) throws {
        let result = try ModGraphRunner.run(arguments)
        #expect(result.status == 2)
        let option = arguments.last == "" && arguments.count == 6 ? "--head" : "--base"
        #expect(
            result.errors.split(separator: "\n").first == "error: \(option): the ref is empty; give a branch, tag or commit, such as origin/main",
            "\(result.errors)")
    }

    /// A `Package.swift` that is no file (a FIFO, which would block a reader) is named as what it is,
    /// given as a folder, as the file, or reached as a `path:` dependency; nothing opens it.
    @Test(.timeLimit(.minutes(1))) func aManifestThatIsAFIFOIsNamedAsOne() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lone = folder.appendingPathComponent("Lone")
        try FileManager.default.createDirectory(at: lone, withIntermediateDirectories: true)
        #expect(mkfifo(lone.appendingPathComponent("Package.swift").path, 0o600) == 0)
        let message = "error: \(lone.path)/Package.swift: is a FIFO, not a file; a manifest must be a regular file\n"
        for path in [lone.path, lone.appendingPathComponent("Package.swift").path] {
            let result = try ModGraphRunner.run(["graph", path, "--no-cache"])
            #expect(result.status == 2)
            #expect(result.errors == message, "\(path): \(result.errors)")
        }
        let root = folder.appendingPathComponent("Root")
        // A repository holding both, so that `../Lone` is inside the folder loaded.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Sources/A"), withIntermediateDirectories: true)
        try "let a = 1\n".write(to: root.appendingPathComponent("Sources/A/A.swift"), atomically: true, encoding: .utf8)
        try """
        // swift-tools-version: 5.9
        import PackageDescription
        let package = Package(name: "Root", dependencies: [.package(path: "../Lone")], targets: [.target(name: "A")])
        """.write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let dependency = try ModGraphRunner.run(["graph", root.path, "--no-cache"])
        #expect(dependency.status == 2)
        #expect(dependency.errors == message, "\(dependency.errors)")
    }

    @Test func malformedJSONNamesTheFileAndPlace() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("dump.json")
        try "{\n  \"name\": \"x\",\n  \"targets\": [}\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try ModGraphRunner.run(["graph", file.path])
        #expect(result.status == 2)
        #expect(result.errors == "error: \(file.path):3:15: malformed JSON: unexpected character '}', expected a value\n")
    }

    @Test func aMissingCheckoutIsReportedOnlyWhileTheGraphUsesIt() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        // swift-tools-version: 5.9
        import PackageDescription
        let package = Package(name: "Tool",
            dependencies: [.package(url: "https://github.com/apple/swift-log", from: "1.0.0")],
            targets: [.target(name: "Tool"),
                      .testTarget(name: "ToolTests", dependencies: ["Tool", .product(name: "Logging", package: "swift-log")])])
        """.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        for source in ["Sources/Tool/Tool.swift", "Tests/ToolTests/ToolTests.swift"] {
            let file = folder.appendingPathComponent(source)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "// \(source)\n".write(to: file, atomically: true, encoding: .utf8)
        }
        let warning =
            "warning: \(folder.path)/Package.swift: no checkout of 'swift-log' under .build/checkouts (run `swift package resolve`); its products are shown as external\n"
        let withTests = try ModGraphRunner.run(["graph", folder.path, "--externals", "expand"])
        #expect(withTests.status == 0)
        #expect(withTests.errors == warning)
        // Only the tests use swift-log, so without them its missing checkout does not matter.
        let withoutTests = try ModGraphRunner.run(["graph", folder.path, "--externals", "expand", "--no-tests"])
        #expect(withoutTests.status == 0)
        #expect(withoutTests.errors.isEmpty)
    }

    @Test func aBrokenManifestShowsSwiftsDiagnostics() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try
            "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"B\", targets: [.target(name: \"X\", dependencies: [nonsense])])\n"
            .write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let result = try ModGraphRunner.run(["graph", folder.path])
        #expect(result.status == 2)
        let lines = result.errors.split(separator: "\n")
        // One line for the error; swift's diagnostics follow as notes.
        #expect(lines.first?.hasPrefix("error: \(folder.path)/Package.swift: manifest failed to load (compiler diagnostics: ") == true)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("note: ") })
        #expect(lines.contains { $0.hasPrefix("note: ") && $0.contains("cannot find 'nonsense' in scope") })
    }

    @Test func unknownOptionsAreUsageErrors() throws {
        let result = try ModGraphRunner.run(["graph", "--colour", "red"])
        #expect(result.status == 2)
        #expect(result.errors.contains("Unknown option '--colour'"))
        let format = try ModGraphRunner.run(["graph", "--format", "gif"])
        #expect(format.status == 2)
    }

    @Test func helpAndVersionSucceed() throws {
        let help = try ModGraphRunner.run(["graph", "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("--externals"))
        let version = try ModGraphRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(!version.output.isEmpty)
    }

    /// ArgumentParser checks a command's options (two named alike, say) only when it runs.
    @Test(arguments: ["graph", "check", "schedule", "measure"])
    func everyCommandParsesItsOptions(_ command: String) throws {
        let help = try ModGraphRunner.run([command, "--help"])
        #expect(help.status == 0, "\(help.output)\(help.errors)")
        #expect(help.output.contains("USAGE: modgraph \(command)"))
    }

    @Test func outputIsWrittenAtomicallyAndOnlyWhereAsked() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sample = ModGraphRunner.samples.appendingPathComponent("VerticalApp").path
        let target = folder.appendingPathComponent("graph.dot")
        let written = try ModGraphRunner.run(["graph", sample, "--format", "dot", "--output", target.path])
        #expect(written.status == 0, "\(written.errors)")
        #expect(written.output.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["graph.dot"])
        #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("digraph"))

        let missing = folder.appendingPathComponent("absent/graph.dot")
        let failed = try ModGraphRunner.run(["graph", sample, "--output", missing.path])
        #expect(failed.status == 2)
        #expect(failed.errors.contains("does not exist"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["graph.dot"])
    }

    @Test func aFailedLoadLeavesAnExistingOutputUntouched() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("graph.json")
        try "previous".write(to: target, atomically: true, encoding: .utf8)
        let result = try ModGraphRunner.run(["graph", "/no/such/folder", "--output", target.path])
        #expect(result.status == 2)
        #expect(try String(contentsOf: target, encoding: .utf8) == "previous")
    }
}
