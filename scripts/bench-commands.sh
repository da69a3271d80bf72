#!/usr/bin/env bash
# Every modgraph command and format on a generated single package of 100,000
# targets, each run as a whole process (start, read the dump, work, write the
# output), beside networkx doing the equivalent work in Python
# (scripts/bench_networkx.py --command, see scripts/bench_commands.py), in one
# run: best wall time of R runs, the peak resident memory of that run
# (/usr/bin/time), and how many times faster modgraph is. docs/performance.md
# records the table.
#
# usage: scripts/bench-commands.sh [--targets N] [--runs R] [--timeout S] [--baseline PATH]
#   --targets N      targets of the generated package (default 100000)
#   --runs R         runs of each modgraph command, best kept (default 3; networkx runs once)
#   --timeout S      seconds after which a run is stopped and shown as "> S s" (default 300)
#   --baseline PATH  also run this modgraph executable (say, one built from an older commit)
# MODGRAPH_BENCH_WORK (default /tmp/modgraph-bench) holds the dump and outputs.
# MODGRAPH and MODGRAPH_GEN name built executables to use instead of building them.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${MODGRAPH_BENCH_WORK:-${TMPDIR:-/tmp}/modgraph-bench}"
targets=100000 runs=3 limit=300 baseline=""
while [ $# -gt 0 ]; do
    case "$1" in
        --targets) targets="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        --timeout) limit="$2"; shift 2 ;;
        --baseline) baseline="$2"; shift 2 ;;
        *) echo "bench-commands.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done

if [ -z "${MODGRAPH:-}" ] || [ -z "${MODGRAPH_GEN:-}" ]; then
    (cd "$root" && swift build -c release --product modgraph >&2)
    (cd "$root/Benchmarks" && swift build -c release --product modgraph-gen >&2)
fi
modgraph="${MODGRAPH:-$(cd "$root" && swift build -c release --show-bin-path)/modgraph}"
generator="${MODGRAPH_GEN:-$(cd "$root/Benchmarks" && swift build -c release --show-bin-path)/modgraph-gen}"

# The package, once: deterministic by seed, so every run measures the same dump.
package="$work/commands-$targets/ModularApp"
dump="$package/dump-package.json"
if [ ! -f "$dump" ]; then
    "$generator" --targets "$targets" --format json --no-sources --output "$work/commands-$targets" >&2
fi
# Layers, isolated verticals and forbidden dependencies the generated app keeps to: check passes.
cat > "$package/.modgraph.yml" <<'YAML'
# The rules of the generated app (modgraph-gen --targets N): an app layer,
# isolated verticals, their interfaces and a core of shared modules.
version: 1
layers:
  - name: app
    targets: [App, AppExtension]
  - name: features
    targets: ["Onboarding*", "Profile*", "Settings*", "Search*", "Checkout*", "Messaging*", "Feed*", "Payments*",
              "Orders*", "Cart*", "Wishlist*", "Reviews*", "Support*", "Rewards*", "Stores*", "Tracking*"]
    # A vertical's parts (Data, Domain, UI, support modules) are one feature with its main module.
    isolated: ["{feature}Data", "{feature}Domain", "{feature}UI", "{feature}Support*", "{feature}"]
  - name: interfaces
    targets: [VerticalInterfaces]
  - name: core
    targets: ["Prelude*", "Networking*", "Persistence*", "DesignSystem*", "Analytics*", "Logging*", "Storage*", "ImageLoading*",
              "Localization*", "FeatureFlags*", "Authentication*", "Routing*", "Telemetry*", "Keychain*", "Formatting*", "Caching*"]
unassigned: error
tests: exempt
forbidden:
  - from: "{feature}UI"
    to: "*Data"
    allow: "{feature}Data"
    message: a feature's UI reaches other features' data through VerticalInterfaces
  - from: "*Data"
    to: "*UI"
    message: data modules draw nothing
  - from: "*"
    to: "App*"
    message: nothing depends on the apps
YAML
config="$package/.modgraph.yml"
out="$work/commands-out"
mkdir -p "$out"

# How many changes modgraph's bottleneck search tries on this graph, for networkx to try as many.
candidates="$("$modgraph" schedule "$dump" --format json --workers 8 --weights uniform \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["bottlenecks"]["targetSplitsTried"])')"

has_gnu_time=no
if /usr/bin/time -f "%e %M" true >/dev/null 2>&1; then has_gnu_time=yes; fi

# measure RUNS COMMAND...: prints "seconds peak-KB" of the fastest run, "> LIMIT s" when stopped,
# or "failed" when the command fails to run (exit 2 or more: an old build without an option).
measure() {
    local count="$1"; shift
    local best="" best_memory="-" report="$out/time.txt"
    for _ in $(seq "$count"); do
        local status=0 seconds memory="-"
        if [ "$has_gnu_time" = yes ]; then
            /usr/bin/time -f "%e %M" -o "$report" timeout "$limit" "$@" >/dev/null 2>"$out/stderr.txt" || status=$?
            read -r seconds memory < <(tail -1 "$report")
        else
            local start end
            start=$(date +%s.%N)
            timeout "$limit" "$@" >/dev/null 2>"$out/stderr.txt" || status=$?
            end=$(date +%s.%N)
            seconds=$(echo "$end - $start" | bc)
        fi
        if [ "$status" = 124 ]; then echo "> $limit s"; return; fi
        if [ "$status" -ge 2 ] && [ "${expected_status:-0}" != "$status" ]; then echo "failed"; return; fi
        if [ -z "$best" ] || [ "$(echo "$seconds < $best" | bc)" = 1 ]; then best="$seconds" best_memory="$memory"; fi
    done
    echo "$best $best_memory"
}

show_time() { case "$1" in ">"*|failed) echo "$1" ;; *) awk -v s="$1" 'BEGIN { if (s < 1) printf "%.0f ms", s * 1000; else printf "%.2f s", s }' ;; esac; }
show_memory() { [ "$1" = "-" ] && echo "–" || awk -v k="$1" 'BEGIN { printf "%.0f MB", k / 1024 }'; }
ratio() {
    case "$1$2" in *">"*)
        # A stopped networkx run: at least limit ÷ modgraph.
        case "$1" in ">"*) ;; *) echo "–"; return ;; esac
        case "$2" in ">"*) echo "–" ;; *) awk -v n="$limit" -v m="$2" 'BEGIN { printf "> %.0f×", n / m }' ;; esac
        return ;;
    esac
    awk -v n="$1" -v m="$2" 'BEGIN { printf "%.1f×", n / m }'
}

echo "== $(date -u +%Y-%m-%dT%H:%MZ) $(uname -sm), $(nproc 2>/dev/null || sysctl -n hw.ncpu) cores; load: $(uptime | sed 's/.*load average: //')"
echo "== $dump: $(du -h "$dump" | cut -f1), $targets targets; modgraph best of $runs, networkx 1 run, stopped after $limit s"
if [ -n "$baseline" ]; then
    printf '| %-42s | %-9s | %-8s | %-9s | %-8s | %-7s | %-10s | %-8s |\n' command modgraph "peak RSS" networkx "peak RSS" ratio baseline "peak RSS"
    printf '|%s|%s|%s|%s|%s|%s|%s|%s|\n' -------------------------------------------- ----------- ---------- ----------- ---------- --------- ------------ ----------
else
    printf '| %-42s | %-9s | %-8s | %-9s | %-8s | %-7s |\n' command modgraph "peak RSS" networkx "peak RSS" ratio
    printf '|%s|%s|%s|%s|%s|%s|\n' -------------------------------------------- ----------- ---------- ----------- ---------- ---------
fi

networkx_available=no
if python3 -c 'import networkx, yaml' 2>/dev/null; then networkx_available=yes; fi

# row LABEL NETWORKX-COMMAND -- MODGRAPH-ARGUMENTS...
row() {
    local label="$1" nx="$2"; shift 3
    local mine theirs="–" base=""
    mine=$(measure "$runs" "$modgraph" "$@")
    if [ "$networkx_available" = yes ] && [ "$nx" != "-" ]; then
        theirs=$(measure 1 python3 "$root/scripts/bench_networkx.py" --command "$nx" "$dump" --config "$config" \
            --workers 8 --candidates "$candidates" --output "$out/networkx-$nx")
    fi
    if [ -n "$baseline" ]; then base=$(measure 1 "$baseline" "$@"); fi
    local mine_time=${mine% *} mine_memory=${mine#* } their_time="–" their_memory="-"
    case "$mine" in ">"*|failed) mine_time="$mine" mine_memory="-" ;; esac
    case "$theirs" in "–"|failed) their_time="–" ;; ">"*) their_time="$theirs" ;; *) their_time=${theirs% *} their_memory=${theirs#* } ;; esac
    local line
    line=$(printf '| %-42s | %-9s | %-8s | %-9s | %-8s | %-7s |' "$label" "$(show_time "$mine_time")" "$(show_memory "$mine_memory")" \
        "$( [ "$their_time" = "–" ] && echo "–" || show_time "$their_time")" "$(show_memory "$their_memory")" \
        "$( [ "$their_time" = "–" ] && echo "–" || ratio "$their_time" "$mine_time")")
    if [ -n "$baseline" ]; then
        case "$base" in ">"*|failed) line="$line $(printf ' %-10s | %-8s |' "$base" "–")" ;;
            *) line="$line $(printf ' %-10s | %-8s |' "$(show_time "${base% *}")" "$(show_memory "${base#* }")")" ;; esac
    fi
    echo "$line"
}

row "graph (text)" graph-text -- graph "$dump"
row "graph --format json" graph-json -- graph "$dump" --format json
row "graph --format dot (reduced)" graph-dot -- graph "$dump" --format dot
row "graph --format mermaid (reduced)" graph-mermaid -- graph "$dump" --format mermaid
row "check (layers, isolation, forbidden)" check -- check "$dump"
row "schedule --workers 8 --weights uniform" schedule-text -- schedule "$dump" --workers 8 --weights uniform
row "schedule … --format json" schedule-json -- schedule "$dump" --workers 8 --weights uniform --format json
row "schedule … --format mermaid" schedule-mermaid -- schedule "$dump" --workers 8 --weights uniform --format mermaid
row "report --weights uniform --no-diagrams" report -- report "$dump" --weights uniform --no-diagrams --output "$out/report"
row "report --weights uniform (pictures left out)" - -- report "$dump" --weights uniform --output "$out/report-pictures"
# Refused in one line (exit 2) instead of running Graphviz for minutes.
expected_status=2 row "graph --format svg (refused above 2,000)" - -- graph "$dump" --format svg --output "$out/graph.svg"
echo "== load after: $(uptime | sed 's/.*load average: //')"
