#!/usr/bin/env bash
# Checks out the trial repositories listed in repos.tsv under $TRIALS (default /work/trials)
# from the bare snapshots under $MIRRORS (default /work/.mirror), each at its recorded commit,
# with the submodules the list names cloned from their own snapshots. Writes
# $TRIALS/CHECKOUTS.tsv: name, commit, and for each submodule the commit used and whether it
# is the pinned one. Existing checkouts are left alone.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
TRIALS=${TRIALS:-/work/trials}
MIRRORS=${MIRRORS:-/work/.mirror}
mkdir -p "$TRIALS"
# Snapshots lack files of 4 MiB and more: such paths are left out of the work tree by a
# sparse checkout (and listed in CHECKOUTS.tsv) instead of failing the checkout.
clone_at() { # mirror dest commit
  git clone -q --no-checkout "$1" "$2"
  local missing
  missing=$(git -C "$2" ls-tree -r "$3" | awk '$2=="blob"{print $3}' \
    | git -C "$2" cat-file --batch-check 2>/dev/null | awk '$2=="missing"{print $1}')
  if [ -n "$missing" ]; then
    git -C "$2" sparse-checkout set --no-cone '/*' $(git -C "$2" ls-tree -r "$3" \
      | awk -v m="$(echo $missing)" 'BEGIN{n=split(m,a," ");for(i=1;i<=n;i++)s[a[i]]=1} $2=="blob"&&($3 in s){sub(/^[^\t]*\t/,"");gsub(/ /,"?");print "!/"$0}')
    echo "$2: left out (absent from the snapshot): $(echo $missing | wc -w) files" >&2
  fi
  git -C "$2" -c advice.detachedHead=false checkout -q "$3"
}
out="$TRIALS/CHECKOUTS.tsv"
: > "$out"
grep -v '^#' "$here/repos.tsv" | while IFS=$'\t' read -r name mirror commit kind subs; do
  [ -n "$name" ] || continue
  dest="$TRIALS/$name"
  if [ ! -d "$dest" ]; then
    clone_at "$MIRRORS/$mirror/repo" "$dest" "$commit"
  fi
  printf '%s\t%s\t%s\n' "$name" "$commit" "$mirror" >> "$out"
  when=$(git -C "$dest" log -1 --format=%ct "$commit")
  IFS=',' read -ra pairs <<< "${subs:-}"
  for pair in "${pairs[@]}"; do
    [ -n "$pair" ] || continue
    path=${pair%%=*}; smirror=${pair#*=}
    pinned=$(git -C "$dest" ls-tree "$commit" -- "$path" | awk '$2=="commit"{print $3}')
    if [ -z "$(ls -A "$dest/$path" 2>/dev/null)" ]; then
      rmdir "$dest/$path" 2>/dev/null || true
      git clone -q --no-checkout "$MIRRORS/$smirror/repo" "$dest/$path"
    fi
    if git -C "$dest/$path" cat-file -e "$pinned^{commit}" 2>/dev/null; then
      use=$pinned; how=pinned
    else
      use=$(git -C "$dest/$path" rev-list --all --max-count=1 --before="$when" --date-order)
      how="nearest-before (pinned $pinned absent)"
    fi
    git -C "$dest/$path" -c advice.detachedHead=false checkout -q "$use"
    printf '%s\t  %s\t%s\t%s\n' "$name" "$path" "$use" "$how" >> "$out"
  done
done
cat "$out"
