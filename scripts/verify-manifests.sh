#!/usr/bin/env bash
# Runs `modgraph graph --verify-manifests` over real packages: every bare
# repository under /opt/swift-packages (OWNER/NAME.git, the local copies this
# machine's packages resolve from) at its newest release tag, and every
# Package.swift nested in it (examples, fixtures, benchmarks), plus any
# folders given as arguments (real apps checked out elsewhere). Each manifest
# is evaluated from its syntax tree and dumped by `swift package
# dump-package`; the script prints the share evaluated statically and the
# number of differences, which must be 0. Not part of CI: it dumps every
# manifest, about 1 to 3 s each on 2 cores.
#
#   scripts/verify-manifests.sh [EXTRA_FOLDER ...]
#
# Environment: MODGRAPH (default .build/release/modgraph, else .build/debug/modgraph),
# PACKAGES (default /opt/swift-packages), WORK (default a temporary folder, removed
# at the end unless KEEP=1). Prints one line per difference, then the summary;
# exits 1 when any manifest differs.
set -euo pipefail
cd "$(dirname "$0")/.."

MODGRAPH=${MODGRAPH:-}
if [[ -z "$MODGRAPH" ]]; then
    if [[ -x .build/release/modgraph ]]; then MODGRAPH=$PWD/.build/release/modgraph; else MODGRAPH=$PWD/.build/debug/modgraph; fi
fi
PACKAGES=${PACKAGES:-/opt/swift-packages}
WORK=${WORK:-$(mktemp -d "${TMPDIR:-/tmp}/modgraph-verify.XXXXXX")}
[[ "${KEEP:-0}" == 1 ]] || trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/src"
LOG="$WORK/results.txt"
: > "$LOG"

echo "modgraph: $MODGRAPH"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"

# The newest release tag: plain versions only (1.2.3, v1.2), highest by version order.
newest_tag() {
    git -C "$1" tag --list | grep -E '^v?[0-9]+(\.[0-9]+){1,2}$' | sort -V | tail -1
}

folders=()
for repository in "$PACKAGES"/*/*.git; do
    [[ -d "$repository" ]] || continue
    tag=$(newest_tag "$repository" || true)
    [[ -n "$tag" ]] || continue
    name=$(basename "$(dirname "$repository")")/$(basename "$repository" .git)
    target="$WORK/src/$name@$tag"
    mkdir -p "$target"
    git -C "$repository" archive --format=tar "$tag" | tar -x -C "$target"
    while IFS= read -r manifest; do
        folders+=("$(dirname "$manifest")")
    done < <(find "$target" -name Package.swift -not -path '*/.build/*' | sort)
done
for extra in "$@"; do
    while IFS= read -r manifest; do
        folders+=("$(dirname "$manifest")")
    done < <(find "$extra" -name Package.swift -not -path '*/.build/*' | sort)
done

echo "packages: ${#folders[@]} folders with a Package.swift"
for folder in "${folders[@]}"; do
    # A run loads the folder's manifest and those of its path: dependencies; each manifest
    # is counted once below, by its path. A manifest dump-package cannot load on this
    # machine (one written for Apple's platforms only) fails its run: counted apart.
    output=$("$MODGRAPH" graph "$folder" --externals none --no-tests --format json -o /dev/null --verify-manifests --verbose 2>&1) || true
    grep -E '^note: manifest (evaluated|fell back): ' <<<"$output" | sed 's/^note: manifest //' >> "$LOG" || true
    grep -E '^manifest difference: ' <<<"$output" >> "$LOG" || true
    if ! grep -qE '^note: manifests verified:' <<<"$output"; then
        echo "failed: $folder: $(grep -E '^error:' <<<"$output" | head -1)" >> "$LOG"
    fi
done

python3 - "$LOG" <<'PY'
import collections, re, sys
evaluated, fallbacks, differences, failed = set(), {}, [], []
for line in open(sys.argv[1]):
    line = line.rstrip("\n")
    if line.startswith("evaluated: "):
        evaluated.add(line[len("evaluated: "):])
    elif line.startswith("fell back: "):
        path, _, reason = line[len("fell back: "):].partition(": ")
        fallbacks[path] = reason
    elif line.startswith("manifest difference: "):
        differences.append(line[len("manifest difference: "):])
    elif line.startswith("failed: "):
        failed.append(line[len("failed: "):])
for line in sorted(set(differences)):
    print("difference:", line)
total = len(evaluated) + len(fallbacks)
reasons = collections.Counter(re.sub(r"^line \d+: ", "", r) for r in fallbacks.values())
print("most common fallback reasons:")
for reason, count in reasons.most_common(15):
    print(f"  {count:4d}  {reason}")
print(f"runs that failed (dump-package could not load a manifest here): {len(failed)}")
share = 100 * len(evaluated) / total if total else 0
print(f"manifests: {total}, evaluated statically: {len(evaluated)} ({share:.1f}%), dumped: {len(fallbacks)}, differences: {len(set(differences))}")
sys.exit(1 if differences else 0)
PY
