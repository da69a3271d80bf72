import Foundation
import Testing

/// swift-syntax's parser recurses once per `try`, `await` or `->`, with no
/// bracket to count: an 8 KB manifest of 2,000 `try` crashed the manifest
/// evaluator (SIGSEGV) in every command, and a 12 KB Swift file of such
/// chains crashed `check` with `sources:`. Every command must survive both:
/// the manifest falls back to `dump-package`, the Swift file is skipped with
/// one warning naming it.
@Suite("parser recursion")
struct ParserRecursionTests {
    /// A package whose manifest and one Swift file hold the chains, a `.modgraph.yml`
    /// with source checks, and a `swift` whose `dump-package` answers for the package.
    private struct Scene {
        let base: URL
        let package: URL
        let swift: String

        init() throws {
            base = try ModGraphRunner.scratchFolder("modgraph-recursion")
            package = base.appendingPathComponent("P")
            let sources = package.appendingPathComponent("Sources/A")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            let manifest =
                "// swift-tools-version: 5.9\nimport PackageDescription\nlet x = " + String(repeating: "try ", count: 2_000)
                + "1\nlet package = Package(name: \"P\", targets: [.target(name: \"A\")])\n"
            try manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            // An import at the end: the source checks parse a file up to its last import.
            let deep =
                "import Foundation\n\nfunc f() async {\n    _ = " + String(repeating: "await ", count: 1_000) + "g()\n}\n\nlet h: "
                + String(repeating: "() -> ", count: 1_000) + "() = { }\n\nimport Dispatch\n"
            try deep.write(to: sources.appendingPathComponent("Deep.swift"), atomically: true, encoding: .utf8)
            try "func g() async -> Int { 1 }\n".write(to: sources.appendingPathComponent("G.swift"), atomically: true, encoding: .utf8)
            try "version: 1\nlayers:\n  - name: all\n    targets: [A]\nsources:\n  undeclaredImports: error\n".write(
                to: package.appendingPathComponent(".modgraph.yml"), atomically: true, encoding: .utf8)
            let dump =
                #"{"name": "P", "toolsVersion": {"_version": "5.9.0"}, "packageKind": {"root": ["\#(package.path)"]}, "#
                + #""dependencies": [], "products": [], "targets": [{"name": "A", "type": "regular", "dependencies": []}]}"#
            try dump.write(to: base.appendingPathComponent("dump.json"), atomically: true, encoding: .utf8)
            swift = base.appendingPathComponent("swift").path
            try """
            #!/bin/sh
            case "$*" in *dump-package*) cat '\(base.path)/dump.json' ;; --version) echo 'Swift version 6.0' ;; *) exit 1 ;; esac
            """.write(toFile: swift, atomically: true, encoding: .utf8)
            #expect(chmod(swift, 0o755) == 0)
        }

        func run(_ arguments: [String]) throws -> ModGraphRunner.Result {
            try ModGraphRunner.run(arguments + ["--swift-executable", swift, "--no-cache"], in: package)
        }
    }

    @Test func noCommandCrashesOnChainsTheParserRecursesOn() throws {
        let scene = try Scene()
        defer { try? FileManager.default.removeItem(at: scene.base) }
        #expect(try Data(contentsOf: scene.package.appendingPathComponent("Package.swift")).count > 8_000)
        #expect(try Data(contentsOf: scene.package.appendingPathComponent("Sources/A/Deep.swift")).count > 12_000)
        let changed = scene.base.appendingPathComponent("changed.txt")
        try "Sources/A/Deep.swift\n".write(to: changed, atomically: true, encoding: .utf8)
        let commands: [[String]] = [
            ["graph", ".", "--verbose"], ["check", "."], ["schedule", "."], ["init", ".", "-o", "-"],
            ["report", ".", "-o", scene.base.appendingPathComponent("report").path],
            ["affected", ".", "--changed-files", changed.path], ["diff", ".", "--base-path", "."],
        ]
        for command in commands {
            let result = try scene.run(command)
            #expect([0, 1].contains(result.status), "\(command.first ?? ""): exit \(result.status): \(result.errors.prefix(500))")
            for line in result.errors.split(separator: "\n") {
                #expect(["error: ", "warning: ", "note: "].contains { line.hasPrefix($0) }, "\(command.first ?? ""): \(line.prefix(300))")
            }
            if command.first == "graph" {
                // The manifest fell back to dump-package rather than crash the evaluator.
                #expect(result.errors.contains("0 evaluated from Package.swift, 1 dumped"), "\(result.errors)")
            }
            if command.first == "check" {
                #expect(
                    result.errors.contains(
                        "warning: Sources/A/Deep.swift: not checked: brackets, braces, parentheses, #ifs and chains of try, await, -> and the like nest more than 64 deep"
                    ), "\(result.errors)")
            }
        }
    }
}
