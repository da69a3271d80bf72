import Foundation
import Testing
import ModGraphManifest
@testable import ModGraphManifestEvaluation

/// The environment variables a manifest reads, found on its syntax tree.
@Suite("environment reads")
struct EnvironmentReadsTests {
    private func reads(_ source: String) -> EnvironmentReads? {
        EnvironmentReads.of(manifest: Data(source.utf8))
    }

    @Test func namesReadWithLiteralsAreListed() {
        let manifest = """
            // swift-tools-version: 5.9
            import PackageDescription
            import Foundation
            let local = ProcessInfo.processInfo.environment["USE_LOCAL"] != nil
            let ci = Context.environment["CI"]
            let home = getenv("HOME")
            let again = ProcessInfo.processInfo.environment["USE_LOCAL"]
            let package = Package(name: "P")
            """
        #expect(reads(manifest) == EnvironmentReads(variables: ["CI", "HOME", "USE_LOCAL"], readsOthers: false))
    }

    @Test func namesThatCannotBeToldAreSaidAsSuch() {
        let computed = #"let key = "A"; let value = ProcessInfo.processInfo.environment[key]"#
        #expect(reads(computed) == EnvironmentReads(variables: [], readsOthers: true))
        let whole = #"let all = ProcessInfo.processInfo.environment.keys; let x = ProcessInfo.processInfo.environment["X"]"#
        #expect(reads(whole) == EnvironmentReads(variables: ["X"], readsOthers: true))
        let interpolated = #"let y = getenv("PREFIX_\(1)")"#
        #expect(reads(interpolated) == EnvironmentReads(variables: [], readsOthers: true))
    }

    @Test func manifestsThatReadNoneSayNothing() {
        #expect(reads("// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"P\")\n") == nil)
        // The word alone, in a comment or a name, reads nothing.
        #expect(reads("// the environment\nlet environmentName = \"x\"\n") == nil)
        // Past the bounds it may read anything.
        #expect(reads(String(repeating: "[", count: 200) + "environment") == .unknown)
        // A postfix chain deeper than the walk may recurse (issue #46: it crashed the walk).
        #expect(reads("let e = ProcessInfo.processInfo.environment[\"A\"]" + String(repeating: "!", count: 20_000)) == .unknown)
    }

    /// The dump cache keys a manifest on the variables its tree reads: by name where every
    /// read names one, every variable where one does not, none where it reads none.
    @Test func theCacheKeysOnWhatTheTreeReads() {
        let environment = ManifestEnvironment.read(values: ["CI": "true", "X": "1", "PWD": "/here"])
        func keyed(_ source: String) -> [String] {
            environment.keyed([("Package.swift", Data(source.utf8))]).map { "\($0.name)=\($0.value ?? "unset")" }
        }
        #expect(keyed(#"let ci = Context.environment["CI"]; let y = getenv("Y")"#) == ["CI=true", "Y=unset"])
        #expect(keyed(#"let all = ProcessInfo.processInfo.environment"#) == ["CI=true", "PWD=/here", "X=1"])
        #expect(keyed("// the environment\nlet package = 1\n").isEmpty)
    }
}
