#!/usr/bin/env bash
# The GitHub Action (action.yml) end to end on this machine: its steps run by
# scripts/run-action.py from a clean clone of this repository into an empty folder, on
# workspaces of the samples, with the files a runner provides.
#
#   scripts/test-action.sh           (make test) modgraph from a release archive of make dist's
#                                    layout holding the binary this checkout built; seconds
#   scripts/test-action.sh --build   (make test-action) the action builds modgraph from the
#                                    clone's sources, in release mode, and caches it; a second
#                                    run restores it and builds nothing; minutes (docs/ci.md)
#
# Either way it checks that the action installs nothing the project's own tests need
# (Chromium, cmark-gfm): setup.sh --runtime, all the action runs, asks for neither.
# The clone is of HEAD: commit what you want tested.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
build=0
case "${1:-}" in
    --build) build=1 ;;
    '') ;;
    *) echo "usage: scripts/test-action.sh [--build]" >&2; exit 2 ;;
esac

say() { printf 'test-action: %s\n' "$*"; }
fail() { printf 'test-action: FAILED: %s\n' "$*"; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# What the action may install: Graphviz and pkg-config, on either system; never what only
# the project's tests need.
runtime="$("$repo/scripts/setup.sh" --runtime --print-packages)"
for unwanted in chromium cmark-gfm ruby shellcheck; do
    if grep -qw -- "$unwanted" <<< "$runtime"; then fail "setup.sh --runtime would install $unwanted: $runtime"; fi
done
if ! grep -q '^apt-get: graphviz ' <<< "$runtime" || ! grep -q '^brew: graphviz ' <<< "$runtime"; then
    fail "setup.sh --runtime does not install Graphviz: $runtime"
fi
grep -q 'setup.sh" --runtime' "$repo/scripts/action.sh" || fail "action.sh does not install through setup.sh --runtime"
say "the action installs only: $(tr '\n' ';' <<< "$runtime")"

git clone --quiet --no-local "$repo" "$work/action"
say "the action from a clean clone of $(git -C "$work/action" rev-parse --short HEAD) in an empty folder"

# Two workspaces: the sample with planted faults, and a clean one.
for sample in Violations VerticalApp; do
    cp -R "$repo/Samples/$sample" "$work/$sample"
done

# Runs the action; its record is $work/NAME.json, its log $work/NAME.log.
run() {
    local name="$1" workspace="$2"
    shift 2
    local code=0
    python3 "$repo/scripts/run-action.py" --action "$work/action" --workspace "$workspace" --out "$work/$name" \
        --cache-store "$work/cache-store" --result "$work/$name.json" "$@" > "$work/$name.log" 2>&1 || code=$?
    [ -f "$work/$name.json" ] || { cat "$work/$name.log"; fail "$name: run-action.py wrote no record (exit $code)"; }
}
field() { python3 -c 'import json, sys; record = json.load(open(sys.argv[1])); print(eval(sys.argv[2], {}, {"r": record}))' "$work/$1.json" "$2"; }
expect() {
    local name="$1" expression="$2" expected="$3" actual
    actual="$(field "$name" "$expression")"
    [ "$actual" = "$expected" ] || { cat "$work/$name.log"; fail "$name: $expression is $actual, not $expected"; }
}

if [ "$build" = 1 ]; then
    dpkg_before="$(dpkg-query -W -f '${Package}\n' 2>/dev/null | sort || true)"
    start=$SECONDS
    before_build="$(git -C "$work/action" status --porcelain --ignored)"
    run build "$work/Violations" --input sarif=true
    expect build '[s["outputs"]["built"] for s in r["steps"] if s["id"] == "install"][0]' true
    expect build '[c for c in r["cache"] if "saved" in c] != []' True
    say "first run: built modgraph from source in $((SECONDS - start)) s, and cached it"
    [ "$(git -C "$work/action" status --porcelain --ignored)" = "$before_build" ] \
        || fail "the build wrote into the action's folder: $(git -C "$work/action" status --porcelain --ignored)"
    start=$SECONDS
    run cached "$work/Violations"
    expect cached '[s["outputs"]["built"] for s in r["steps"] if s["id"] == "install"][0]' false
    expect cached '[c for c in r["cache"] if "restored" in c] != []' True
    grep -q 'restored from the cache' "$work/cached.log" || fail "the second run did not say it restored modgraph"
    say "second run: modgraph restored from the cache in $((SECONDS - start)) s, nothing built"
    dpkg_after="$(dpkg-query -W -f '${Package}\n' 2>/dev/null | sort || true)"
    new_packages="$(comm -13 <(echo "$dpkg_before") <(echo "$dpkg_after") | tr '\n' ' ')"
    if grep -qE 'chromium|cmark' <<< "$new_packages"; then fail "the action installed $new_packages"; fi
    say "packages the action installed: ${new_packages:-none}"
    runs=(build cached)
else
    # make dist's layout (modgraph-VERSION-OS-ARCH/bin/modgraph) around the binary built here.
    binary="${MODGRAPH:-$(cd "$repo" && swift build --show-bin-path)/modgraph}"
    [ -x "$binary" ] || fail "no modgraph at $binary: build first (swift build)"
    name="modgraph-$("$binary" --version)-$(uname -s | tr '[:upper:]' '[:lower:]')-$(uname -m)"
    mkdir -p "$work/dist/$name/bin"
    install -m 0755 "$binary" "$work/dist/$name/bin/modgraph"
    for workspace in Violations VerticalApp; do
        tar -czf "$work/$workspace/modgraph.tar.gz" -C "$work/dist" "$name"
    done
    digest="$(sha256sum "$work/Violations/modgraph.tar.gz" 2>/dev/null | cut -d ' ' -f 1 || shasum -a 256 "$work/Violations/modgraph.tar.gz" | cut -d ' ' -f 1)"
    archive=(--input archive=modgraph.tar.gz)
    runs=()

    # Findings, on a push: annotations, exit code 1 as the output, SARIF uploaded, the
    # report in the summary and as an artifact, and the job failed by the last step.
    run push "$work/Violations" "${archive[@]}" --input "archive-sha256=$digest" --input sarif=true --event push
    expect push 'r["conclusion"]' failure
    expect push 'r["outputs"]["exit-code"]' 1
    expect push 'r["steps"][-1]["status"]' failure
    expect push 'len(r["sarif"])' 1
    expect push '"violations/Networking" in open(r["sarif"][0]["file"]).read()' True
    expect push 'r["cache"]' '[]'
    expect push '"# " in r["summary"] and "violations/Networking" in r["summary"]' True
    expect push 'sorted(__import__("os").listdir(r["artifacts"]["modgraph-report"]))[:3]' "['graph.dot', 'graph.svg', 'index.html']"
    expect push 'r["path"] == [r["outputs"]["modgraph"].rsplit("/", 1)[0]]' True
    expect push 'r["env"]' ''
    grep -q '^::error file=Package.swift,line=25' "$work/push.log" || { cat "$work/push.log"; fail "push: no annotation on Package.swift:25"; }
    say "findings on a push: exit-code 1, annotations, SARIF uploaded, report in the summary and as an artifact, job failed"

    # The same from a fork's pull request: no SARIF (the token cannot write security events).
    run fork "$work/Violations" "${archive[@]}" --input sarif=true --event fork-pull_request
    expect fork 'r["outputs"]["exit-code"]' 1
    expect fork '[s["status"] for s in r["steps"] if s["name"] in ("SARIF", "Upload SARIF")]' "['skipped', 'skipped']"
    expect fork 'r["sarif"]' '[]'
    say "a pull request from a fork: SARIF skipped, the rest as on a push"

    # Dependabot's pull requests get a read-only token too.
    run dependabot "$work/Violations" "${archive[@]}" --input sarif=true --event pull_request --actor 'dependabot[bot]'
    expect dependabot '[s["status"] for s in r["steps"] if s["name"] in ("SARIF", "Upload SARIF")]' "['skipped', 'skipped']"
    expect dependabot 'r["outputs"]["exit-code"]' 1
    say "a pull request Dependabot opened: SARIF skipped"

    # A clean layering on a pull request from the repository itself: success.
    run clean "$work/VerticalApp" "${archive[@]}" --input sarif=true --event pull_request
    expect clean 'r["conclusion"]' success
    expect clean 'r["outputs"]["exit-code"]' 0
    expect clean 'len(r["sarif"])' 1
    say "a clean layering: exit-code 0, job passed"

    # Inputs are data: a path and arguments written to break out of a script stay arguments.
    run hostile "$work/VerticalApp" "${archive[@]}" --input 'path=$(touch pwned-path); touch pwned-path2 #' \
        --input 'args=--no-tests `touch pwned-args` $(touch pwned-args2)' --input report=false
    expect hostile 'r["outputs"]["exit-code"]' 2
    expect hostile 'r["conclusion"]' failure
    for file in pwned-path pwned-path2 pwned-args pwned-args2; do
        [ ! -e "$work/VerticalApp/$file" ] || fail "hostile: an input ran as shell and created $file"
    done
    say "hostile inputs: passed to modgraph as arguments (exit 2), nothing ran"

    # A wrong archive digest stops the action before modgraph runs.
    run digest "$work/VerticalApp" "${archive[@]}" --input "archive-sha256=$(printf '0%.0s' {1..64})"
    expect digest 'r["conclusion"]' failure
    expect digest '[s["status"] for s in r["steps"] if s["id"] == "check"]' "['skipped']"
    grep -q "error: archive's SHA-256 is" "$work/digest.log" || fail "digest: no message about the SHA-256"
    say "an archive whose SHA-256 differs: refused, nothing checked"
fi
for name in ${runs[@]+"${runs[@]}"}; do
    expect "$name" 'r["outputs"]["exit-code"]' 1
    expect "$name" 'r["conclusion"]' failure
    expect "$name" '"violations/Networking" in r["summary"]' True
done
say "passed"
