import Foundation

/// Runs `swift package dump-package` in a package folder: argv, never a
/// shell, so no folder name can be misread as a command.
public struct DumpPackageRunner: DumpSource {
    /// The `swift` executable: a path, or a name looked up on `PATH`.
    public let swiftExecutable: String

    /// `MODGRAPH_SWIFT` overrides the default `swift` from `PATH`.
    public static var defaultExecutable: String {
        let value = ProcessInfo.processInfo.environment["MODGRAPH_SWIFT"] ?? ""
        return value.isEmpty ? "swift" : value
    }

    public init(swiftExecutable: String = DumpPackageRunner.defaultExecutable) {
        self.swiftExecutable = swiftExecutable
    }

    public func manifest(forPackageAt directory: String) throws(LoadError) -> Manifest {
        try ManifestDecoding.decode(dump(forPackageAt: directory), source: Paths.absolute("Package.swift", relativeTo: directory))
    }

    public func dump(forPackageAt directory: String) throws(LoadError) -> Data {
        let manifestPath = Paths.absolute("Package.swift", relativeTo: directory)
        guard FileManager.default.fileExists(atPath: manifestPath) else {
            throw .noManifest(directory: directory)
        }
        let result = try run(["package", "--package-path", directory, "dump-package"])
        guard result.status == 0 else {
            throw .manifestFailed(manifest: manifestPath, diagnostics: Self.trim(result.standardError))
        }
        return result.standardOutput
    }

    public func toolchainVersion() -> String? {
        guard let result = try? run(["--version"]), result.status == 0 else { return nil }
        let text = String(decoding: result.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// The driver, and beside it the programs that do the work (`swift package`
    /// runs `swift-package`, which compiles manifests with `swift-frontend`).
    public func toolchainFiles() -> [String] {
        guard let located = Self.locate(swiftExecutable) else { return [] }
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

    struct Result {
        var status: Int32
        var standardOutput: Data
        var standardError: String
    }

    /// Runs the executable, reading standard output and standard error at the
    /// same time so that neither pipe can fill and stall the child.
    ///
    /// SwiftPM leaves a `TemporaryDirectory.*` folder in the temporary folder
    /// on every run, which over hundreds of manifests litters the user's
    /// `/tmp`; the child gets a temporary folder of its own, removed afterwards.
    func run(_ arguments: [String]) throws(LoadError) -> Result {
        guard let executable = Self.locate(swiftExecutable) else {
            throw .swiftNotFound(executable: swiftExecutable)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let temporaryFolder = Self.makeTemporaryFolder()
        defer { if let temporaryFolder { try? FileManager.default.removeItem(atPath: temporaryFolder) } }
        if let temporaryFolder {
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = temporaryFolder
            process.environment = environment
        }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .swiftNotFound(executable: swiftExecutable)
        }
        let errorData = Captured()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            errorData.value = errors.fileHandleForReading.readDataToEndOfFile()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: outputData,
            standardError: String(decoding: errorData.value, as: UTF8.self)
        )
    }

    /// A new, empty, private folder in the temporary folder; nil when none can
    /// be made, and the child then shares the usual one.
    static func makeTemporaryFolder() -> String? {
        let base = NSTemporaryDirectory()
        var template = Array(((base as NSString).appendingPathComponent("modgraph-swiftpm.XXXXXX")).utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let baseAddress = buffer.baseAddress, mkdtemp(baseAddress) != nil else { return nil }
            return String(cString: baseAddress)
        }
    }

    /// A path with a slash is taken as is; a bare name is searched on `PATH`.
    static func locate(_ executable: String) -> String? {
        let files = FileManager.default
        if executable.contains("/") {
            return files.isExecutableFile(atPath: executable) ? executable : nil
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = (String(folder) as NSString).appendingPathComponent(executable)
            if files.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// SwiftPM ends with a summary line (`error: invalid manifests at [...]`)
    /// that only repeats the path; the compiler's diagnostics before it are what helps.
    static func trim(_ diagnostics: String) -> String {
        diagnostics
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("error: invalid manifests at") }
            .joined(separator: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Written by one thread before `DispatchGroup.wait()` returns in another.
private final class Captured: @unchecked Sendable {
    var value = Data()
}
