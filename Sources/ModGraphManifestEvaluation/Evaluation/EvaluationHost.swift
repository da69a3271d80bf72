import Foundation
import ModGraphManifest

/// What `#if` and the tools-version check depend on: the host the manifest
/// would be compiled on and the toolchain that would compile it. Only facts
/// known exactly are here; a condition on anything else falls back.
public struct EvaluationHost: Sendable, Equatable {
    /// `os(...)` names: `Linux`, `macOS`, …, as `#if os()` spells them.
    public let operatingSystem: String
    /// `arch(...)` names: `x86_64`, `arm64`.
    public let architecture: String
    /// The compiler's version (`swift --version`): `compiler(>=…)`, and the newest tools-version it reads.
    public let compilerVersion: ToolsVersion
    /// The environment `dump-package` would run the manifest in (it inherits modgraph's): what
    /// `ProcessInfo.processInfo.environment["X"]` and `Context.environment["X"]` read. The dump cache
    /// keys each manifest by the variables it reads (``ManifestEnvironment``), so an answer follows them.
    public let environment: [String: String]

    public init(operatingSystem: String, architecture: String, compilerVersion: ToolsVersion, environment: [String: String] = [:]) {
        self.operatingSystem = operatingSystem
        self.architecture = architecture
        self.compilerVersion = compilerVersion
        self.environment = environment
    }

    /// This machine, with the toolchain whose `swift --version` printed `toolchainVersion`;
    /// `nil` when that text names no version, or the system is not one the evaluator knows.
    public static func current(toolchainVersion: String) -> EvaluationHost? {
        guard let version = compilerVersion(in: toolchainVersion) else { return nil }
        #if os(Linux)
            let system = "Linux"
        #elseif os(macOS)
            let system = "macOS"
        #else
            return nil
        #endif
        #if arch(x86_64)
            let architecture = "x86_64"
        #elseif arch(arm64)
            let architecture = "arm64"
        #else
            return nil
        #endif
        return EvaluationHost(
            operatingSystem: system, architecture: architecture, compilerVersion: version, environment: ProcessInfo.processInfo.environment)
    }

    /// `Swift version 6.3.1 (swift-6.3.1-RELEASE)` → 6.3.1. Apple's toolchains
    /// print `Apple Swift version 6.2 (swiftlang-…)`; the first `Swift version` wins.
    static func compilerVersion(in text: String) -> ToolsVersion? {
        guard let range = text.range(of: "Swift version ") else { return nil }
        let rest = text[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 }) else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count else { return nil }
        return ToolsVersion(major: numbers[0], minor: numbers[1], patch: numbers.count > 2 ? numbers[2] : 0)
    }
}
