#!/usr/bin/env bash
# Runs every benchmark in release mode and prints the tables that
# docs/performance.md records:
#   1. the graph core and loading from dump JSON (Benchmarks/modgraph-bench);
#   2. networkx on the same graphs (skipped when python3 cannot import networkx);
#   3. with --end-to-end, the real modgraph and SwiftPM on generated workspaces
#      (10/50/200 packages, 100/1,000/5,000 targets: tens of minutes, mostly
#      SwiftPM dumping manifests cold). Pass --only p10,t100 to choose.
#   4. with --commands, every command and format as a whole process on a
#      100,000-target dump beside networkx doing the same (scripts/bench-commands.sh,
#      about 20 minutes: networkx's runs are most of it).
# Other arguments go to modgraph-bench. The machine's load is printed with the figures.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${MODGRAPH_BENCH_WORK:-${TMPDIR:-/tmp}/modgraph-bench}"
mkdir -p "$work"
commands=no
arguments=()
for argument in "$@"; do
    if [ "$argument" = --commands ]; then commands=yes; else arguments+=("$argument"); fi
done
set -- ${arguments[@]+"${arguments[@]}"}

echo "== $(date -u +%Y-%m-%dT%H:%MZ) $(uname -sm), $(nproc 2>/dev/null || sysctl -n hw.ncpu) cores; load: $(uptime | sed 's/.*load average: //')"

cd "$root"
swift build -c release --product modgraph
modgraph="$(swift build -c release --show-bin-path)/modgraph"

cd "$root/Benchmarks"
swift build -c release --product modgraph-bench
swift build -c release --product modgraph-gen
bin="$(swift build -c release --show-bin-path)"

echo
"$bin/modgraph-bench" --modgraph "$modgraph" --work "$work/end-to-end" "$@"

echo
if python3 -c 'import networkx' 2>/dev/null; then
    # The same graphs as the core benchmarks: same generator, same seeds.
    "$bin/modgraph-gen" --random-dag 100000 --degree 7 --seed 7 --output "$work/dag-100k.edges" >/dev/null
    "$bin/modgraph-gen" --random-dag 100000 --degree 7 --seed 7 --renumber 8 --output "$work/dag-100k-renumbered.edges" >/dev/null
    "$bin/modgraph-gen" --random-dag 10000 --degree 7 --seed 10 --output "$work/dag-10k.edges" >/dev/null
    python3 "$root/scripts/bench_networkx.py" "$work/dag-100k.edges" "$work/dag-100k-renumbered.edges" --reduce "$work/dag-10k.edges"
else
    echo "networkx not installed (pip install networkx): its figures are skipped"
fi
if [ "$commands" = yes ]; then
    echo
    MODGRAPH="$modgraph" MODGRAPH_GEN="$bin/modgraph-gen" MODGRAPH_BENCH_WORK="$work" "$root/scripts/bench-commands.sh"
fi
echo "== load after: $(uptime | sed 's/.*load average: //')"
