import Foundation
import Testing
import ModGraphManifest
@testable import ModGraphManifestEvaluation

/// Manifests that read the environment and compare it (swift-nio's `SWIFTCI_USE_LOCAL_DEPS`, isowords'
/// `TEST_SERVER`), and versions with pre-release and build parts (vapor's `from: "5.0.0-beta"`): evaluated,
/// and compared with what the real `dump-package` says in the same environment.
@Suite("evaluation: the environment and pre-release versions")
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
