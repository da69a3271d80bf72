import Foundation
import Testing
import ModGraphCore
import ModGraphSystem
@testable import ModGraphManifest
@testable import ModGraphManifestEvaluation

/// Manifests SwiftPM refuses must not be evaluated (issue #34): each falls back, so that
/// `dump-package` runs and reports SwiftPM's own error. Every case is checked both ways:
/// the evaluator falls back, and the real `dump-package` does refuse the manifest.
@Suite("manifests SwiftPM refuses")
struct SwiftPMRefusalTests {
    static let header = "// swift-tools-version: 5.9\nimport PackageDescription\n"

    /// Writes `manifest` (bytes) as a package with targets `A` and `B`, and expects `dump-package` to fail.
    private func expectDumpFails(_ manifest: Data, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("P/Sources/A/a.swift", "")
        try folder.write("P/Sources/B/b.swift", "")
        let directory = folder.path + "/P"
        try manifest.write(to: URL(fileURLWithPath: directory + "/Package.swift"))
        #expect(throws: LoadError.self, sourceLocation: sourceLocation) { try dumper.manifest(forPackageAt: directory) }
    }

    private func expectRefused(_ manifest: String, reason: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try expectFallback(manifest, reason: reason, sourceLocation: sourceLocation)
        try expectDumpFails(Data(manifest.utf8), sourceLocation: sourceLocation)
    }

    /// SwiftPM reads no tools-version after a byte-order mark (it takes the manifest for 3.1);
    /// Foundation's decoding drops the mark, which is why the bytes are asked.
    @Test func aByteOrderMarkBeforeTheToolsVersion() throws {
        let manifest = Data([0xEF, 0xBB, 0xBF]) + Data((Self.header + "let package = Package(name: \"P\", targets: [.target(name: \"A\")])\n").utf8)
        let host = try #require(host)
        guard case let .failure(fallback) = StaticManifestEvaluator(host: host).manifest(source: manifest, directory: "/tmp/P") else {
            Issue.record("a manifest with a byte-order mark was evaluated")
            return
        }
        #expect(fallback.reason.contains("byte-order mark"))
        // Through the folder too: the choice among version-specific manifests reads the same bytes.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try manifest.write(to: URL(fileURLWithPath: try folder.write("P/Package.swift", "")))
        guard case .failure = StaticManifestEvaluator(host: host).manifest(forPackageAt: folder.path + "/P") else {
            Issue.record("a manifest with a byte-order mark was evaluated from its folder")
            return
        }
        try expectDumpFails(manifest)
    }

    /// `Target.Dependency` (like `Version` and the traits) takes a string literal, never an interpolation.
    @Test func interpolationWhereOnlyALiteralIsTaken() throws {
        try expectRefused(
            Self.header + """
                let name = "B"
                let package = Package(name: "P", targets: [.target(name: "A", dependencies: ["\\(name)"]), .target(name: "B")])
                """, reason: "interpolation")
        // Where a String is wanted, an interpolation is Swift and is evaluated.
        try expectSameAsDump(
            Self.header + """
                let name = "B"
                let package = Package(name: "P", targets: [.target(name: "A", dependencies: [.target(name: "\\(name)")]), .target(name: "B")])
                """, besides: ["Sources/A/a.swift": "", "Sources/B/b.swift": ""])
    }

    /// The compiler type-checks the branch an `if` does not take.
    @Test func codeInAnUntakenBranchThatWouldNotTypeCheck() throws {
        try expectRefused(
            Self.header + """
                let flag = false
                var dependencies: [Target.Dependency] = []
                if flag {
                    dependencies.append(5)
                }
                let package = Package(name: "P", targets: [.target(name: "A", dependencies: dependencies), .target(name: "B")])
                """, reason: "is expected")
        try expectRefused(
            Self.header + """
                let flag = true
                var dependencies: [Target.Dependency] = []
                if flag {
                    dependencies.append("B")
                } else if !flag {
                    let wrong: Target.Dependency = 5
                } else {
                    dependencies.append("B")
                }
                let package = Package(name: "P", targets: [.target(name: "A", dependencies: dependencies), .target(name: "B")])
                """, reason: "is expected")
        // What an untaken branch declares or changes does not leak into the package.
        let evaluated = try expectSameAsDump(
            Self.header + """
                let flag = false
                var dependencies: [Target.Dependency] = []
                if flag {
                    dependencies.append("B")
                    let extra = "C"
                }
                let package = Package(name: "P", targets: [.target(name: "A", dependencies: dependencies), .target(name: "B")])
                """, besides: ["Sources/A/a.swift": "", "Sources/B/b.swift": ""])
        #expect(evaluated.targets.first { $0.name == "A" }?.dependencies.isEmpty == true)
    }

    /// A computed variable nothing reads is type-checked all the same.
    @Test func anUnusedComputedVariableThatWouldNotTypeCheck() throws {
        try expectRefused(
            Self.header + """
                var unused: [Target.Dependency] { [5] }
                let package = Package(name: "P", targets: [.target(name: "A"), .target(name: "B")])
                """, reason: "is expected")
    }

    /// SwiftPM reads `Lib@2` as a location with a scheme (`git@host:…`): not a path.
    @Test func aPathSwiftPMReadsAsAURL() throws {
        try expectRefused(
            Self.header + "let package = Package(name: \"P\", dependencies: [.package(path: \"Lib@2\")], targets: [.target(name: \"A\")])\n",
            reason: "reads as a URL")
        // With a folder before the `@`, it is a path, and SwiftPM takes it.
        try expectSameAsDump(
            Self.header + "let package = Package(name: \"P\", dependencies: [.package(path: \"Packages/Lib@2\")], targets: [.target(name: \"A\")])\n",
            besides: ["Sources/A/a.swift": "", "Packages/Lib@2/Package.swift": Self.header + "let package = Package(name: \"Lib\")\n"])
    }

    /// PackageDescription's pattern: a hyphen or underscore of the name is followed by a letter or digit.
    @Test func registryIdentitiesThePatternRejects() throws {
        for id in ["scope.name_", "scope.na--me", "scope.name-", "scope.na_-me"] {
            try expectRefused(
                Self.header + "let package = Package(name: \"P\", dependencies: [.package(id: \"\(id)\", from: \"1.0.0\")], targets: [.target(name: \"A\")])\n",
                reason: "registry identity")
        }
        for id in ["scope.name", "my-scope.my_name-2", "a.b"] {
            let manifest =
                Self.header + "let package = Package(name: \"P\", dependencies: [.package(id: \"\(id)\", from: \"1.0.0\")], targets: [.target(name: \"A\")])\n"
            guard case .success = try evaluate(manifest) else {
                Issue.record("\(id) is a registry identity PackageDescription takes")
                continue
            }
        }
    }

    /// "products referencing only binary targets must be executable or automatic library products".
    @Test func aPluginProductOfBinaryTargets() throws {
        try expectFallback(
            Self.header + """
                let package = Package(name: "P", products: [.plugin(name: "Pl", targets: ["Bin"])],
                                      targets: [.target(name: "A"), .binaryTarget(name: "Bin", path: "Bin.artifactbundle")])
                """, reason: "plugin product of binary targets")
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("P/Sources/A/a.swift", "")
        try folder.write("P/Bin.artifactbundle/info.json", "{}")
        try folder.write(
            "P/Package.swift",
            Self.header + """
                let package = Package(name: "P", products: [.plugin(name: "Pl", targets: ["Bin"])],
                                      targets: [.target(name: "A"), .binaryTarget(name: "Bin", path: "Bin.artifactbundle")])
                """)
        #expect(throws: LoadError.self) { try dumper.manifest(forPackageAt: folder.path + "/P") }
    }

    /// From 5.7, PackageDescription's `.when(platforms: [])` is `nil`: the dependency always applies;
    /// before, it is a condition of no platform, which the dump writes as such.
    @Test func anEmptyPlatformConditionIsNoCondition() throws {
        for tools in ["5.9", "5.6"] {
            let evaluated = try expectSameAsDump(
                "// swift-tools-version:\(tools)\nimport PackageDescription\n" + """
                    let package = Package(name: "P", targets: [
                        .target(name: "A", dependencies: [.target(name: "B", condition: .when(platforms: []))]), .target(name: "B"),
                    ])
                    """, besides: ["Sources/A/a.swift": "", "Sources/B/b.swift": ""])
            let dependency = evaluated.targets.first { $0.name == "A" }?.dependencies.first
            #expect(dependency == .target("B", condition: tools == "5.9" ? nil : Condition()), "\(tools)")
        }
    }

    /// An entry an earlier evaluator wrote (version 1 wrote `true`) is never read again: the
    /// manifest is evaluated anew and the entry replaced.
    @Test func cacheEntriesOfAnotherEvaluatorVersionAreMadeAgain() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("P/Sources/A/a.swift", "")
        try folder.write("P/Package.swift", Self.header + "let package = Package(name: \"P\", targets: [.target(name: \"A\")])\n")
        let provider = CachingManifestProvider(
            base: StaticFirstDumpSource(base: dumper, toolchainVersion: { dumper.toolchainVersion() }), folder: folder.path + "/cache")
        let entry = try #require(provider.entryPath(for: folder.path + "/P"))
        // An old evaluator's answer, wrong on purpose: a target the manifest does not declare.
        let stale = Data(
            (#"{"modgraphEvaluated":true,"name":"P","toolsVersion":{"_version":"5.9.0"},"packageKind":{"root":[""#
                + folder.path + #"/P"]},"dependencies":[],"products":[],"targets":[{"name":"Old","type":"regular","dependencies":[]}],"traits":[]}"#)
                .utf8)
        try FileManager.default.createDirectory(atPath: (entry as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try (Data("modgraph-cache 1 \(stale.count) \(SHA256.hex(stale))\n".utf8) + stale).write(to: URL(fileURLWithPath: entry))
        #expect(try provider.manifest(forPackageAt: folder.path + "/P").targets.map(\.name) == ["A"])
        let rewritten = try #require(FileManager.default.contents(atPath: entry))
        #expect(!String(decoding: rewritten, as: UTF8.self).contains(#"{"modgraphEvaluated":true,"#))
        #expect(String(decoding: rewritten, as: UTF8.self).contains(#""name":"A""#))
        // The current evaluator's entry is read back as it is.
        #expect(try provider.manifest(forPackageAt: folder.path + "/P").targets.map(\.name) == ["A"])
    }
}
