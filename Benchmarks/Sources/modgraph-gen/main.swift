import BenchmarkKit
import Foundation

// modgraph-gen: synthetic workspaces for benchmarks, deterministic by seed.
let usage = """
usage: modgraph-gen --output DIR [--targets N] [--packages M] [--verticals V]
                    [--violations K] [--cycles K] [--seed S] [--format swift|json] [--no-sources]
       modgraph-gen --edge-list --output FILE [--targets N ...]      the same app's graph as an edge list
       modgraph-gen --xcode-projects P --targets N --output DIR [--seed S] [--no-sources]
                                                                     P Xcode projects sharing N framework targets
       modgraph-gen --random-dag N --degree D [--seed S] [--renumber R] --output FILE
                                                                     a random DAG as an edge list

  --targets N      targets in all (default 100, or the fewest that M packages need)
  --packages M     split into M local packages linked by path: (1, or at least 4)
  --format swift   Package.swift files (default); json: dump-package.json files, no toolchain needed
  --violations K   plant K layering violations (vertical -> vertical, core -> vertical)
  --cycles K       plant K dependency cycles
  --renumber R     number the random DAG's vertices at random (seed R), as a module graph's
                   names do: neighbours no longer have nearby numbers
"""

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("modgraph-gen: \(message)\n\n\(usage)\n".utf8))
    exit(2)
}

var options: [String: String] = [:]
var flags: Set<String> = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--no-sources", "--edge-list": flags.insert(argument)
    case "--help", "-h":
        print(usage)
        exit(0)
    case "--output", "--targets", "--packages", "--verticals", "--violations", "--cycles", "--seed", "--format", "--random-dag", "--degree", "--renumber", "--xcode-projects":
        guard let value = arguments.popFirst() else { fail("\(argument) needs a value") }
        options[argument] = value
    default: fail("unknown argument '\(argument)'")
    }
}

@MainActor func number(_ option: String, default fallback: Int? = nil) -> Int? {
    guard let text = options[option] else { return fallback }
    guard let value = Int(text), value >= 0 else { fail("\(option) takes a whole number, not '\(text)'") }
    return value
}

guard let output = options["--output"] else { fail("--output is required") }
let seed = UInt64(number("--seed", default: 1) ?? 1)

if let vertices = number("--random-dag") {
    let degree = number("--degree", default: 7) ?? 7
    var graph = SyntheticGraph.randomDAG(vertices: vertices, averageDegree: degree, seed: seed)
    let renumbering = number("--renumber").map { UInt64($0) }
    if let renumbering { graph = SyntheticGraph.renumbered(graph, seed: renumbering) }
    try EdgeList.text(vertexCount: graph.vertexCount, edges: graph.edges).write(toFile: output, atomically: true, encoding: .utf8)
    print("\(output): random DAG, \(graph.vertexCount) vertices, \(graph.edgeCount) edges (seed \(seed)"
        + (renumbering.map { ", renumbered with seed \($0)" } ?? "") + ")")
    exit(0)
}

if let projects = number("--xcode-projects") {
    let targets = number("--targets", default: 100) ?? 100
    let writer = SyntheticXcodeWriter(projects: projects, targets: targets, seed: seed)
    let dependencies = try writer.write(to: output, writesSources: !flags.contains("--no-sources"))
    print("\(output): \(projects) Xcode projects, \(targets) targets, \(dependencies) dependencies (seed \(seed))")
    exit(0)
}

let packages = number("--packages", default: 1) ?? 1
guard let minimum = SyntheticApp.minimumTargets(packages: packages) else { fail("--packages takes 1, or 4 or more") }
let targets = number("--targets", default: packages == 1 ? 100 : minimum) ?? minimum
guard targets >= minimum else { fail("\(packages) packages need at least \(minimum) targets") }
let app = SyntheticApp(targets: targets, packages: packages, verticals: number("--verticals"),
                       violations: number("--violations", default: 0) ?? 0, cycles: number("--cycles", default: 0) ?? 0, seed: seed)

if flags.contains("--edge-list") {
    let graph = SyntheticGraph.moduleGraph(of: app).digraph
    try EdgeList.text(vertexCount: graph.vertexCount, edges: graph.edges).write(toFile: output, atomically: true, encoding: .utf8)
    print("\(output): \(graph.vertexCount) targets, \(graph.edgeCount) edges (seed \(seed))")
    exit(0)
}

guard let format = SyntheticProjectWriter.Format(rawValue: options["--format"] ?? "swift") else {
    fail("--format takes swift or json")
}
var writer = SyntheticProjectWriter(app: app)
writer.writesSources = !flags.contains("--no-sources")
let root = try writer.write(to: output, format: format)
print("\(root): \(app.packages.count) packages, \(app.modules.count) targets, \(app.edgeCount) dependencies (seed \(seed))")
for fault in app.planted { print("  planted \(fault)") }
