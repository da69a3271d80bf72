import Foundation
import Testing

/// Runs git for the tests' temporary repositories, with an author set and
/// its standard output returned; a failure fails the test.
@discardableResult
func runGit(_ arguments: [String], in folder: URL? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
        ["git"] + (folder.map { ["-C", $0.path] } ?? []) + ["-c", "user.email=tests@example.com", "-c", "user.name=Tests"] + arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")) failed")
    return String(decoding: data, as: UTF8.self)
}
