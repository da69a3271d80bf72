#!/usr/bin/env bash
# Lints the viewer's script (Sources/ModGraphReport/Viewer/viewer.js, which SwiftPM embeds in
# the binary) with ESLint and the rules of scripts/lint-viewer/eslint-rules.js: ESLint's
# recommended set and what the page's safety rests on (no markup from names, no code from
# text). Debian's ESLint 6 reads legacy.eslintrc.js, Homebrew's ESLint 9 eslint.config.js.
# Before the script, the rules themselves: a snippet that sets innerHTML must fail, or the
# lint proves nothing. scripts/setup.sh installs ESLint; without it, CI fails and a local run
# says it was skipped.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v eslint >/dev/null 2>&1; then
    if [ "${CI:-}" = true ]; then
        echo "lint-viewer: eslint is not installed (scripts/setup.sh installs it)" >&2
        exit 1
    fi
    echo "lint-viewer: skipped: eslint is not installed (scripts/setup.sh installs it)"
    exit 0
fi
# Debian's ESLint finds its modules under /usr/share/nodejs, where another Node (NodeSource's) does not look.
export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"
version=$(eslint --version)
major=$(printf '%s\n' "$version" | sed -E 's/^v?([0-9]+).*/\1/')
lint() {
    if [ "$major" -ge 9 ]; then
        eslint --no-ignore --config scripts/lint-viewer/eslint.config.js --max-warnings 0 "$@"
    else
        # The compact formatter: Debian's default one (stylish) needs node-chalk, which its ESLint
        # package does not always bring (a fresh Debian image failed with "Cannot find module 'chalk'").
        eslint --no-eslintrc --no-ignore --config scripts/lint-viewer/legacy.eslintrc.js --format compact --max-warnings 0 "$@"
    fi
}

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/probe"
printf "(function () {\n  'use strict';\n  var name = document.title;\n  document.body.innerHTML = name;\n})();\n" > "$scratch/probe/viewer.js"
# ESLint 9 lints only files below the folder it runs in: the probe is copied under .build.
mkdir -p .build/lint-viewer-probe
cp "$scratch/probe/viewer.js" .build/lint-viewer-probe/viewer.js
if lint .build/lint-viewer-probe/viewer.js >"$scratch/probe.out" 2>&1; then
    echo "lint-viewer: the rules let innerHTML through; the lint proves nothing" >&2
    cat "$scratch/probe.out" >&2
    exit 1
fi
grep -q "names reach the page through textContent or createElement" "$scratch/probe.out" || {
    echo "lint-viewer: the probe failed for another reason than innerHTML:" >&2
    cat "$scratch/probe.out" >&2
    exit 1
}
rm -rf .build/lint-viewer-probe

lint Sources/ModGraphReport/Viewer/viewer.js
echo "viewer.js: no problems (ESLint $version)"
