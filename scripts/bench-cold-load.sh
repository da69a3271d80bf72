#!/usr/bin/env bash
# Cold and warm loads of generated workspaces (modgraph-gen --packages N), with
# manifests evaluated from their syntax tree (the default) and, for comparison
# in the same run, with every manifest dumped (--dump-manifests).
#
#   scripts/bench-cold-load.sh [N ...]        (default: 10 50 200)
#
# Cold: `modgraph graph ROOT --format json -o FILE` with an empty cache folder
# (nothing cached anywhere, so `swift --version` runs once too). Warm: the
# same command again on the filled cache, best of 3. Dumped cold runs once per
# workload (it takes minutes at 200 packages); DUMPED=0 skips it.
# Needs release builds: `swift build -c release --product modgraph` here and
# `swift build -c release --product modgraph-gen` in Benchmarks/.
set -euo pipefail
cd "$(dirname "$0")/.."
MODGRAPH=${MODGRAPH:-$PWD/.build/release/modgraph}
GEN=${GEN:-$PWD/Benchmarks/.build/release/modgraph-gen}
[[ -x "$GEN" ]] || GEN=$PWD/Benchmarks/.build/debug/modgraph-gen
WORK=${WORK:-$(mktemp -d "${TMPDIR:-/tmp}/modgraph-cold.XXXXXX")}
trap 'rm -rf "$WORK"' EXIT
sizes=("$@")
[[ ${#sizes[@]} -gt 0 ]] || sizes=(10 50 200)

seconds() {  # runs "$@", prints its wall time in seconds
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null 2>&1
    end=$(date +%s.%N)
    echo "$end - $start" | bc
}

echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '| workload | targets | cold, evaluated | cold, dumped | warm (best of 3) | evaluated / dumped | load |\n|---|---|---|---|---|---|---|\n'
for n in "${sizes[@]}"; do
    "$GEN" --packages "$n" --output "$WORK/p$n" > /dev/null
    # The root is the first package modgraph-gen writes.
    root=$WORK/p$n/App
    targets=$(grep -ho '\.\(target\|executableTarget\|testTarget\)(name:' "$WORK/p$n"/*/Package.swift | wc -l)
    cache=$WORK/cache-$n
    cold=$(MODGRAPH_CACHE_DIR=$cache seconds "$MODGRAPH" graph "$root" --format json -o "$WORK/out-$n.json")
    counts=$(MODGRAPH_CACHE_DIR=$WORK/count-$n "$MODGRAPH" graph "$root" --format json -o /dev/null --verbose 2>&1 | grep '^note: manifests:' | sed 's/^note: manifests: //')
    best=""
    for _ in 1 2 3; do
        t=$(MODGRAPH_CACHE_DIR=$cache seconds "$MODGRAPH" graph "$root" --format json -o "$WORK/out-$n.json")
        if [[ -z "$best" ]] || (( $(echo "$t < $best" | bc) )); then best=$t; fi
    done
    dumped="–"
    if [[ "${DUMPED:-1}" == 1 ]]; then
        dumped=$(MODGRAPH_CACHE_DIR=$WORK/dumped-$n seconds "$MODGRAPH" graph "$root" --format json --dump-manifests -o "$WORK/dumped-$n.json")
        cmp -s "$WORK/out-$n.json" "$WORK/dumped-$n.json" || echo "warning: the graphs of p$n differ between the two paths" >&2
        dumped=$(printf '%.2f s' "$dumped")
    fi
    printf '| %d packages | %d | %.2f s | %s | %.0f ms | %s | %s |\n' "$n" "$targets" "$cold" "$dumped" "$(echo "$best * 1000" | bc)" \
        "$counts" "$(cut -d' ' -f1-3 /proc/loadavg)"
done
