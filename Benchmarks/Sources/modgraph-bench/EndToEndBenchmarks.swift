import BenchmarkKit
import Foundation

/// What `--end-to-end` runs: the real `modgraph` executable and SwiftPM's own
/// commands on the same generated workspaces, cold and warm.
struct EndToEndOptions {
    var modgraph: String
    var workFolder: String
    var workloads: [Workload]
    var includesPeers: Bool

    struct Workload {
        let label: String
        let packages: Int
        let targets: Int
    }

    static let allWorkloads = [
        Workload(label: "p10", packages: 10, targets: SyntheticApp.minimumTargets(packages: 10) ?? 0),
        Workload(label: "p50", packages: 50, targets: SyntheticApp.minimumTargets(packages: 50) ?? 0),
        Workload(label: "p200", packages: 200, targets: SyntheticApp.minimumTargets(packages: 200) ?? 0),
        Workload(label: "t100", packages: 1, targets: 100),
        Workload(label: "t1000", packages: 1, targets: 1_000),
        Workload(label: "t5000", packages: 1, targets: 5_000),
    ]

    /// `nil` unless `--end-to-end` is among `arguments`; `--modgraph PATH` (required),
    /// `--work DIR`, `--only p10,t100,…`, `--no-peers`.
    init?(arguments: [String]) {
        guard arguments.contains("--end-to-end") else { return nil }
        func value(_ name: String) -> String? {
            arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
        }
        guard let modgraph = value("--modgraph") else {
            print("--end-to-end needs --modgraph PATH (a release build of modgraph)")
            return nil
        }
        self.modgraph = modgraph
        workFolder = value("--work") ?? FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-e2e").path
        let only = value("--only").map { Set($0.split(separator: ",").map(String.init)) }
        workloads = Self.allWorkloads.filter { only?.contains($0.label) ?? true }
        includesPeers = !arguments.contains("--no-peers")
    }
}

/// One command run: wall time, and CPU time of it and its children when `/usr/bin/time` can tell.
private struct Run {
    let seconds: Double
    let cpuSeconds: Double?
    let status: Int32
    let errors: String
}

private func run(_ arguments: [String], in folder: String? = nil) -> Run {
    let timing = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-time-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: timing) }
    let hasTime = FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: hasTime ? "/usr/bin/time" : "/usr/bin/env")
    process.arguments = hasTime ? ["-f", "%U %S", "-o", timing] + arguments : arguments
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    var environment = ProcessInfo.processInfo.environment
    environment["CI"] = "true"
    process.environment = environment
    let start = DispatchTime.now().uptimeNanoseconds
    do {
        try process.run()
    } catch {
        return Run(seconds: 0, cpuSeconds: nil, status: -1, errors: "\(error)")
    }
    let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let cpu = (try? String(contentsOfFile: timing, encoding: .utf8)).flatMap { text -> Double? in
        let parts = text.split(whereSeparator: \.isWhitespace).suffix(2).compactMap { Double($0) }
        return parts.count == 2 ? parts[0] + parts[1] : nil
    }
    return Run(seconds: seconds, cpuSeconds: cpu, status: process.terminationStatus, errors: errorText)
}

private func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}

private func format(_ run: Run?) -> String {
    guard let run else { return "not measured" }
    guard run.status == 0 else { return "failed (\(run.status))" }
    return Measurement.format(run.seconds)
}

/// The fastest of `count` runs.
private func best(_ count: Int, _ body: () -> Run) -> Run {
    (0..<count).map { _ in body() }.min { ($0.status, $0.seconds) < ($1.status, $1.seconds) } ?? body()
}

/// Generates each workload afresh, in a folder of its own per tool and per
/// run, then times the tools and prints a Markdown table.
func runEndToEndBenchmarks(_ options: EndToEndOptions) {
    print("")
    print("End to end (one cold run each; warm = best of 3 for modgraph, of 2 for SwiftPM; load = /proc/loadavg before the workload)")
    print("")
    print("| workload | targets | modgraph cold | modgraph, SwiftPM warm, own cache empty | modgraph warm (cache) | CPU/wall cold | `describe` cold | `describe` warm | `show-dependencies` cold | `show-dependencies` warm | load |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    // SwiftPM keys its manifest cache by path and content: a folder never used
    // before makes the first runs cold for SwiftPM as well as for modgraph.
    let runID = String(UInt64(Date().timeIntervalSince1970))
    for workload in options.workloads {
        let parent = options.workFolder + "/" + workload.label
        try? FileManager.default.removeItem(atPath: parent)
        let folder = parent + "/run-" + runID
        let app = SyntheticApp(targets: workload.targets, packages: workload.packages, seed: UInt64(workload.targets))
        var roots: [String: String] = [:]
        for tool in ["modgraph", "describe", "show-dependencies"] where tool == "modgraph" || options.includesPeers {
            guard let root = try? SyntheticProjectWriter(app: app).write(to: folder + "/" + tool, format: .swift) else {
                print("| \(workload.label) | could not write \(folder)/\(tool) |")
                continue
            }
            roots[tool] = root
        }
        guard let root = roots["modgraph"] else { continue }
        let load = loadAverage()
        let output = folder + "/graph.json"
        func modgraph(cache: String) -> Run {
            run([options.modgraph, "graph", root, "--format", "json", "-o", output, "--cache-dir", folder + "/" + cache])
        }
        let cold = modgraph(cache: "cache-a")
        if cold.status != 0 { print("modgraph failed on \(workload.label): \(cold.errors.prefix(400))") }
        let swiftWarm = modgraph(cache: "cache-b")
        let warm = best(3) { modgraph(cache: "cache-a") }
        let cpu = cold.cpuSeconds.map { String(format: "%.2f", $0 / max(cold.seconds, 0.001)) } ?? "?"
        var peers: [String: (Run, Run)] = [:]
        if let describeRoot = roots["describe"] {
            let arguments = ["swift", "package", "--package-path", describeRoot, "describe", "--type", "json"]
            peers["describe"] = (run(arguments), best(2) { run(arguments) })
        }
        if let showRoot = roots["show-dependencies"] {
            let arguments = ["swift", "package", "--package-path", showRoot, "show-dependencies", "--format", "json"]
            peers["show"] = (run(arguments), best(2) { run(arguments) })
        }
        let name = workload.packages == 1 ? "1 package, \(workload.targets) targets" : "\(workload.packages) packages"
        let cells = [name, "\(app.modules.count)", format(cold), format(swiftWarm), format(warm), cpu,
                     format(peers["describe"]?.0), format(peers["describe"]?.1), format(peers["show"]?.0), format(peers["show"]?.1), load]
        print("| " + cells.joined(separator: " | ") + " |")
    }
}
