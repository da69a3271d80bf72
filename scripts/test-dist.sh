#!/usr/bin/env bash
# The release archive end to end (`make test-dist`): builds it, extracts it into an
# empty folder and runs it with no Swift toolchain on PATH: `--version`, and a graph
# of Samples/VerticalApp's dump-package JSON. Not part of every CI run: it builds
# modgraph again in release mode.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
archive="$("$repo/scripts/make-dist.sh" | tail -n 1)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tar -xzf "$repo/$archive" -C "$work"
root="$(echo "$work"/modgraph-*)"
binary="$root/bin/modgraph"

for file in bin/modgraph share/man/man1/modgraph.1 share/bash-completion/completions/modgraph \
    share/zsh/site-functions/_modgraph share/fish/vendor_completions.d/modgraph.fish README.md LICENSE; do
    [ -f "$root/$file" ] || { echo "test-dist: $file missing from $archive"; exit 1; }
done
if [ "$(uname -s)" = Linux ] && ldd "$binary" | grep -q 'libswiftCore\|libFoundation'; then
    echo "test-dist: the binary links the Swift runtime dynamically:"; ldd "$binary"; exit 1
fi

# No toolchain: a PATH of the system's folders only, and an empty environment.
clean=(env -i "PATH=/usr/bin:/bin" "HOME=$work/home" "MODGRAPH_CACHE_DIR=$work/cache")
if "${clean[@]}" sh -c 'command -v swift' >/dev/null 2>&1; then
    echo "test-dist: swift is on /usr/bin or /bin here, so this cannot show the archive runs without it"; exit 1
fi
version="$("${clean[@]}" "$binary" --version)"
echo "test-dist: modgraph --version without a toolchain: $version"

# A package's manifest means what the toolchain's version makes it mean, so without one
# modgraph reads dump files (and Xcode projects): the sample's dump, made here with swift.
cp -R "$repo/Samples/VerticalApp" "$work/VerticalApp"
(cd "$work/VerticalApp" && swift package dump-package > dump.json)
"${clean[@]}" "$binary" graph "$work/VerticalApp/dump.json" > "$work/graph.txt"
expected="$repo/Tests/ModGraphCLITests/Golden/VerticalApp.txt"
if ! diff -u "$expected" "$work/graph.txt"; then
    echo "test-dist: the graph differs from $expected"; exit 1
fi
echo "test-dist: $archive: $(du -h "$repo/$archive" | cut -f1), graph of Samples/VerticalApp's dump as in its golden file, no toolchain on PATH"
