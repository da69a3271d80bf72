#!/usr/bin/env python3
"""Replays `modgraph affected` on a repository's history: for each of its last N
first-parent commits, the selection against the commit's parent, as a pull request of
that one commit would get it. Prints the share of commits selecting nothing, some
targets and everything, the test targets run on average against all of them, and the
time per commit. Not run in CI (it needs a real repository's history).

With --oracle, each commit is also read by scripts/affected_oracle.py, an independent
reading of which test targets the commit needs (it shares no code with modgraph): a test
target it needs that modgraph did not select is a miss, listed with the file that needs it.

The repository is cloned into a private folder first; the clone given is not touched.

    python3 scripts/replay-affected.py GIT_DIR [--count 100] [--modgraph PATH] [--subfolder App] [--oracle]
        [--config FILE]... [--rows FILE]

Each --config (a .modgraph.yml used instead of the repository's, `-` for the repository's
own) is a variant: modgraph runs once per variant on each commit, the checkout and the
independent reading are shared, and the summary is printed per variant.
"""
import argparse, json, os, shutil, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def git(tree, *args):
    return subprocess.run(["git", "-C", tree, *args], check=True, capture_output=True).stdout


def changes(tree, parent, commit):
    """(status, path, old path) of each file the commit changed against its first parent."""
    fields = git(tree, "-c", "core.quotePath=false", "diff", "--name-status", "-z", "-M", parent, commit, "--").decode(
        "utf-8", "replace").split("\0")
    result, index = [], 0
    while index + 1 < len(fields):
        status = fields[index]
        if status[:1] in ("R", "C") and index + 2 < len(fields):
            result.append((status[0], fields[index + 2], fields[index + 1]))
            index += 3
        else:
            result.append((status[:1], fields[index + 1], None))
            index += 2
    return result


def summary(rows, variant, oracle):
    ok = [r for r in rows if "kind" in r]
    errors = [r for r in rows if "error" in r]
    for r in errors:
        print(json.dumps(r))
    print(f"== {variant}")
    if not ok:
        print("no commit replayed")
        return
    share = lambda kind: 100 * sum(1 for r in ok if r["kind"] == kind) / len(ok)
    print(f"commits: {len(rows)} replayed ({sum(1 for r in ok if r.get('merge'))} of them merges, each against its first parent),"
          f" {len(errors)} failed; from {rows[0]['commit']} to {rows[-1]['commit']}")
    print(f"selecting nothing: {share('nothing'):.0f}%, some: {share('some'):.0f}%, everything: {share('everything'):.0f}%")
    mean_share = lambda key, of: 100 * statistics.mean(r[key] / r[of] if r[of] else 0 for r in ok)
    print(f"test targets run per commit: mean {statistics.mean(r['tests'] for r in ok):.1f} of {statistics.mean(r['graphTests'] for r in ok):.1f}"
          f" (mean share {mean_share('tests', 'graphTests'):.0f}%); targets selected: mean share {mean_share('targets', 'graphTargets'):.0f}%")
    times = sorted(r["time"] for r in ok + errors)
    print(f"time per commit: mean {statistics.mean(times):.2f} s, median {statistics.median(times):.2f} s, max {times[-1]:.2f} s")
    if oracle:
        missed = [r for r in ok if r["misses"]]
        print(f"independent reading: {statistics.mean(r['needed'] for r in ok):.1f} test targets needed per commit"
              f" (mean share {mean_share('needed', 'graphTests'):.0f}%); "
              f"misses: {sum(len(r['misses']) for r in missed)} test targets in {len(missed)} commits")
        for r in missed:
            print(f"  miss {r['commit']}: {json.dumps(r['misses'])}")
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


def run_modgraph(modgraph, tree, cache, args, config, parent, commit):
    start = time.monotonic()
    result = subprocess.run([modgraph, "affected", args.subfolder, "--base", parent, "--head", commit, "--format", "json"]
                            + args.extra.split() + (["--config", os.path.abspath(config)] if config != "-" else []),
                            cwd=tree, capture_output=True, text=True, env=dict(os.environ, MODGRAPH_CACHE_DIR=cache))
    elapsed = time.monotonic() - start
    if result.returncode != 0:
        return {"commit": commit[:8], "error": result.stderr.strip().splitlines()[-1:], "time": elapsed}, None
    report = json.loads(result.stdout)
    counts = report["counts"]
    kind = "everything" if report["everything"] else ("nothing" if counts["targets"] == 0 else "some")
    broad = sorted({f["path"] for f in report["changedFiles"] if f["verdict"] in ("package-folder", "everything")
                    or (f["verdict"] in ("manifest", "project") and "every target" in f.get("detail", ""))})
    return {"commit": commit[:8], "kind": kind, "targets": counts["targets"], "graphTargets": counts["graphTargets"],
            "tests": counts["tests"], "graphTests": counts["graphTests"], "files": counts["changedFiles"],
            "why": report["everything"]["reason"] if report["everything"] else "", "broad": broad, "time": elapsed}, report


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("git_dir")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--modgraph", default=".build/release/modgraph")
    parser.add_argument("--subfolder", default=".", help="what to load, relative to the repository's top folder")
    parser.add_argument("--extra", default="", help="more arguments for modgraph, space-separated")
    parser.add_argument("--config", action="append",
                        help="a .modgraph.yml to use instead of the repository's (its affected: section), - for the repository's; repeatable")
    parser.add_argument("--oracle", action="store_true", help="compare each selection with the independent reading")
    parser.add_argument("--oracle-cache", help="a folder to keep the independent reading's manifest dumps in across runs")
    parser.add_argument("--rows", help="write one JSON line per commit and variant to this file")
    args = parser.parse_args()
    configs = args.config or ["-"]
    modgraph = os.path.abspath(args.modgraph)
    commits = subprocess.run(["git", "--git-dir", args.git_dir, "rev-list", "--first-parent", f"--max-count={args.count + 1}", "HEAD"],
                             check=True, capture_output=True, text=True).stdout.split()
    work = tempfile.mkdtemp(prefix="replay-")
    tree = os.path.join(work, "tree")
    subprocess.run(["git", "clone", "-q", "--no-checkout", args.git_dir, tree], check=True)
    cache = os.path.join(work, "cache")
    dumper = projects = None
    if args.oracle:
        import affected_oracle
        dumper = affected_oracle.Dumper(os.path.abspath(args.oracle_cache) if args.oracle_cache else os.path.join(work, "oracle-dumps"))
        projects = {}
    rows = {config: [] for config in configs}
    try:
        for commit in reversed(commits[:args.count]):
            parents = git(tree, "rev-list", "--parents", "-n", "1", commit).decode().split()[1:]
            if not parents:
                continue
            # Snapshots may lack a few large blobs (images): the checkout writes the rest, and says so.
            subprocess.run(["git", "-C", tree, "checkout", "-q", "-f", "--detach", commit], capture_output=True)
            if git(tree, "rev-parse", "HEAD").decode().strip() != commit:
                for config in configs:
                    rows[config].append({"commit": commit[:8], "error": ["cannot check out"], "time": 0})
                continue
            git(tree, "clean", "-q", "-f", "-d", "-x")
            needed = None
            for config in configs:
                row, report = run_modgraph(modgraph, tree, cache, args, config, parents[0], commit)
                if report is not None and args.oracle:
                    if needed is None:
                        needed, all_tests = affected_oracle.needed_tests(tree, parents[0], changes(tree, parents[0], commit), dumper, projects)
                    selected = {t.split("/", 1)[-1] for t in report["tests"]}
                    row["needed"] = len(needed)
                    row["oracleTests"] = len(all_tests)
                    row["misses"] = {} if report["everything"] else {t: files[:3] for t, files in needed.items() if t not in selected}
                row["merge"] = len(parents) > 1
                row["config"] = config
                rows[config].append(row)
                print(json.dumps(row), flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if args.rows:
        with open(args.rows, "w") as f:
            for config in configs:
                for r in rows[config]:
                    f.write(json.dumps(r) + "\n")
    for config in configs:
        summary(rows[config], "the repository's configuration" if config == "-" else f"--config {config}", args.oracle)
    return 0


if __name__ == "__main__":
    sys.exit(main())
