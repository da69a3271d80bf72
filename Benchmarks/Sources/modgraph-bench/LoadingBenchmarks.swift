import BenchmarkKit
import Foundation
import ModGraphCore
import ModGraphManifest

/// BenchmarkKit's, not Foundation's.
typealias Measurement = BenchmarkKit.Measurement

/// Loading and resolving synthetic workspaces from dump JSON written by the
/// generator: the work ModGraph does after `dump-package` (or the cache) has
/// answered, without a toolchain.
func graphLoadingBenchmarks() -> [Measurement] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-bench-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var results: [Measurement] = []
    let workloads: [(String, SyntheticApp)] = [
        ("200 packages", SyntheticApp(targets: SyntheticApp.minimumTargets(packages: 200) ?? 1_000, packages: 200, seed: 200)),
        ("5,000 targets in one package", SyntheticApp(targets: 5_000, seed: 5_000)),
    ]
    for (label, app) in workloads {
        var writer = SyntheticProjectWriter(app: app)
        writer.writesSources = false
        guard let root = try? writer.write(to: folder + "/\(app.packages.count)-\(app.modules.count)", format: .json) else {
            print("could not write the \(label) workspace under \(folder)")
            continue
        }
        results.append(measure("load + resolve JSON: \(label) (\(app.modules.count) targets)", runs: 5) {
            guard let workspace = try? WorkspaceLoader(provider: StoredDumpProvider()).load(directory: root),
                  let graph = try? GraphBuilder().build(workspace) else {
                fatalError("the synthetic \(label) workspace did not load")
            }
            precondition(graph.targets.count == app.modules.count)
        })
    }
    return results
}
