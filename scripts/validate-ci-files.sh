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
