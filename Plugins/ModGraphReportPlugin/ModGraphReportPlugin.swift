import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory modgraph-report [ARGUMENTS]`:
/// `modgraph report` into the package's `modgraph-report` folder (or `--output`),
/// the one command that writes files, so the one plugin that asks to.
@main
struct ModGraphReportPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var arguments = arguments
        if !arguments.contains("-o"), !arguments.contains(where: { $0 == "--output" || $0.hasPrefix("--output=") }) {
            arguments += ["--output", context.package.directoryURL.appendingPathComponent("modgraph-report").path]
        }
        let process = Process()
        process.executableURL = try context.tool(named: "modgraph").url
        process.arguments = ["report", context.package.directoryURL.path] + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("modgraph report exited with \(process.terminationStatus)")
            throw ReportFailed()
        }
    }
}

struct ReportFailed: Error {}
