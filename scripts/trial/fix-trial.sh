#!/usr/bin/env bash
# modgraph fix on a copy of a repository, as docs/fix.md's trial table measures it:
#   scripts/trial/fix-trial.sh MODGRAPH REPOSITORY [PATH…]
# The repository is cloned into a temporary folder (its own files are never touched); there,
# `modgraph init` writes a configuration when it has none, then `fix` prints the diff, `fix
# --write` makes the edits, `check` runs again, and `graph --verify-manifests` loads every
# manifest both ways (evaluated and dumped by the toolchain). Prints one line of figures and
# leaves the diff in $OUT (default: a temporary folder) for reading by hand.
set -euo pipefail
modgraph="$1"
repository="$2"
shift 2
paths=("$@")
[ "${#paths[@]}" -gt 0 ] || paths=(.)
work="$(mktemp -d)"
out="${OUT:-$work}"
trap 'rm -rf "$work/clone"' EXIT
git clone --quiet "$repository" "$work/clone"
cd "$work/clone"
[ -f .modgraph.yml ] || "$modgraph" init "${paths[@]}" > /dev/null 2>&1
# The findings of the two kinds fix edits, as check's JSON lists them (check exits 1 on errors of any rule).
count() {
    { "$modgraph" check "${paths[@]}" --format json 2> /dev/null || true; } | python3 -c 'import json, sys
print(sum(1 for x in json.load(sys.stdin)["findings"] if x["rule"] in ("undeclared-import", "unused-dependency")))' || echo "?"
}
before="$(count)"
"$modgraph" fix "${paths[@]}" > "$out/fix.diff" 2> "$out/fix.log" || true
notfixed="$(grep -c '^note: not fixed:' "$out/fix.log" || true)"
summary="$(grep '^fix:' "$out/fix.log" | tail -1)"
start=$SECONDS
"$modgraph" fix "${paths[@]}" --write > /dev/null 2> "$out/write.log" || { cat "$out/write.log"; exit 1; }
seconds=$((SECONDS - start))
after="$(count)"
verify="$("$modgraph" graph "${paths[@]}" --verify-manifests > /dev/null 2> "$out/verify.log" && grep -o 'manifests verified: .*' "$out/verify.log" || echo "verify failed: $(tail -1 "$out/verify.log")")"
files="$(git diff --name-only | wc -l | tr -d ' ')"
echo "findings of the two kinds: $before; $summary; not fixed: $notfixed; write: ${seconds} s; after: $after findings of the two kinds; files changed: $files; $verify"
echo "diff: $out/fix.diff"
