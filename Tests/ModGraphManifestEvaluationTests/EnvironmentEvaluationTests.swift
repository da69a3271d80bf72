import Foundation
import Testing
import ModGraphManifest
@testable import ModGraphManifestEvaluation

/// Manifests that read the environment and compare it (swift-nio's `SWIFTCI_USE_LOCAL_DEPS`, isowords'
/// `TEST_SERVER`), versions with pre-release and build parts (vapor's `from: "5.0.0-beta"`), ProcessInfo
/// imported alone (SwiftPM's), platform versions as strings, scp-style URLs (Whisky's): evaluated, and
/// compared with what the real `dump-package` says in the same environment.
@Suite("evaluation: forms real manifests use")
struct EnvironmentEvaluationTests {
    /// `PATH` is set wherever the tests run; the other variable never is.
    @Test func environmentReadsDecideAsTheCompiledManifestDoes() throws {
        let manifest = try expectSameAsDump(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            import Foundation

            let package = Package(name: "Env", targets: [.target(name: "Lib")])
            if ProcessInfo.processInfo.environment["MODGRAPH_TEST_VARIABLE_NEVER_SET"] == nil {
                package.targets.append(.target(name: "WhenUnset"))
            }
            if Context.environment["PATH"] != nil {
                package.targets.append(.target(name: "WhenPath"))
            }
            if Context.environment["MODGRAPH_TEST_VARIABLE_NEVER_SET"] == "yes" {
                package.targets.append(.target(name: "Never"))
            }
            if ProcessInfo.processInfo.environment["PATH"] != "" {
                package.targets.append(.target(name: "PathNotEmpty"))
            }
            """)
        #expect(manifest.targets.map(\.name) == ["Lib", "WhenUnset", "WhenPath", "PathNotEmpty"])
    }

    /// `.macOS("14")`: one part is enough; kept as written (`"14.01"` stays so in the dump).
    @Test func platformVersionsWrittenAsStrings() throws {
        let manifest = try expectSameAsDump(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Platforms", platforms: [.macOS("14"), .iOS("17.0"), .tvOS("17.01"), .watchOS("10.0.1")],
                targets: [.target(name: "Lib")])
            """)
        #expect(manifest.build?.platforms.map(\.version) == ["14", "17.0", "17.01", "10.0.1"])
        // What dump-package refuses falls back, so that its error is the one shown.
        for refused in ["0.1", "01.2", "1.2.3.4", "14.x", ""] {
            try expectFallback(
                """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "P", platforms: [.macOS("\(refused)")], targets: [.target(name: "A")])
                """, reason: "")
        }
    }

    @Test func scpStyleURLsAreRemotePackages() throws {
        let manifest = try expectSameAsDump(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "SCP",
                dependencies: [.package(url: "git@github.com:SwiftPackageIndex/SemanticVersion.git", from: "0.3.0")],
                targets: [.target(name: "Lib", dependencies: [.product(name: "SemanticVersion", package: "SemanticVersion")])])
            """)
        #expect(manifest.dependencies.map(\.identity.rawValue) == ["semanticversion"])
        #expect(ManifestAssembly.isSCPStyle("git@github.com:Owner/Repo.git"))
        for other in ["git@github.com:Repo.git", "git@github.com:/abs/Repo", "git @host:o/r", "@host:o/r", "user@host:o/r/", "user@:o/r"] {
            #expect(!ManifestAssembly.isSCPStyle(other), "\(other)")
        }
    }

    /// SwiftPM's own manifest imports ProcessInfo alone.
    @Test func foundationsProcessInfoImportedAlone() throws {
        let manifest = try expectSameAsDump(
            """
            // swift-tools-version: 5.9
            import class Foundation.ProcessInfo
            import PackageDescription

            let package = Package(name: "Scoped", targets: [.target(name: "Lib")])
            if ProcessInfo.processInfo.environment["MODGRAPH_TEST_VARIABLE_NEVER_SET"] != nil {
                package.targets.append(.target(name: "Never"))
            }
            """)
        #expect(manifest.targets.map(\.name) == ["Lib"])
        try expectFallback(
            """
            // swift-tools-version: 5.9
            import struct Foundation.ProcessInfo
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "A")])
            """, reason: "an import of a declaration other than")
    }

    @Test func preReleaseAndBuildVersionsAreRequirements() throws {
        let manifest = try expectSameAsDump(
            """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "Pre",
                dependencies: [
                    .package(url: "https://github.com/vapor/console-kit.git", from: "5.0.0-beta.1"),
                    .package(url: "https://github.com/example/a.git", exact: "1.0.0-rc.2+build.5"),
                    .package(url: "https://github.com/example/b.git", "1.0.0-alpha"..<"2.0.0"),
                    .package(url: "https://github.com/example/c.git", .upToNextMinor(from: "0.3.0-beta-2")),
                ],
                targets: [.target(name: "Lib")]
            )
            """)
        #expect(manifest.dependencies.count == 4)
    }

    /// Semantic Versioning's own example of the order (semver.org, item 11).
    @Test func preReleasesSortAsSemanticVersioningSays() throws {
        let texts = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0"]
        let versions = try texts.map { try #require(Interpreter.semanticVersion($0)) }
        #expect(versions.map(\.text) == texts)
        for (lower, higher) in zip(versions, versions.dropFirst()) { #expect(lower < higher, "\(lower.text) < \(higher.text)") }
        #expect(Interpreter.semanticVersion("1.0.0+build.1") == Interpreter.semanticVersion("1.0.0"))
        for invalid in ["1.0.0-", "1.0.0-a..b", "1.0.0+", "1.0.0-é", "1.0", "01.0.0", "1.0.0-beta+x+y"] {
            #expect(Interpreter.semanticVersion(invalid) == nil, "\(invalid)")
        }
    }

    @Test func otherUsesOfTheEnvironmentFallBack() throws {
        // ProcessInfo without Foundation does not compile; Context needs tools-version 5.6.
        try expectFallback(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "A")])
            if ProcessInfo.processInfo.environment["CI"] == nil { package.targets.append(.target(name: "B")) }
            """, reason: "")
        try expectFallback(
            """
            // swift-tools-version: 5.5
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "A")])
            if Context.environment["CI"] == nil { package.targets.append(.target(name: "B")) }
            """, reason: "")
        try expectFallback(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let name = "CI"
            let package = Package(name: "P", targets: [.target(name: "A")])
            if Context.environment[name] == nil { package.targets.append(.target(name: "B")) }
            """, reason: "an environment variable named other than by a plain string literal")
        try expectFallback(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "A")])
            if 1 == 1 { package.targets.append(.target(name: "B")) }
            """, reason: "== on values other than strings")
    }
}
