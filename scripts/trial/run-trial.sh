#!/usr/bin/env bash
# Runs the everyday commands of modgraph on checkouts, as a new user would at a repository's
# root, and records exit codes, warnings and timings:
#   1. modgraph graph .                       (no flags)
#   2. compare.py ROOT                        (graph --format json against independent_graph.py);
#      when ROOT is a package with workspaces/projects beside it, also compare.py --path for them;
#      edges into missing submodules the independent reading could not resolve are counted apart
#      (column unresolved_ind, listed in compare.txt)
#   3. modgraph init --output OUT/init.yml    (never into the checkout)
#   4. modgraph check --config OUT/init.yml   (and --format json)
#   5. modgraph check --config OUT/sources.yml --format json   (init's file with `sources: {}`
#      added when init did not write a sources: section; for sampling import findings)
#   6. modgraph report --config OUT/init.yml --output OUT/report
# Nothing is written into the checkouts: every output goes under $OUT/<name>/ (default
# /tmp/trial-out). The manifest cache is $OUT/cache.
#
# Usage: MODGRAPH=/path/to/modgraph scripts/trial/run-trial.sh /work/trials/stats /work/trials/icysky ...
# Prints one TSV line per checkout and writes $OUT/summary.tsv.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
MODGRAPH=${MODGRAPH:-modgraph}
OUT=${OUT:-/tmp/trial-out}
export MODGRAPH_CACHE_DIR=${MODGRAPH_CACHE_DIR:-$OUT/cache}
mkdir -p "$OUT"
summary="$OUT/summary.tsv"
[ -f "$summary" ] || printf 'name\tcommit\tgraph_rc\tgraph_s\tgraph_warnings\ttargets_mg\ttargets_ind\tedges_mg\tedges_ind\ttargets_agree\tedges_agree\tdifferences\tunresolved_ind\tpodfile_edges\tinit_rc\tcheck_rc\tcheck_errors\tcheck_warnings\tsources_rc\tsources_findings\treport_rc\treport_files\n' > "$summary"

timed() { # out_prefix cmd... : runs in the current folder, stdout/stderr/rc/seconds to files
  local p=$1; shift
  local t0 t1
  t0=$(date +%s.%N)
  "$@" > "$p.out" 2> "$p.err"
  echo $? > "$p.rc"
  t1=$(date +%s.%N)
  python3 -c "print(f'{$t1-$t0:.2f}')" > "$p.s"
}

for root in "$@"; do
  root=$(cd "$root" && pwd)
  name=$(basename "$root")
  o="$OUT/$name"
  rm -rf "$o"; mkdir -p "$o"
  commit=$(git -C "$root" rev-parse HEAD 2>/dev/null || echo -)
  (
    cd "$root" || exit 1
    timed "$o/graph" "$MODGRAPH" graph .
    python3 "$here/compare.py" . --modgraph "$MODGRAPH" --json "$o/compare.json" > "$o/compare.txt" 2>&1
    # a package root with projects beside it: compare what the note names, one PATH each
    python3 - "$o/compare.json" <<'EOF' > "$o/extra-paths"
import json, sys
d = json.load(open(sys.argv[1]))
for n in d.get("independent_notes", []):
    if n.startswith("root is a package; not read: "):
        items = [x for x in n.split(": ", 1)[1].split(", ") if not x.endswith("playground.xcworkspace")]
        ws = [x for x in items if x.endswith(".xcworkspace")]
        for x in (ws[:1] or items):
            print(x)
EOF
    while read -r p; do
      [ -n "$p" ] || continue
      safe=$(echo "$p" | tr '/ ' '__')
      python3 "$here/compare.py" . --path "$p" --modgraph "$MODGRAPH" --json "$o/compare-$safe.json" > "$o/compare-$safe.txt" 2>&1
    done < "$o/extra-paths"
    timed "$o/init" "$MODGRAPH" init --output "$o/init.yml"
    timed "$o/check" "$MODGRAPH" check --config "$o/init.yml"
    "$MODGRAPH" check --config "$o/init.yml" --format json > "$o/check.json" 2> /dev/null
    if [ -f "$o/init.yml" ]; then
      if grep -q '^sources:' "$o/init.yml"; then cp "$o/init.yml" "$o/sources.yml"
      else { cat "$o/init.yml"; printf '\nsources: {}\n'; } > "$o/sources.yml"; fi
      timed "$o/sources" "$MODGRAPH" check --config "$o/sources.yml" --format json
    fi
    timed "$o/report" "$MODGRAPH" report --config "$o/init.yml" --output "$o/report"
  )
  python3 - "$o" "$name" "$commit" <<'EOF' | tee -a "$summary"
import json, os, sys
o, name, commit = sys.argv[1:4]
def rd(p, default="-"):
    try:
        return open(os.path.join(o, p)).read().strip()
    except OSError:
        return default
def warnings(p):
    return sum(1 for l in rd(p, "").splitlines() if l.startswith("warning:"))
try:
    c = json.load(open(os.path.join(o, "compare.json")))
except Exception:
    c = {}
def chk(p):
    try:
        d = json.load(open(os.path.join(o, p)))
        return d["summary"]["errors"], d["summary"]["warnings"], len(d["findings"])
    except Exception:
        return "-", "-", "-"
ce, cw, _ = chk("check.json")
_, _, sf = chk("sources.out")
rep = os.path.join(o, "report")
files = ",".join(sorted(os.listdir(rep))) if os.path.isdir(rep) else "-"
row = [name, commit[:12], rd("graph.rc"), rd("graph.s"), warnings("graph.err"),
       c.get("targets_modgraph", "-"), c.get("targets_independent", "-"),
       c.get("edges_modgraph", "-"), c.get("edges_independent", "-"),
       c.get("all_targets_agree", "-"), c.get("all_edges_agree", "-"),
       len(c.get("differences", [])) if c else "-", len(c.get("unresolved_by_independent", [])) if c else "-",
       len(c.get("from_podfiles", [])) if c else "-",
       rd("init.rc"), rd("check.rc"), ce, cw, rd("sources.rc"), sf, rd("report.rc"), files]
print("\t".join(str(x) for x in row))
EOF
done
