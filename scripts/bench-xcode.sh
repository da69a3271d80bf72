#!/usr/bin/env bash
# Loading Xcode input, timed as users run it (release build, whole commands):
#   1. one generated project of 1,000 framework targets (goal: under 0.5 s), beside
#      PyPI's `pbxproj` parsing the same file (what a script would use instead);
#   2. a generated repository of 100 local packages and 5 projects of 200 targets,
#      searched from its root, warm (manifests cached; goal: under 1 s).
# Prints the median of 5 runs. Usage: scripts/bench-xcode.sh [WORK_DIR]
set -euo pipefail
work="${1:-$(mktemp -d)}"
root="$(cd "$(dirname "$0")/.." && pwd)"
swift build -c release --package-path "$root" --product modgraph >/dev/null
swift build -c release --package-path "$root/Benchmarks" --product modgraph-gen >/dev/null
modgraph="$root/.build/release/modgraph"
gen="$root/Benchmarks/.build/release/modgraph-gen"

median() { # command...: the median wall time of 5 runs, in seconds
    local times=()
    for _ in 1 2 3 4 5; do
        local start end
        start=$(date +%s.%N)
        "$@" >/dev/null 2>&1
        end=$(date +%s.%N)
        times+=("$(echo "$end - $start" | bc)")
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n 3p
}

rm -rf "$work/x1000" "$work/repo"
"$gen" --xcode-projects 1 --targets 1000 --output "$work/x1000" --no-sources
"$gen" --packages 100 --output "$work/repo/Modules" --no-sources
"$gen" --xcode-projects 5 --targets 1000 --output "$work/repo/Apps" --seed 2 --no-sources
cache="$work/cache"
echo "load: $(uptime)"
printf '%-58s %8s\n' "command" "median s"
project="$work/x1000/Project0/Project0.xcodeproj"
printf '%-58s %8s\n' "modgraph graph (1 project, 1,000 targets) --format json" "$(median "$modgraph" graph "$project" --format json)"
if python3 -c 'import pbxproj' 2>/dev/null; then
    printf '%-58s %8s\n' "python3 pbxproj: XcodeProject.load (parse only)" \
        "$(median python3 -c "from pbxproj import XcodeProject; XcodeProject.load('$project/project.pbxproj')")"
else
    echo "(pip install pbxproj to time PyPI's pbxproj beside it)"
fi
"$modgraph" graph "$work/repo" --cache-dir "$cache" >/dev/null 2>&1 || true
printf '%-58s %8s\n' "modgraph graph REPO (100 packages, 5 projects), warm" "$(median "$modgraph" graph "$work/repo" --cache-dir "$cache")"
printf '%-58s %8s\n' "modgraph graph REPO --verbose (every project and package listed), warm" "$(median "$modgraph" graph "$work/repo" --cache-dir "$cache" --verbose)"
