#!/usr/bin/env bash
# The main job on the bundled samples: `modgraph report` on each one prints a
# summary and writes graph.svg, graph.dot, schedule.svg, index.html, report.md and report.json into
# OUT/NAME (default out/), e.g. out/VerticalApp/report.md.
set -euo pipefail
out="${1:-out}"
bin="$(swift build --show-bin-path)/modgraph"
# Two simulated workers on every machine, so what it prints is what the README shows.
for sample in VerticalApp Workspace/App Violations XcodeApp WiringApp; do
    name="${sample%%/*}"
    printf '$ modgraph report Samples/%s --output %s/%s --workers 2\n' "$sample" "$out" "$name"
    "$bin" report "Samples/$sample" --output "$out/$name" --workers 2
    printf '\n'
done
# What the verticals of WiringApp use of one another at run time (docs/wiring.md).
printf '$ modgraph graph Samples/WiringApp --wiring\n'
"$bin" graph Samples/WiringApp --wiring
"$bin" graph Samples/WiringApp --wiring --format svg --output "$out/WiringApp/wiring.svg"
printf '\n'
printf 'Open %s/WiringApp/wiring.svg (the wiring graph, dashed).\n' "$out"
printf 'Open %s/VerticalApp/report.md (Markdown with Mermaid diagrams) and %s/VerticalApp/graph.svg.\n' "$out" "$out"
# The demo ran a debug build: 10–25× slower than a release one on a real app.
printf '\nThis was a debug build, at %s.\n' "${bin#"$PWD/"}"
printf 'On your own repository, use a release build (about 10–20 minutes to build the first time):\n'
# shellcheck disable=SC2016 # printed for the reader to run, not expanded here
printf '  make install PREFIX="$HOME/.local"     # then: cd your-app && modgraph graph .\n'
# shellcheck disable=SC2016
printf 'or without installing: swift build -c release && "$(swift build -c release --show-bin-path)/modgraph" graph PATH\n'

