import BenchmarkKit
import ModGraphCore

// Each area adds its suite here; `scripts/bench.sh` builds in release and runs this.
var results: [Measurement] = []
results += coreBenchmarks()
results += checkBenchmarks()
results += sourceBenchmarks()
printTable(results)
