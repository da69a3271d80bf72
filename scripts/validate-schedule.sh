#!/usr/bin/env bash
# Compares modgraph's predicted build time with a real clean build, for docs/planning.md:
#   scripts/validate-schedule.sh OWNER/NAME [TAG] [WORKERS]
# Clones /opt/swift-packages/OWNER/NAME.git (or $PACKAGES/OWNER/NAME.git) into a temporary
# folder, checks out TAG (default: the newest tag), resolves dependencies (into the clone's
# .build, so that `--externals expand` finds their targets), then
#   1. times a clean `swift build -j WORKERS` in a scratch folder of its own,
#   2. runs `modgraph measure -j WORKERS` (another clean build, with statistics),
#   3. runs `modgraph schedule --no-tests --platform linux --traits default --externals expand
#      --workers WORKERS --weights measured.json` (macos on a Mac),
# and prints the load average before each build and one table row. Nothing is committed
# and the clone is removed unless KEEP=1. Builds run one after the other, never at once.
# With RESULTS=DIR, the weights, the plan and the row are also copied to DIR (as
# OWNER_NAME-TAG.*), so that a later modgraph can re-plan from the same weights.
set -euo pipefail
repository=${1:?usage: validate-schedule.sh OWNER/NAME [TAG] [WORKERS]}
workers=${3:-2}
packages=${PACKAGES:-/opt/swift-packages}
root="$(cd "$(dirname "$0")/.." && pwd)"
modgraph=${MODGRAPH:-"$root/.build/release/modgraph"}
[ -x "$modgraph" ] || (cd "$root" && swift build -c release --product modgraph >/dev/null)

work=$(mktemp -d "${TMPDIR:-/tmp}/modgraph-validate.XXXXXX")
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT
git clone -q "$packages/$repository.git" "$work/package"
cd "$work/package"
tag=${2:-$(git tag --sort=-v:refname | head -1)}
git checkout -q "$tag"
swift package resolve >/dev/null 2>&1

echo "load before the plain build: $(uptime)"
start=$(date +%s.%N)
swift build -j "$workers" --scratch-path "$work/plain" >"$work/plain.log" 2>&1
end=$(date +%s.%N)
plain=$(echo "$end - $start" | bc)

echo "load before the measured build: $(uptime)"
"$modgraph" measure . -j "$workers" --traits default --scratch-path "$work/measured" --output "$work/weights.json"
# Plan for the platform being built on: dependencies conditioned on others are not built.
case "$(uname -s)" in Darwin) platform=macos ;; *) platform=linux ;; esac
"$modgraph" schedule . --no-tests --platform "$platform" --traits default --externals expand --workers "$workers" --weights "$work/weights.json" --format json --output "$work/plan.json" 2>"$work/schedule.err" || true
cat "$work/schedule.err" >&2

python3 - "$repository" "$tag" "$plain" "$work/weights.json" "$work/plan.json" <<'PY' | tee "$work/row.md"
import json, sys
repository, tag, plain, weights, plan = sys.argv[1], sys.argv[2], float(sys.argv[3]), json.load(open(sys.argv[4])), json.load(open(sys.argv[5]))
predicted = plan["summary"]["makespan"]
phases = weights["buildPhases"]
print(f"| {repository} {tag} | {plan['summary']['targets']} | {predicted:.1f} s | {plain:.1f} s | {100 * (predicted - plain) / plain:+.0f}% "
      f"| {weights['buildWallSeconds']:.1f} s ({phases['beforeFirstCompile']:.1f} + {phases['compiling']:.1f} + {phases['afterLastCompile']:.1f}) "
      f"| {100 * (predicted - weights['buildWallSeconds']) / weights['buildWallSeconds']:+.0f}% |")
PY
if [ -n "${RESULTS:-}" ]; then
    mkdir -p "$RESULTS"
    stem="$RESULTS/$(echo "$repository" | tr / _)-$tag"
    cp "$work/weights.json" "$stem.weights.json"
    cp "$work/plan.json" "$stem.plan.json"
    cp "$work/row.md" "$stem.row.md"
fi
