#!/usr/bin/env bash
# End to end: a package that depends on ModGraph by path runs `swift package
# modgraph check` (exit 0 on a clean layering, 1 with a violation) and
# `modgraph-report` (which asks to write). Builds modgraph again for that
# package, so it is not part of every CI run: `make test-plugin`.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
app="$work/Shop"
mkdir -p "$app/Sources/Core" "$app/Sources/Feed" "$app/Sources/Profile"
cat > "$app/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "Shop",
    dependencies: [.package(path: "$repo")],
    targets: [
        .target(name: "Core"),
        .target(name: "Feed", dependencies: ["Core"]),
        .target(name: "Profile", dependencies: ["Core"]),
    ]
)
MANIFEST
for target in Core Feed Profile; do echo "public let ${target,,} = 1" > "$app/Sources/$target/$target.swift"; done
cat > "$app/.modgraph.yml" <<'CONFIG'
layers:
  - {name: features, targets: [Feed, Profile], isolated: true}
  - {name: core, targets: [Core]}
CONFIG
cd "$app"
status() { set +e; "$@" > "$work/out.txt" 2>&1; local code=$?; set -e; echo "$code"; }

code=$(status swift package modgraph check)
echo "clean layering: swift package modgraph check exited $code"
[ "$code" = 0 ] || { cat "$work/out.txt"; exit 1; }

sed -i.bak 's/.target(name: "Profile", dependencies: \["Core"\])/.target(name: "Profile", dependencies: ["Core", "Feed"])/' Package.swift
code=$(status swift package modgraph check)
echo "a vertical depending on another: swift package modgraph check exited $code (modgraph's 1 is reported as a failed plugin)"
grep -q "Profile depends on Feed" "$work/out.txt" || { cat "$work/out.txt"; exit 1; }
[ "$code" != 0 ] || exit 1

code=$(status swift package modgraph report)
echo "report through the read-only plugin: exited $code, pointing at modgraph-report"
grep -q "modgraph-report" "$work/out.txt" || { cat "$work/out.txt"; exit 1; }

code=$(status swift package --allow-writing-to-package-directory modgraph-report --no-diagrams)
echo "swift package --allow-writing-to-package-directory modgraph-report exited $code"
[ -f modgraph-report/report.md ] || { cat "$work/out.txt"; exit 1; }
echo "plugin: all good"
