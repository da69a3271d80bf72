#!/usr/bin/env bash
# The GitHub Action (action.yml) end to end on this machine: its steps run by
# scripts/run-action.py from a clean clone of this repository into an empty folder, on
# workspaces of the samples, with the files a runner provides; then the workflows of
# docs/workflows job by job on git repositories of the samples (an iOS app whose scheme
# tests nothing, a private repository without code scanning, pushes and pull requests).
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
    push_sha="$(printf 'a%.0s' {1..40})"
    run push "$work/Violations" "${archive[@]}" --input "archive-sha256=$digest" --input sarif=true --event push --sha "$push_sha"
    expect push 'r["conclusion"]' failure
    expect push 'r["outputs"]["exit-code"]' 1
    expect push 'r["steps"][-1]["status"]' failure
    expect push 'len(r["sarif"])' 1
    expect push '"violations/Networking" in open(r["sarif"][0]["file"]).read()' True
    # The push to the default branch saves modgraph's cache under its commit.
    expect push '[list(c) for c in r["cache"]]' "[['missed'], ['saved']]"
    expect push 'r["cache"][1]["saved"].startswith("modgraph-cache-") and r["cache"][1]["saved"].endswith("'"$push_sha"'")' True
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

    # It restored the push's cache and saved none; its check found every scan there: the shelves
    # restored into the folder the check uses were not written again (a check without them writes them).
    expect fork 'r["cache"]' "[{'restored': '$(field push 'r["cache"][1]["saved"]')'}]"
    expect fork '[s["status"] for s in r["steps"] if s["name"] == "Save modgraph'"'"'s cache"]' "['skipped']"
    python3 - "$work/cache-store/$(field push 'r["cache"][1]["saved"]')" "$work/fork/runner-temp/modgraph-cache" <<'PYTHON' \
        || fail "fork: the check did not use the restored cache"
import os, sys
saved, used = sys.argv[1], sys.argv[2]
shelves = [name for name in os.listdir(os.path.join(saved, "source-scans")) if name.endswith("-imports.bin")]
assert shelves, "the push saved no imports shelf"
for name in shelves:
    before, after = os.path.join(saved, "source-scans", name), os.path.join(used, "source-scans", name)
    assert os.stat(before).st_mtime_ns == os.stat(after).st_mtime_ns, f"{name} was written again"
PYTHON
    say "modgraph's cache: saved by the push to main, restored by a pull request (which saves none), every scan found in it"

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

    # A push to another branch reads the cache and saves none: only the default branch's runs write it.
    run branch "$work/VerticalApp" "${archive[@]}" --input report=false --event push --branch feature
    expect branch 'r["outputs"]["exit-code"]' 0
    expect branch '[list(c) for c in r["cache"]]' "[['restored']]"
    expect branch '[s["status"] for s in r["steps"] if s["name"] == "Save modgraph'"'"'s cache"]' "['skipped']"
    say "a push to another branch: the cache restored, none saved"

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

    # The workflows of docs/workflows as a team pastes them, job by job, on repositories the
    # samples make (a bare origin and a clone, as actions/checkout leaves with fetch-depth 0):
    # the tools they call are recording stand-ins (test-workflow-tools/), as no Xcode runs here.
    cp "$work/Violations/modgraph.tar.gz" "$work/modgraph.tar.gz"
    tools="$work/tools"
    mkdir -p "$tools"
    for tool in xcodebuild swift; do
        install -m 0755 "$repo/scripts/test-workflow-tools/$tool" "$tools/$tool"
    done
    repository() { # SAMPLE NAME: $work/NAME, a clone of a bare origin holding the sample on main
        cp -R "$repo/Samples/$1" "$work/$2-src"
        git -C "$work/$2-src" init --quiet --initial-branch=main
        git -C "$work/$2-src" add -A
        git -C "$work/$2-src" -c user.name=ci -c user.email=ci@example.com commit --quiet -m sample
        git clone --quiet --bare "$work/$2-src" "$work/$2-origin.git"
        git clone --quiet "$work/$2-origin.git" "$work/$2"
    }
    change() { # NAME FILE: a pull request's branch changing FILE
        git -C "$work/$1" checkout --quiet -b change
        printf '\n// a change\n' >> "$work/$1/$2"
        git -C "$work/$1" -c user.name=ci -c user.email=ci@example.com commit --quiet -am change
    }
    command -v swift > "$tools/real-swift"
    job() { # NAME WORKFLOW WORKSPACE [run-action options]: the job, the tools' record in $work/NAME.tools
        local name="$1" file="$2" workspace="$3"
        shift 3
        rm -f "$tools/record"
        PATH="$tools:$PATH" run "$name" "$workspace" --workflow "$repo/docs/workflows/$file" --input "archive=$work/modgraph.tar.gz" "$@"
        if [ -f "$tools/record" ]; then mv "$tools/record" "$work/$name.tools"; fi
    }
    tool_record() { cat "$work/$1.tools" 2>/dev/null || true; }

    # An iOS app whose own scheme tests nothing (the app's shared scheme has no testables), on a
    # private repository (no code scanning), as the workflow comes (SARIF off).
    repository XcodeApp ios
    mkdir -p "$work/ios/XcodeApp.xcworkspace/xcshareddata/xcschemes"
    printf '<?xml version="1.0" encoding="UTF-8"?>\n<Scheme version = "1.7">\n   <TestAction buildConfiguration = "Debug">\n      <Testables>\n      </Testables>\n   </TestAction>\n</Scheme>\n' \
        > "$work/ios/XcodeApp.xcworkspace/xcshareddata/xcschemes/XcodeApp.xcscheme"
    git -C "$work/ios" add -A && git -C "$work/ios" -c user.name=ci -c user.email=ci@example.com commit --quiet -m "the app's scheme"
    git -C "$work/ios" push --quiet origin main
    change ios Features/Feed/FeedBuilder.swift
    ios=(--env CONTAINER=XcodeApp.xcworkspace --code-scanning off)
    job ios-pr modgraph-ios.yml "$work/ios" "${ios[@]}" --event pull_request
    expect ios-pr 'r["conclusion"]' success
    expect ios-pr 'r["checkout"]' 1
    expect ios-pr '[s["status"] for s in r["steps"] if s["name"] in ("SARIF", "Upload SARIF")]' "['skipped', 'skipped']"
    [ "$(tool_record ios-pr)" = "xcodebuild test -workspace XcodeApp.xcworkspace -scheme ModGraphAffected: XcodeAppTests FeedTests" ] \
        || { cat "$work/ios-pr.log"; fail "ios-pr: xcodebuild ran $(tool_record ios-pr)"; }
    say "iOS workflow, pull request, app scheme without tests, private repository: the 2 affected test targets ran from modgraph's scheme"
    # Its diff and affected steps read the action's cache folder, which the check filled.
    [ ! -e "$work/ios-pr/user-cache/modgraph" ] || fail "ios-pr: a modgraph step used the user's cache folder, not the action's"

    # A push to main runs every test target; with SARIF on where code scanning is off, the upload
    # fails, a notice says so, and the job still passes (its result is the check's).
    git -C "$work/ios" checkout --quiet main
    job ios-push modgraph-ios.yml "$work/ios" "${ios[@]}" --event push --input sarif=true
    expect ios-push 'r["conclusion"]' success
    expect ios-push '[s["status"] for s in r["steps"] if s["name"] in ("SARIF", "Upload SARIF", "Say a SARIF upload that failed")]' \
        "['success', 'failure', 'success']"
    grep -q '^::notice title=modgraph::The SARIF upload failed' "$work/ios-push.log" || fail "ios-push: no notice of the failed upload"
    [ "$(tool_record ios-push)" = "xcodebuild test -workspace XcodeApp.xcworkspace -scheme ModGraphAffected: XcodeAppTests DesignSystemTests FeedTests" ] \
        || { cat "$work/ios-push.log"; fail "ios-push: xcodebuild ran $(tool_record ios-push)"; }
    say "iOS workflow, push with SARIF on and no code scanning: every test target ran, the failed upload is a notice, the job passed"

    # Findings on a pull request: the tests still run, and the last step fails the job saying why.
    repository Violations bad
    change bad Sources/Search/SearchFeature.swift
    job bad-pr modgraph-swiftpm.yml "$work/bad" --event pull_request
    expect bad-pr 'r["conclusion"]' failure
    expect bad-pr 'r["steps"][-1]["status"]' failure
    grep -q 'error: modgraph check found violations' "$work/bad-pr.log" || fail "bad-pr: the last step did not say the check found violations"
    grep -q '^swift test --filter ' <<< "$(tool_record bad-pr)" || { cat "$work/bad-pr.log"; fail "bad-pr: swift test did not run: $(tool_record bad-pr)"; }
    say "SwiftPM workflow, pull request with findings: the affected tests ran, the job failed on the check"
    [ ! -e "$work/bad-pr/user-cache/modgraph" ] || fail "bad-pr: a modgraph step used the user's cache folder, not the action's"

    # A clean package on a push: every test, the job passes.
    repository VerticalApp good
    job good-push modgraph-swiftpm.yml "$work/good" --event push
    expect good-push 'r["conclusion"]' success
    [ "$(tool_record good-push)" = "swift test" ] || { cat "$work/good-push.log"; fail "good-push: ran $(tool_record good-push)"; }
    say "SwiftPM workflow, push: every test ran, the job passed"
fi
for name in ${runs[@]+"${runs[@]}"}; do
    expect "$name" 'r["outputs"]["exit-code"]' 1
    expect "$name" 'r["conclusion"]' failure
    expect "$name" '"violations/Networking" in r["summary"]' True
done
say "passed"
