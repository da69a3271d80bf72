import BenchmarkKit
import ModGraphCore

// Each area adds its suite here; `scripts/bench.sh` builds in release and runs this.
// `--end-to-end` also runs the real `modgraph` and SwiftPM on generated workspaces (minutes).
var results: [Measurement] = []
results += coreBenchmarks()
results += checkBenchmarks()
results += graphLoadingBenchmarks()
results += planningBenchmarks()
results += diagramBenchmarks()
results += sourceBenchmarks()
printTable(results)
if let options = EndToEndOptions(arguments: CommandLine.arguments) {
    runEndToEndBenchmarks(options)
}
