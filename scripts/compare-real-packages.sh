#!/usr/bin/env bash
# compare-real-packages.sh: check modgraph's loader against SwiftPM on the real
# packages of this machine. NOT part of CI (about 4 minutes for all ~120 with --jobs 2).
#
# For every bare repository /opt/swift-packages/OWNER/NAME.git (aliases, i.e.
# symlinks and lower-case copies that resolve to the same folder, once):
#   1. git clone it into WORK/clones/OWNER/NAME (never touching /opt) and check
#      out its newest tag (git tag --sort=-v:refname; tags that look like
#      pre-releases are skipped when a release tag exists; no tag: default
#      branch);
#   2. run, each under `timeout`:
#        modgraph graph CLONE --format json --externals products
#        swift package describe --type json        (in CLONE)
#        swift package dump-package                (in CLONE; only used to
#                                                   know the default traits)
#      describe and dump-package load the root manifest only: no resolution.
#      (git here reads github.com URLs from /opt/swift-packages, so anything
#      that does resolve works offline too.)
#   3. scripts/compare_graphs.py compares, for the ROOT package only:
#        - target names, types (describe "library" = manifest "regular") and
#          paths;
#        - per target, the set of direct target deps (describe
#          target_dependencies vs modgraph edges of kind "target") and of
#          product deps (describe product_dependencies vs the `product` field
#          of modgraph edges of kind "product", deduplicated).
#      Documented describe differences, handled explicitly (details in the
#      header of compare_graphs.py):
#        - platform-conditional edges: describe keeps them (it doesn't
#          evaluate platforms) -> compared like unconditional ones;
#        - trait-conditional edges: describe keeps only those enabled by the
#          root's default traits -> expected iff a trait of the condition is
#          in the default-trait closure from dump-package;
#        - plugin usages (kind "plugin"): SwiftPM adds them to the target's
#          dependencies, so describe lists them -> compared (same-package
#          plugin as a target dep, `.plugin(name:package:)` as a product dep);
#        - regular targets with a main.* source: describe says "executable"
#          (SwiftPM infers it), modgraph "regular" -> type MISMATCH + hint;
#        - snippet targets: describe adds them -> ignored (counted in notes).
#   4. prints one line per package (OK, MISMATCH: diff, MODGRAPH-FAIL: error,
#      DESCRIBE-FAIL: error, CLONE-FAIL) and a summary line
#      "N packages: X load, Y match, Z mismatch, W failed"
#      and writes WORK/report.tsv; per package, WORK/out/OWNER__NAME/ keeps
#      modgraph.json, describe.json, dump.json, their stderr and diff.txt.
#
# Usage: scripts/compare-real-packages.sh [options] [FILTER...]
#   --modgraph PATH   modgraph binary (default: $MODGRAPH, else
#                     .build/release/modgraph of this repo)
#   --work DIR        work folder (default: $MODGRAPH_REAL_WORK, else
#                     /tmp/modgraph-real); it is reused: clones are refreshed
#   --jobs N          packages in parallel, 1 or 2 (default 1)
#   --timeout SECS    per command (default 300)
#   --source DIR      where the bare repositories are (default /opt/swift-packages)
#   --clean           delete WORK/clones at the end
#   -v                show notes on OK/MISMATCH lines
#   FILTER            only packages whose OWNER/NAME contains one of these
#
# Exit status: 0 when every package is OK, 1 otherwise, 2 on usage errors.
set -u -o pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_DIR=$(cd "$SCRIPT_DIR/.." && pwd)

MODGRAPH_BIN=${MODGRAPH:-$REPO_DIR/.build/release/modgraph}
WORK=${MODGRAPH_REAL_WORK:-/tmp/modgraph-real}
JOBS=1
TIMEOUT=300
SOURCE=/opt/swift-packages
CLEAN=0
VERBOSE=()
FILTERS=()

usage() { sed -n '2,/^set -u/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }

while [ $# -gt 0 ]; do
    case "$1" in
        --modgraph) MODGRAPH_BIN=$2; shift 2 ;;
        --work) WORK=$2; shift 2 ;;
        --jobs) JOBS=$2; shift 2 ;;
        --timeout) TIMEOUT=$2; shift 2 ;;
        --source) SOURCE=$2; shift 2 ;;
        --clean) CLEAN=1; shift ;;
        -v) VERBOSE=(-v); shift ;;
        -h|--help) usage; exit 0 ;;
        --*) echo "unknown option: $1" >&2; exit 2 ;;
        *) FILTERS+=("$1"); shift ;;
    esac
done

case "$JOBS" in 1|2) ;; *) echo "--jobs must be 1 or 2" >&2; exit 2 ;; esac
if [ ! -x "$MODGRAPH_BIN" ]; then
    echo "modgraph binary not found or not executable: $MODGRAPH_BIN" >&2
    echo "build it, e.g.: swift build -c release --scratch-path /tmp/mg-release" >&2
    exit 2
fi
MODGRAPH_BIN=$(cd "$(dirname "$MODGRAPH_BIN")" && pwd)/$(basename "$MODGRAPH_BIN")
mkdir -p "$WORK/clones" "$WORK/out"
WORK=$(cd "$WORK" && pwd)
case "$WORK" in "$SOURCE"|"$SOURCE"/*) echo "work folder must not be under $SOURCE" >&2; exit 2 ;; esac

REPORT=$WORK/report.tsv
LIST=$WORK/packages.txt
rm -f "$REPORT" "$WORK"/out/*/row.tsv

# ---- 1. the list: OWNER/NAME of each distinct repository ----------------------
{
    for d in "$SOURCE"/*/*.git; do
        [ -d "$d" ] || continue
        real=$(realpath "$d")
        rel=${real#"$SOURCE"/}
        echo "${rel%.git}"
    done
} | sort -u > "$LIST.all"
n_entries=$(ls -d "$SOURCE"/*/*.git 2>/dev/null | wc -l)
if [ ${#FILTERS[@]} -gt 0 ]; then
    : > "$LIST"
    for f in "${FILTERS[@]}"; do grep -iF -- "$f" "$LIST.all" >> "$LIST" || true; done
    sort -u -o "$LIST" "$LIST"
else
    cp "$LIST.all" "$LIST"
fi
rm -f "$LIST.all"
echo "# $n_entries entries in $SOURCE, $(wc -l < "$LIST") distinct repositories selected; work folder $WORK" >&2
echo "# modgraph: $MODGRAPH_BIN; swift: $(swift --version 2>/dev/null | head -1)" >&2

# ---- 2. one package ----------------------------------------------------------
newest_tag() { # $1 = git dir
    local tags release
    tags=$(git -C "$1" tag --sort=-v:refname)
    [ -n "$tags" ] || return 0
    # A release tag: digits and dots, optional leading v (1.2.3, v2.0).
    release=$(printf '%s\n' "$tags" | grep -E '^v?[0-9]+(\.[0-9]+)*$' | head -1)
    if [ -n "$release" ]; then echo "$release"; else printf '%s\n' "$tags" | head -1; fi
}

one_package() { # $1 = OWNER/NAME
    local pkg=$1 clone out tag rc_mg rc_ds rc_dump
    clone=$WORK/clones/$pkg
    out=$WORK/out/${pkg//\//__}
    rm -rf "$out" && mkdir -p "$out"
    # a fresh clone each run: cheap (the repositories are small) and clean
    rm -rf "$clone" && mkdir -p "$(dirname "$clone")"
    if ! git clone -q --no-hardlinks "$SOURCE/$pkg.git" "$clone" > "$out/clone.err" 2>&1; then
        printf 'CLONE-FAIL %s: %s\n' "$pkg" "$(head -1 "$out/clone.err")" | tee "$out/line.txt"
        printf '%s\t\tCLONE-FAIL\t\t\t\t\t\t%s\n' "$pkg" "$(head -1 "$out/clone.err" | tr '\t' ' ')" > "$out/row.tsv"
        return
    fi
    tag=$(newest_tag "$clone")
    if [ -n "$tag" ]; then
        if ! git -C "$clone" -c advice.detachedHead=false checkout -q "refs/tags/$tag" > "$out/clone.err" 2>&1; then
            printf 'CLONE-FAIL %s: checkout %s: %s\n' "$pkg" "$tag" "$(head -1 "$out/clone.err")" | tee "$out/line.txt"
            printf '%s\t%s\tCLONE-FAIL\t\t\t\t\t\t%s\n' "$pkg" "$tag" "checkout failed" > "$out/row.tsv"
            return
        fi
    fi
    echo "${tag:-HEAD}" > "$out/tag.txt"

    timeout "$TIMEOUT" "$MODGRAPH_BIN" graph "$clone" --format json --externals products \
        > "$out/modgraph.json" 2> "$out/modgraph.err" < /dev/null
    rc_mg=$?
    (cd "$clone" && timeout "$TIMEOUT" swift package describe --type json) \
        > "$out/describe.json" 2> "$out/describe.err" < /dev/null
    rc_ds=$?
    (cd "$clone" && timeout "$TIMEOUT" swift package dump-package) \
        > "$out/dump.json" 2> "$out/dump.err" < /dev/null
    rc_dump=$?
    local dump_args=()
    [ $rc_dump -eq 0 ] && dump_args=(--dump "$out/dump.json")

    python3 "$SCRIPT_DIR/compare_graphs.py" compare --label "$pkg" --tag "${tag:-HEAD}" \
        --modgraph "$out/modgraph.json" --modgraph-err "$out/modgraph.err" --modgraph-rc $rc_mg \
        --describe "$out/describe.json" --describe-err "$out/describe.err" --describe-rc $rc_ds \
        "${dump_args[@]}" --tsv "$out/row.tsv" --details "$out/diff.txt" "${VERBOSE[@]}" \
        | tee "$out/line.txt"
    # the comparer wrote a header into row.tsv: keep only the data row
    tail -n +2 "$out/row.tsv" > "$out/row.tmp" && mv "$out/row.tmp" "$out/row.tsv"
}

export -f one_package newest_tag
export WORK SOURCE MODGRAPH_BIN TIMEOUT SCRIPT_DIR
export VERBOSE_FLAG="${VERBOSE[*]:-}"

if [ "$JOBS" -eq 1 ]; then
    while IFS= read -r pkg; do one_package "$pkg"; done < "$LIST"
else
    # arrays don't cross the export: rebuild VERBOSE in the child
    xargs -P "$JOBS" -I{} bash -c 'VERBOSE=(); [ -n "$VERBOSE_FLAG" ] && VERBOSE=(-v); one_package "$1"' _ {} < "$LIST"
fi

# ---- 3. report ----------------------------------------------------------------
python3 - "$REPORT" <<'EOF'
import sys
sys.path.insert(0, __import__("os").environ["SCRIPT_DIR"])
import compare_graphs
print("\t".join(compare_graphs.TSV_HEADER), file=open(sys.argv[1], "w"))
EOF
while IFS= read -r pkg; do
    row=$WORK/out/${pkg//\//__}/row.tsv
    if [ -s "$row" ]; then cat "$row" >> "$REPORT"
    else printf '%s\t\tMODGRAPH-FAIL\t\t\t\t\t\tno result (interrupted?)\n' "$pkg" >> "$REPORT"; fi
done < "$LIST"

python3 "$SCRIPT_DIR/compare_graphs.py" summary "$REPORT"
echo "# report: $REPORT; per package: $WORK/out/OWNER__NAME/" >&2

if [ "$CLEAN" -eq 1 ]; then rm -rf "$WORK/clones"; fi
if awk -F'\t' 'NR > 1 && $3 != "OK" { bad = 1 } END { exit bad ? 0 : 1 }' "$REPORT"; then exit 1; fi
exit 0
