#!/usr/bin/env bash
# Times modgraph's diagrams of a real package with its remote dependencies expanded, for
# docs/diagrams.md:
#   scripts/measure-diagrams.sh OWNER/NAME [TAG] [OUTDIR]
# Clones /opt/swift-packages/OWNER/NAME.git (or $PACKAGES/OWNER/NAME.git) into a temporary
# folder, checks out TAG (default: the newest tag), resolves its dependencies, loads the graph
# once (so the dump cache answers afterwards), then draws each view as SVG and PNG with the
# default layout, timing every `modgraph graph` end to end. Pictures go to OUTDIR (default
# out/diagrams-NAME) for looking at; nothing of the package is kept.
set -euo pipefail
repository=${1:?usage: measure-diagrams.sh OWNER/NAME [TAG] [OUTDIR]}
packages=${PACKAGES:-/opt/swift-packages}
root="$(cd "$(dirname "$0")/.." && pwd)"
modgraph=${MODGRAPH:-"$root/.build/release/modgraph"}
[ -x "$modgraph" ] || (cd "$root" && swift build -c release --product modgraph >/dev/null)
output=${3:-"$root/out/diagrams-$(basename "$repository")"}
mkdir -p "$output"
output="$(cd "$output" && pwd)"

work=$(mktemp -d "${TMPDIR:-/tmp}/modgraph-diagrams.XXXXXX")
trap 'rm -rf "$work"' EXIT
git clone -q "$packages/$repository.git" "$work/package"
cd "$work/package"
tag=${2:-$(git tag --sort=-v:refname | head -1)}
git checkout -q "$tag"
swift package resolve >/dev/null 2>&1
"$modgraph" graph . --externals expand --format json --output "$work/graph.json" 2>/dev/null

echo "$repository $tag; load: $(uptime | sed 's/.*load average: //')"
echo "| view | nodes | edges drawn | SVG | PNG | PNG size |"
echo "|---|---|---|---|---|---|"
views=("--externals expand" "--externals expand --no-tests" "--externals expand --no-tests --level package" "--externals products --no-tests")
names=("expand" "expand-no-tests" "packages" "products-no-tests")
for index in "${!views[@]}"; do
    view=${views[$index]}
    name=${names[$index]}
    # shellcheck disable=SC2086
    "$modgraph" graph . $view --format dot --output "$output/$name.dot" 2>/dev/null
    nodes=$(grep -c '^ *"[^"]*" \[label=' "$output/$name.dot" || true)
    edges=$(grep -c '^ *"[^"]*" -> "' "$output/$name.dot" || true)
    start=$(date +%s.%N)
    # shellcheck disable=SC2086
    "$modgraph" graph . $view --format svg --output "$output/$name.svg" 2>/dev/null
    middle=$(date +%s.%N)
    # shellcheck disable=SC2086
    "$modgraph" graph . $view --format png --output "$output/$name.png" 2>/dev/null
    end=$(date +%s.%N)
    size=$(python3 -c "import struct,sys; d=open(sys.argv[1],'rb').read(24); print('%d × %d px' % struct.unpack('>II', d[16:24]))" "$output/$name.png")
    printf '| `%s` | %s | %s | %.2f s | %.2f s | %s |\n' "$view" "$nodes" "$edges" \
        "$(echo "$middle - $start" | bc)" "$(echo "$end - $middle" | bc)" "$size"
done
echo "pictures in $output"
