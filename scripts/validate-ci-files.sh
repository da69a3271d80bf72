#!/usr/bin/env bash
# Validates the GitHub Action and the documented workflows against SchemaStore's
# schemas, which check-jsonschema (PyPI) carries with it: no network needed.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v check-jsonschema >/dev/null 2>&1; then
    python3 -m pip install --quiet check-jsonschema 2>/dev/null \
        || python3 -m pip install --quiet --break-system-packages check-jsonschema
fi
check-jsonschema --builtin-schema vendor.github-actions action.yml
check-jsonschema --builtin-schema vendor.github-workflows docs/workflows/*.yml
# The configuration schema (docs/modgraph.schema.json) accepts every configuration in the repository.
check-jsonschema --schemafile docs/modgraph.schema.json .modgraph.yml Samples/*/.modgraph.yml Tests/ModGraphCLITests/Golden/init-VerticalApp.yml
# The JSON outputs' schemas (docs/schemas) accept the golden outputs and a live check with exceptions.
golden=Tests/ModGraphCLITests/Golden
check-jsonschema --schemafile docs/schemas/graph.schema.json "$golden"/VerticalApp.json "$golden"/Violations.json \
    "$golden"/Workspace.json "$golden"/XcodeApp.json "$golden"/VerticalApp-macos-notests.json
check-jsonschema --schemafile docs/schemas/check.schema.json "$golden"/check-Violations.json
modgraph="${MODGRAPH:-$(swift build --show-bin-path)/modgraph}"
if [ -x "$modgraph" ]; then
    scratch="$(mktemp -d)"
    trap 'rm -rf "$scratch"' EXIT
    cp -R Samples/Violations "$scratch/Violations"
    rm -f "$scratch/Violations/.modgraph.yml"
    "$modgraph" init "$scratch/Violations" 2>/dev/null
    "$modgraph" check "$scratch/Violations" --format json > "$scratch/check.json" 2>/dev/null
    check-jsonschema --schemafile docs/schemas/check.schema.json "$scratch/check.json"
    # report.json (its check and schedule sections by reference) and a baseline, written live.
    "$modgraph" report Samples/Violations --workers 2 --output "$scratch/report" >/dev/null 2>&1
    "$modgraph" report Samples/Workspace/App --no-diagrams --output "$scratch/workspace-report" >/dev/null 2>&1
    check-jsonschema --schemafile docs/schemas/report.schema.json "$scratch/report/report.json" "$scratch/workspace-report/report.json"
    "$modgraph" check Samples/Violations --write-baseline "$scratch/baseline.json" >/dev/null 2>&1 || true
    check-jsonschema --schemafile docs/schemas/baseline.schema.json "$scratch/baseline.json"
fi
check-jsonschema --schemafile docs/schemas/schedule.schema.json "$golden"/VerticalApp-schedule-uniform.json "$golden"/VerticalApp-schedule-sources.json
