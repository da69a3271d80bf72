#!/usr/bin/env bash
# Validates the GitHub Action (action.yml), the documented workflows (docs/workflows) and the
# project's own (.github/workflows), with tools scripts/setup.sh installs from PyPI at pinned
# versions; none needs the network:
#   - check-jsonschema: against SchemaStore's schemas, which it carries with it;
#   - zizmor --offline --persona=auditor: security audits (pinned actions and images,
#     permissions, injection, concurrency); 0 findings;
#   - actionlint: the workflows' syntax, expressions and, through ShellCheck, their scripts;
#     action.yml's inputs through ci.yml's `uses: ./`;
#   - ShellCheck on the scripts the action runs (scripts/action.sh, scripts/setup.sh).
# Then the configuration and output schemas against the repository's files.
set -euo pipefail
cd "$(dirname "$0")/.."
# scripts/setup.sh installs the tools in .build/venv.
PATH="$(cd "$(dirname "$0")/.." && pwd)/.build/venv/bin:$PATH"
for tool in check-jsonschema zizmor actionlint shellcheck; do
    command -v "$tool" >/dev/null 2>&1 || { echo "validate-ci-files: no $tool on PATH: run scripts/setup.sh"; exit 1; }
done
workflows=(docs/workflows/*.yml .github/workflows/*.yml)
check-jsonschema --builtin-schema vendor.github-actions action.yml
check-jsonschema --builtin-schema vendor.github-workflows "${workflows[@]}"
zizmor --offline --no-progress --persona=auditor action.yml "${workflows[@]}"
actionlint "${workflows[@]}"
shellcheck scripts/action.sh scripts/setup.sh scripts/pin-image.sh
# scripts/pin-image.sh on a copy of ci.yml, the registry stood in for by a crane that
# answers a digest (and then one that answers something else, which must be refused).
pin="$(mktemp -d)"
mkdir -p "$pin/bin" "$pin/workflows"
cp .github/workflows/ci.yml "$pin/workflows/ci.yml"
printf '#!/bin/sh\necho "sha256:%s"\n' "$(printf 'ab%.0s' {1..32})" > "$pin/bin/crane"
chmod +x "$pin/bin/crane"
PATH="$pin/bin:$PATH" scripts/pin-image.sh "$pin/workflows/ci.yml" > /dev/null
grep -q "^    container: swift:6.3-bookworm@sha256:$(printf 'ab%.0s' {1..32}) # swift:6.3-bookworm$" "$pin/workflows/ci.yml" \
    || { echo "validate-ci-files: pin-image.sh did not pin the image"; exit 1; }
zizmor --offline --no-progress --persona=auditor "$pin/workflows/ci.yml" > /dev/null
# A digest given (read from docker-library/repo-info where the registry cannot be reached)
# replaces the pin without asking; one that is not a digest is refused like an answer.
cd_digest="sha256:$(printf 'cd%.0s' {1..32})"
PATH="$pin/bin:$PATH" scripts/pin-image.sh "$pin/workflows/ci.yml" "$cd_digest" > /dev/null
grep -q "^    container: swift:6.3-bookworm@$cd_digest # swift:6.3-bookworm$" "$pin/workflows/ci.yml" \
    || { echo "validate-ci-files: pin-image.sh did not take the digest given"; exit 1; }
cp "$pin/workflows/ci.yml" "$pin/given.yml"
if scripts/pin-image.sh "$pin/workflows/ci.yml" "sha256:$(printf 'cd%.0s' {1..31})" 2> /dev/null; then
    echo "validate-ci-files: pin-image.sh took a given digest that is not one"; exit 1
fi
cmp -s "$pin/given.yml" "$pin/workflows/ci.yml" || { echo "validate-ci-files: a refused digest changed the file"; exit 1; }
printf '#!/bin/sh\necho "latest; rm -rf /"\n' > "$pin/bin/crane"
cp .github/workflows/ci.yml "$pin/workflows/ci.yml"
if PATH="$pin/bin:$PATH" scripts/pin-image.sh "$pin/workflows/ci.yml" 2> /dev/null; then
    echo "validate-ci-files: pin-image.sh took an answer that is not a digest"; exit 1
fi
cmp -s .github/workflows/ci.yml "$pin/workflows/ci.yml" || { echo "validate-ci-files: a refused pin changed the file"; exit 1; }
rm -rf "$pin"
# CI's own image is pinned (zizmor above would say so too, unless told to ignore the line).
if ! grep -Eq '^    container: swift:6\.3-bookworm@sha256:[0-9a-f]{64} # swift:6\.3-bookworm$' .github/workflows/ci.yml \
    || grep -q 'ignore\[unpinned-images\]' .github/workflows/ci.yml; then
    echo "validate-ci-files: ci.yml's container image is not pinned by digest"; exit 1
fi
echo "validate-ci-files: action.yml and ${#workflows[@]} workflows: schemas, zizmor, actionlint and ShellCheck clean"
# The configuration schema (docs/modgraph.schema.json) accepts every configuration in the repository.
check-jsonschema --schemafile docs/modgraph.schema.json .modgraph.yml Samples/*/.modgraph.yml Tests/ModGraphCLITests/Golden/init-VerticalApp.yml
# The JSON outputs' schemas (docs/schemas) accept the golden outputs and a live check with exceptions.
golden=Tests/ModGraphCLITests/Golden
check-jsonschema --schemafile docs/schemas/graph.schema.json "$golden"/VerticalApp.json "$golden"/Violations.json \
    "$golden"/Workspace.json "$golden"/XcodeApp.json "$golden"/VerticalApp-macos-notests.json
check-jsonschema --schemafile docs/schemas/check.schema.json "$golden"/check-Violations.json
check-jsonschema --schemafile docs/schemas/wiring.schema.json "$golden"/WiringApp-wiring.json
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
    # graph --wiring's JSON (docs/wiring.md), written live from the sample.
    "$modgraph" graph Samples/WiringApp --wiring --format json > "$scratch/wiring.json" 2>/dev/null
    check-jsonschema --schemafile docs/schemas/wiring.schema.json "$scratch/wiring.json"
fi
check-jsonschema --schemafile docs/schemas/schedule.schema.json "$golden"/VerticalApp-schedule-uniform.json "$golden"/VerticalApp-schedule-sources.json
