#!/usr/bin/env bash
# The Homebrew formula (Formula/modgraph.rb), checked where Homebrew does not run:
#
#   scripts/test-formula.sh                  (make test) its Ruby syntax (ruby -c), its fields
#                                            against the policy in scripts/test-formula.rb, and
#                                            its `test do` block run on the modgraph built here
#   scripts/test-formula.sh --dist ARCHIVE   the same, the test block run on the binary of a
#                                            release archive from make dist
#   scripts/test-formula.sh --update ARCHIVE sets sha256 to the digest of the tagged source
#                                            archive the url names, once it is published
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
formula="$repo/Formula/modgraph.rb"

sha256() {
    if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1" | cut -d ' ' -f 1; else shasum -a 256 "$1" | cut -d ' ' -f 1; fi
}

if [ "${1:-}" = --update ]; then
    archive="${2:?usage: scripts/test-formula.sh --update ARCHIVE}"
    digest="$(sha256 "$archive")"
    partial="$(mktemp "$repo/Formula/.modgraph.rb.XXXXXX")"
    sed -E "s/^(  sha256 \")[0-9a-f]{64}(\")$/\1$digest\2/" "$formula" > "$partial"
    grep -q "sha256 \"$digest\"" "$partial" || { rm -f "$partial"; echo "test-formula: no sha256 line to update in $formula"; exit 1; }
    mv -f "$partial" "$formula"
    echo "test-formula: sha256 $digest ($archive)"
    exit 0
fi

command -v ruby >/dev/null 2>&1 || { echo "test-formula: no ruby on PATH (scripts/setup.sh installs it)"; exit 1; }
ruby -c "$formula" >/dev/null
echo "test-formula: $formula: Ruby syntax OK"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ "${1:-}" = --dist ]; then
    archive="${2:?usage: scripts/test-formula.sh --dist ARCHIVE}"
    tar -xzf "$archive" -C "$work"
    bin_dir="$(echo "$work"/modgraph-*/bin)"
else
    bin_dir="$(dirname "${MODGRAPH:-$(cd "$repo" && swift build --show-bin-path)/modgraph}")"
fi
[ -x "$bin_dir/modgraph" ] || { echo "test-formula: no modgraph in $bin_dir: build first"; exit 1; }
# The url must name the version the sources are (the binary says it).
version="$("$bin_dir/modgraph" --version)"
ruby "$repo/scripts/test-formula.rb" "$formula" "$version" "$bin_dir"
