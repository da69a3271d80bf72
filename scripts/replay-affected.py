#!/usr/bin/env python3
"""Replays `modgraph affected` on a repository's history: for each of its last N
commits, the selection against the commit's parent, as a pull request of that one
commit would get it. Prints the share of commits selecting nothing, some targets
and everything, the test targets run on average against all of them, and the time
per commit. Not run in CI (it needs a real repository's history).

    python3 scripts/replay-affected.py GIT_DIR [--count 100] [--modgraph PATH] [--subfolder App]
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("git_dir")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--modgraph", default=".build/release/modgraph")
    parser.add_argument("--subfolder", default=".", help="what to load, relative to the repository's top folder")
    parser.add_argument("--extra", default="", help="more arguments for modgraph, space-separated")
    parser.add_argument("--config", help="a .modgraph.yml to use instead of the repository's (its affected: section)")
    args = parser.parse_args()
    modgraph = os.path.abspath(args.modgraph)
    commits = subprocess.run(["git", "--git-dir", args.git_dir, "rev-list", "--first-parent", f"--max-count={args.count}", "HEAD"],
                             check=True, capture_output=True, text=True).stdout.split()
    work = tempfile.mkdtemp(prefix="replay-")
    tree = os.path.join(work, "tree")
    subprocess.run(["git", "--git-dir", args.git_dir, "worktree", "add", "--detach", "-q", tree, commits[0]], check=True)
    cache = os.path.join(work, "cache")
    rows = []
    try:
        for commit in commits:
            parents = subprocess.run(["git", "-C", tree, "rev-list", "--parents", "-n", "1", commit],
                                     check=True, capture_output=True, text=True).stdout.split()[1:]
            if not parents:
                continue
            subprocess.run(["git", "-C", tree, "checkout", "-q", "--detach", commit], check=True)
            start = time.monotonic()
            result = subprocess.run([modgraph, "affected", args.subfolder, "--base", parents[0], "--head", commit, "--format", "json"]
                                    + args.extra.split() + (["--config", os.path.abspath(args.config)] if args.config else []), cwd=tree, capture_output=True, text=True,
                                    env=dict(os.environ, MODGRAPH_CACHE_DIR=cache))
            elapsed = time.monotonic() - start
            if result.returncode != 0:
                rows.append({"commit": commit[:8], "error": result.stderr.strip().splitlines()[-1:] , "time": elapsed})
                continue
            report = json.loads(result.stdout)
            counts = report["counts"]
            kind = "everything" if report["everything"] else ("nothing" if counts["targets"] == 0 else "some")
            broad = sorted({f["path"] for f in report["changedFiles"] if f["verdict"] in ("package-folder", "everything")
                            or (f["verdict"] == "manifest" and "every target" in f.get("detail", ""))})
            rows.append({"commit": commit[:8], "kind": kind, "targets": counts["targets"], "graphTargets": counts["graphTargets"],
                         "tests": counts["tests"], "graphTests": counts["graphTests"], "files": counts["changedFiles"],
                         "why": report["everything"]["reason"] if report["everything"] else "", "broad": broad, "time": elapsed})
    finally:
        subprocess.run(["git", "--git-dir", args.git_dir, "worktree", "remove", "--force", tree])
    ok = [r for r in rows if "kind" in r]
    errors = [r for r in rows if "error" in r]
    for r in rows:
        print(json.dumps(r))
    if not ok:
        print("no commit replayed", file=sys.stderr)
        return 1
    share = lambda kind: 100 * sum(1 for r in ok if r["kind"] == kind) / len(ok)
    print(f"commits: {len(rows)} replayed, {len(errors)} failed")
    print(f"selecting nothing: {share('nothing'):.0f}%, some: {share('some'):.0f}%, everything: {share('everything'):.0f}%")
    print(f"test targets run per commit: mean {statistics.mean(r['tests'] for r in ok):.1f} of {statistics.mean(r['graphTests'] for r in ok):.1f}"
          f" ({100 * sum(r['tests'] for r in ok) / max(1, sum(r['graphTests'] for r in ok)):.0f}% of all test runs)")
    times = sorted(r["time"] for r in rows)
    print(f"time per commit: median {statistics.median(times):.2f} s, max {times[-1]:.2f} s (first, cold cache: {rows[0]['time']:.2f} s)")
    broad = {}
    for r in ok:
        for path in r.get("broad", []):
            broad[path] = broad.get(path, 0) + 1
    for path, count in sorted(broad.items(), key=lambda x: -x[1])[:10]:
        print(f"  a whole package or project because of {path}: {count} commits")
    whys = {}
    for r in ok:
        if r["why"]:
            key = r["why"].split(" is owned")[0].split(" matches")[0]
            whys[key] = whys.get(key, 0) + 1
    for why, count in sorted(whys.items(), key=lambda x: -x[1])[:10]:
        print(f"  everything because of {why}: {count}")
    return 0

if __name__ == "__main__":
    sys.exit(main())
