import Foundation
import ModGraphSystem

/// Runs `swift package dump-package` in a package folder: argv, never a
/// shell, so no folder name can be misread as a command; with a deadline,
/// since a manifest is a program and can loop forever.
public struct DumpPackageRunner: DumpSource {
    /// The `swift` executable: a path, or a name looked up on `PATH`.
    public let swiftExecutable: String
    /// How long one manifest may take; past it `swift` and everything it started are stopped.
    public let timeout: Duration
    /// Where each run's private temporary folder is made.
    public let temporaryBase: String
    /// The address space `swift` and each process it starts (the compiler, the compiled
    /// manifest) may use, in bytes (``MemoryLimit``); nil: no limit.
    public let memoryLimit: Int?

    /// Generous: a cold dump takes 0.3 to 0.7 s, a few seconds on a loaded
    /// machine; only a manifest that loops (or waits on something) gets near it.
    public static let defaultTimeout: Duration = .seconds(120)

    /// 4 GiB: the toolchain's processes reserve at most about 760 MiB of address space
    /// for a manifest (`swiftc`'s driver, measured), the compiled manifest under 100 MiB.
    public static let defaultMemoryLimit = 4 << 30

    /// `MODGRAPH_SWIFT` overrides the default `swift` from `PATH`.
    public static var defaultExecutable: String {
        let value = ProcessInfo.processInfo.environment["MODGRAPH_SWIFT"] ?? ""
        return value.isEmpty ? "swift" : value
    }

    /// `temporaryBase` defaults to the temporary folder (`$TMPDIR`).
    public init(
        swiftExecutable: String = DumpPackageRunner.defaultExecutable, timeout: Duration = DumpPackageRunner.defaultTimeout,
        temporaryBase: String? = nil, memoryLimit: Int? = DumpPackageRunner.defaultMemoryLimit
    ) {
        self.swiftExecutable = swiftExecutable
        self.timeout = timeout
        self.temporaryBase = temporaryBase ?? NSTemporaryDirectory()
        self.memoryLimit = memoryLimit
    }

    public func manifest(forPackageAt directory: String) throws(LoadError) -> Manifest {
        try ManifestDecoding.decode(dump(forPackageAt: directory), source: Paths.absolute("Package.swift", relativeTo: directory))
    }

    public func dump(forPackageAt directory: String) throws(LoadError) -> Data {
        let manifestPath = Paths.absolute("Package.swift", relativeTo: directory)
        guard FileManager.default.fileExists(atPath: manifestPath) else {
            throw .noManifest(directory: directory)
        }
        let result: ProcessRunner.Result
        do {
            result = try run(["package", "--package-path", directory, "dump-package"])
        } catch {
            switch error {
            case .notFound: throw .swiftNotFound(executable: swiftExecutable)
            case let .cannotStart(_, reason): throw .cannotRun(executable: swiftExecutable, reason: reason)
            case .timedOut: throw .manifestTimedOut(manifest: manifestPath, timeout: timeout)
            case let .outputTooLarge(limit): throw .dumpTooLarge(source: manifestPath, limit: limit)
            }
        }
        guard result.status.isSuccess else {
            let diagnostics = CompilerDiagnostics.lines(from: result.standardError)
            if let memoryLimit, MemoryLimit.isApplied, MemoryLimit.reportsExhaustion(result.standardError.head) {
                throw .manifestOutOfMemory(manifest: manifestPath, limit: memoryLimit, diagnostics: diagnostics)
            }
            throw .manifestFailed(manifest: manifestPath, diagnostics: diagnostics)
        }
        return result.standardOutput
    }

    public func toolchainVersion() -> String? {
        guard let result = try? run(["--version"]), result.status.isSuccess else { return nil }
        let text = String(decoding: result.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// The driver, and beside it the programs that do the work (`swift package`
    /// runs `swift-package`, which compiles manifests with `swift-frontend`).
    public func toolchainFiles() -> [String] {
        guard let located = ProcessRunner.locate(swiftExecutable) else { return [] }
        var files: [String] = []
        for path in [located, Paths.canonical(located)].compactMap({ $0 }) {
            let folder = (path as NSString).deletingLastPathComponent
            for name in [(path as NSString).lastPathComponent, "swift-package", "swift-frontend"] {
                let file = Paths.absolute(name, relativeTo: folder)
                if !files.contains(file), FileManager.default.fileExists(atPath: file) { files.append(file) }
            }
        }
        return files
    }

    /// Runs `swift` with `arguments`, standard output kept up to the largest
    /// dump ModGraph decodes and standard error up to what can be shown.
    ///
    /// SwiftPM leaves a `TemporaryDirectory.*` folder in the temporary folder
    /// on every run, which over hundreds of manifests litters the user's
    /// `/tmp`; the child gets a temporary folder of its own, removed afterwards
    /// (or when modgraph is interrupted).
    func run(_ arguments: [String]) throws(ProcessRunner.Failure) -> ProcessRunner.Result {
        var environment = ProcessInfo.processInfo.environment
        let temporaryFolder = ChildProcesses.shared.makeTemporaryFolder(in: temporaryBase, prefix: "modgraph-swiftpm")
        defer { if let temporaryFolder { ChildProcesses.shared.removeTemporaryFolder(temporaryFolder) } }
        if let temporaryFolder { environment["TMPDIR"] = temporaryFolder }
        return try ProcessRunner(timeout: timeout, memoryLimit: memoryLimit).run(
            swiftExecutable, arguments, environment: environment,
            output: .capture(limit: ManifestDecoding.maximumBytes, errorHead: CompilerDiagnostics.headBytes))
    }
}
