import Foundation
import PackagePlugin

/// `swift package modgraph SUBCOMMAND [ARGUMENTS]`: runs the `modgraph` built
/// from this package on the package it is invoked in, passing the arguments
/// through and the package folder as the path when none is given. It writes
/// nothing itself, so it asks for no permission; `report` is the
/// `modgraph-report` plugin, which asks.
@main
struct ModGraphPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        if arguments.first == "report" || arguments.contains("-o")
            || arguments.contains(where: { $0 == "--output" || $0.hasPrefix("--output=") })
        {
            Diagnostics.error(
                "this command writes files: run it as `swift package --allow-writing-to-package-directory modgraph-report ...`")
            throw PluginExit(code: 2)
        }
        try run(try context.tool(named: "modgraph").url, arguments, in: context.package.directoryURL)
    }
}

/// What both plugins share: running modgraph in the package's folder and exiting as it did.
func run(_ tool: URL, _ arguments: [String], in package: URL) throws {
    let process = Process()
    process.executableURL = tool
    // The subcommand first; the package folder is the path unless the arguments name one.
    var arguments = arguments.isEmpty ? ["check"] : arguments
    let namesAPath = arguments.dropFirst().contains { !$0.hasPrefix("-") && FileManager.default.fileExists(atPath: $0) }
    if !namesAPath { arguments.insert(package.path, at: 1) }
    process.arguments = arguments
    process.currentDirectoryURL = package
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 { throw PluginExit(code: process.terminationStatus) }
}

/// modgraph's exit code, carried out of the plugin: SwiftPM reports a plugin
/// that throws as failed, and the message says which code modgraph gave.
struct PluginExit: Error, CustomStringConvertible {
    let code: Int32
    var description: String { "modgraph exited with \(code) (1: findings, 2: usage or input error)" }
}
