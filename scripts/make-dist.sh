#!/usr/bin/env bash
# The release archive (`make dist`): modgraph built in release mode with the Swift
# runtime and Foundation linked statically, so it runs without a Swift toolchain;
# its bash, zsh and fish completions, its man page, README.md and LICENSE, in
#   dist/modgraph-VERSION-OS-ARCH.tar.gz
# It still needs Graphviz's libraries (libgvc, libcgraph): see README.md, "Install".
# With GNU tar the archive is reproducible: sorted names, fixed times and owners.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
swift="${SWIFT:-swift}"

if [ "$(uname -s)" = Linux ]; then
    # Linux has a static Swift runtime and Foundation; macOS links the system's runtime anyway.
    "$swift" build -c release --product modgraph --static-swift-stdlib
else
    "$swift" build -c release --product modgraph
fi
binary="$("$swift" build -c release --show-bin-path)/modgraph"
# The manual's text is the help's, whatever the configuration: a debug build of everything
# (what `make test` builds) is cheaper than the plugin's default, a second release build.
"$swift" package generate-manual --configuration debug >/dev/null
manual="$repo/.build/plugins/GenerateManual/outputs/modgraph/modgraph.1"

version="$("$binary" --version)"
os="$(uname -s | tr '[:upper:]' '[:lower:]')"
arch="$(uname -m)"
name="modgraph-$version-$os-$arch"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
root="$work/$name"
install -d "$root/bin" "$root/share/bash-completion/completions" "$root/share/zsh/site-functions" \
    "$root/share/fish/vendor_completions.d" "$root/share/man/man1"
install -m 0755 "$binary" "$root/bin/modgraph"
"$binary" --generate-completion-script bash > "$root/share/bash-completion/completions/modgraph"
"$binary" --generate-completion-script zsh > "$root/share/zsh/site-functions/_modgraph"
"$binary" --generate-completion-script fish > "$root/share/fish/vendor_completions.d/modgraph.fish"
install -m 0644 "$manual" "$root/share/man/man1/modgraph.1"
install -m 0644 README.md LICENSE "$root/"

mkdir -p dist
# Written beside its final name, then renamed: a reader never sees half an archive.
partial="$(mktemp "dist/.$name.XXXXXX")"
if tar --version 2>/dev/null | grep -q 'GNU tar'; then
    tar --sort=name --mtime='2026-01-01 00:00:00' --owner=0 --group=0 --numeric-owner \
        -C "$work" -czf "$partial" "$name"
else
    # bsdtar (macOS) has no --sort or --mtime: the archive holds the same files, not byte for byte.
    tar --uid 0 --gid 0 -C "$work" -czf "$partial" "$name"
fi
chmod 0644 "$partial"
mv -f "$partial" "dist/$name.tar.gz"
echo "dist/$name.tar.gz"
