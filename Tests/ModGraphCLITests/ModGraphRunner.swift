import Foundation
import Testing

/// Runs the built `modgraph` executable, the way users and CI do.
struct ModGraphRunner {
    struct Result {
        let status: Int32
        let output: String
        let errors: String
    }

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let samples = repository.appendingPathComponent("Samples")

    /// A new, empty folder in the temporary directory, `prefix-UUID`, for one
    /// test to write into; the test removes it.
    static func scratchFolder(_ prefix: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Writes each file (a path relative to `folder`, and its text), making the folders on the way.
    static func write(_ files: [String: String], in folder: URL) throws {
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// The executable under test: `MODGRAPH_EXECUTABLE` when set (the
    /// Makefile sets it to `swift build --show-bin-path`'s), else the one in
    /// this repository's build folder (found from this file's path, not from
    /// the test runner's, which differs between swift test, xctest and Xcode).
    static let executable: URL? = locateExecutable(environment: ProcessInfo.processInfo.environment)

    static func locateExecutable(environment: [String: String]) -> URL? {
        if let explicit = environment["MODGRAPH_EXECUTABLE"], !explicit.isEmpty {
            return FileManager.default.isExecutableFile(atPath: explicit) ? URL(fileURLWithPath: explicit) : nil
        }
        let build = repository.appendingPathComponent(".build")
        let candidates = ["debug", "release"].map { build.appendingPathComponent($0).appendingPathComponent("modgraph") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// One cache of dumps for this test run, so tests neither read nor fill the user's.
    static let cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-cli-cache-\(UUID().uuidString)").path

    /// Runs `program` (not modgraph: a wrapper that starts it) with `arguments`, as ``run(_:input:in:environment:)`` does.
    static func runProgram(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        try run(arguments, environment: environment, executable: URL(fileURLWithPath: program))
    }

    /// `environment` is added to this process's own, after `MODGRAPH_CACHE_DIR` is
    /// set for the test run.
    static func run(
        _ arguments: [String], input: Data? = nil, in directory: URL? = nil,
        environment: [String: String] = [:], executable program: URL? = nil
    ) throws -> Result {
        let executable = try program ?? #require(executable, "modgraph was not built next to the tests")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        variables["MODGRAPH_CACHE_DIR"] = cacheFolder
        variables.merge(environment) { $1 }
        process.environment = variables
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        let errors = Pipe()
        let standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(input) }
        try standardInput.fileHandleForWriting.close()
        let errorData = ErrorCollector(errors.fileHandleForReading)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            output: String(decoding: data, as: UTF8.self),
            errors: String(decoding: errorData.wait(), as: UTF8.self))
    }
}

/// Reads a pipe on another thread, so that neither pipe can fill and block the child.
private final class ErrorCollector: @unchecked Sendable {
    private var data = Data()
    private let group = DispatchGroup()

    init(_ handle: FileHandle) {
        DispatchQueue.global().async(group: group) { self.data = handle.readDataToEndOfFile() }
    }

    func wait() -> Data {
        group.wait()
        return data
    }
}
