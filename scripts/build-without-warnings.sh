#!/usr/bin/env bash
# Runs a build (the arguments: `swift build --build-tests`) and fails when the compiler warns
# about a file of this repository (Sources/, Tests/, Plugins/): the project keeps zero
# warnings. Warnings in dependencies' code are not ours to fix and are not counted.
# An incremental build compiles only what changed, so only a clean build (CI's) sees all.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
"$@" 2>&1 | tee "$log" || status=$?
[ "$status" -eq 0 ] || exit "$status"
ours="$(grep -E "^$root/(Sources|Tests|Plugins)/[^:]+:[0-9]+:[0-9]+: warning:" "$log" | sort -u || true)"
if [ -n "$ours" ]; then
    count="$(printf '%s\n' "$ours" | wc -l | tr -d ' ')"
    printf '%s\n' "$ours" >&2
    echo "build-without-warnings: $count compiler warning(s) in this repository's code; the project keeps none" >&2
    exit 1
fi
