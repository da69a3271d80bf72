#!/usr/bin/env python3
"""Times `modgraph diff` beside `modgraph affected` on a repository's history: for each of
its last N first-parent commits (or only those that touch a file matching --touching), the
commit is checked out in a private clone and both run against its parent, as a pull request
of that one commit gets them (`diff --base PARENT`, `affected --base PARENT`). Prints the
median and p90 of each, their ratio, and, with --old, the same for a second build, whose
`diff` output must be the same bytes as the first's on every commit (a difference is listed
and makes the exit status 1). Each command runs once untimed before it is timed, so the
manifest cache (a private one) is warm as in CI with a kept cache. Not run in CI (it needs a
real repository's history).

    python3 scripts/replay-diff.py GIT_DIR --modgraph NEW [--old OLD] [--count 20] [--touching Package.swift] [--pause 2.5 | --fresh]

With --pause, the timed run waits that many seconds after the untimed one: `diff`'s kept copy of
the base is then as an earlier run left it (its files' stamps settled), as on a developer's
machine or a CI runner that keeps its clone; without it, the timed run follows at once and
hashes the files just written again.

With --fresh, each timed run is in a new clone of the commit, made at the same path after the
untimed run, as a CI job's checkout is (its modgraph cache kept, nothing else): no kept copy of
the base for `diff`, and no file's stamp known to either command.
"""
import argparse, os, shutil, statistics, subprocess, sys, tempfile, time


def git(tree, *args):
    return subprocess.run(["git", "-C", tree, *args], check=True, capture_output=True).stdout.decode()


def timed(command, cwd, env):
    start = time.monotonic()
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True)
    return time.monotonic() - start, result


def p90(values):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.9 * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("git_dir")
    parser.add_argument("--modgraph", required=True)
    parser.add_argument("--old")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--touching", help="only commits that change a file of this name")
    parser.add_argument("--pause", type=float, default=0, help="seconds between the untimed and the timed run")
    parser.add_argument("--fresh", action="store_true", help="each timed run in a new clone, as a CI job's")
    options = parser.parse_args()
    builds = {"new": os.path.abspath(options.modgraph)}
    if options.old:
        builds["old"] = os.path.abspath(options.old)
    scratch = tempfile.mkdtemp(prefix="replay-diff-")
    try:
        tree = os.path.join(scratch, os.path.basename(os.path.abspath(options.git_dir).removesuffix("/.git").removesuffix(".git")) or "repo")
        subprocess.run(["git", "clone", "-q", "--no-checkout", options.git_dir, tree], check=True)
        log = ["log", "--first-parent", "--format=%H", "HEAD"]
        if options.touching:
            log += ["--", f":(glob)**/{options.touching}"]
        commits = [c for c in git(tree, *log).split() if c][: options.count]
        env = dict(os.environ, MODGRAPH_CACHE_DIR=os.path.join(scratch, "cache"))
        times = {name: {"diff": [], "affected": []} for name in builds}
        differences = []
        failures = []
        replayed = 0
        for commit in reversed(commits):
            parents = git(tree, "rev-list", "--parents", "-n", "1", commit).split()[1:]
            if not parents:
                continue
            git(tree, "checkout", "-q", "--force", commit)
            outputs = {}
            for name, binary in builds.items():
                for command in ("diff", "affected"):
                    argv = [binary, command, "--base", parents[0]]
                    timed(argv, tree, env)  # the manifests' dumps into the cache: timed warm, as in CI with a kept cache
                    if options.fresh:
                        shutil.rmtree(tree)
                        subprocess.run(["git", "clone", "-q", "--no-checkout", options.git_dir, tree], check=True)
                        git(tree, "checkout", "-q", "--force", commit)
                    time.sleep(options.pause)
                    seconds, result = timed(argv, tree, env)
                    times[name][command].append(seconds)
                    if command == "diff":
                        outputs[name] = (result.returncode, result.stdout)
                    # Exit 1 is a budget exceeded; anything else is a failure, never "the same bytes".
                    if result.returncode not in (0, 1):
                        first = next((line for line in result.stderr.decode(errors="replace").splitlines() if line.startswith("error")), "")
                        failures.append(f"{name} {command} at {commit[:10]}: exit {result.returncode}: {first[:200]}")
            if len(set(outputs.values())) > 1:
                differences.append(commit)
            replayed += 1
        print(f"{replayed} commits of {os.path.basename(tree)}" + (f" touching {options.touching}" if options.touching else ""))
        for name, by_command in times.items():
            diff, affected = by_command["diff"], by_command["affected"]
            if not diff:
                continue
            print(f"{name}: diff median {statistics.median(diff):.2f} s, p90 {p90(diff):.2f} s; "
                  f"affected median {statistics.median(affected):.2f} s, p90 {p90(affected):.2f} s; "
                  f"diff / affected (medians) {statistics.median(diff) / statistics.median(affected):.1f}")
        if options.old:
            print(f"diff output the same bytes on {replayed - len(differences)} of {replayed} commits")
            for commit in differences:
                print(f"  differs: {commit}")
        print(f"runs that failed: {len(failures)}")
        for failure in failures:
            print(f"  {failure}")
        return 1 if differences or failures else 0
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
