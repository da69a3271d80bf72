#!/usr/bin/env bash
# A CI job's `modgraph check` with and without modgraph's cache restored, as the GitHub Action
# runs it (docs/ci.md, "modgraph's own cache"): each run in a fresh clone at the same path
# (GITHUB_WORKSPACE is the same on every run), the default branch's run cold and its cache
# kept, then a pull request's run (FILE edited) cold and with that cache restored. Prints CPU
# (user + system) and wall seconds, and whether both pull-request runs printed the same bytes.
#
#   scripts/bench-ci-cache.sh REPOSITORY FILE [none|comment|declaration] [MODGRAPH]
#
# REPOSITORY: a git repository with its .modgraph.yml committed; FILE: a Swift file in it.
# MODGRAPH: the binary to time (default: modgraph on PATH). docs/performance.md's ledger
# holds its figures ("CI with modgraph's cache").
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: scripts/bench-ci-cache.sh REPOSITORY FILE [none|comment|declaration] [MODGRAPH]" >&2; exit 2; }
source="$1" file="$2" edit="${3:-comment}" modgraph="${4:-modgraph}"
case "$edit" in none | comment | declaration) ;; *) echo "bench-ci-cache: no edit named $edit" >&2; exit 2 ;; esac
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

checkout() { # a fresh clone at the same path each time, FILE edited for a pull request
    rm -rf "$work/workspace"
    git clone --quiet "$source" "$work/workspace"
    case "$1:$edit" in
        pr:comment) printf '\n// a change\n' >> "$work/workspace/$file" ;;
        pr:declaration) printf '\npublic struct AddedByThePullRequest {}\n' >> "$work/workspace/$file" ;;
    esac
}
timed() { # LABEL CACHE OUT: modgraph check with that cache folder
    local label="$1" cache="$2" out="$3" times
    times="$(cd "$work/workspace" && { MODGRAPH_CACHE_DIR="$cache" /usr/bin/time -f '%U %S %e' "$modgraph" check . > "$out" 2> "$out.err" || true; } 2>&1 >/dev/null; tail -n 1 "$out.err")"
    read -r user system wall <<< "$times"
    printf '%-40s %.2f s CPU, %.2f s wall\n' "$label" "$(awk -v u="$user" -v s="$system" 'BEGIN { print u + s }')" "$wall"
}

checkout main
timed "default branch, cold (its cache kept)" "$work/kept" "$work/main.out"
checkout pr
timed "pull request ($edit), cold" "$work/cold" "$work/cold.out"
checkout pr
cp -R "$work/kept" "$work/restored"
timed "pull request ($edit), cache restored" "$work/restored" "$work/restored.out"
if cmp -s "$work/cold.out" "$work/restored.out" && cmp -s <(sed '$d' "$work/cold.out.err") <(sed '$d' "$work/restored.out.err"); then
    echo "the same output and messages, cold and with the cache restored"
else
    echo "bench-ci-cache: the output differs with the cache restored" >&2
    diff "$work/cold.out" "$work/restored.out" >&2 || true
    exit 1
fi
