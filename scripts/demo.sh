#!/usr/bin/env bash
# The main job on the bundled samples: each sample's module graph printed for
# people, and written as JSON, DOT and (when Graphviz is installed) SVG to OUT (default out/).
set -euo pipefail
out="${1:-out}"
bin="$(swift build --show-bin-path)/modgraph"
mkdir -p "$out"
for sample in VerticalApp Workspace/App Violations; do
    name="$(echo "$sample" | tr '/' '-')"
    printf '== Samples/%s\n' "$sample"
    "$bin" graph "Samples/$sample"
    "$bin" graph "Samples/$sample" --format json --output "$out/$name.json"
    "$bin" graph "Samples/$sample" --format dot --output "$out/$name.dot"
    files="$out/$name.json $out/$name.dot"
    if command -v dot >/dev/null 2>&1; then
        dot -Tsvg "$out/$name.dot" -o "$out/$name.svg"
        files="$files $out/$name.svg"
    fi
    printf 'wrote %s\n\n' "$files"
done
