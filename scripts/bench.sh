#!/usr/bin/env bash
# Builds the benchmarks in release mode and prints their figures as a table.
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
swift build -c release --product modgraph-bench
"$(swift build -c release --show-bin-path)/modgraph-bench" "$@"
