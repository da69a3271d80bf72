#!/usr/bin/env python3
"""The source checks timed on real or generated repositories, two modgraph builds side by side,
and their findings compared byte for byte (docs/performance.md, "Source checks on a generated app").

For each repository: NEW writes a starter configuration (`init --output`, outside the checkout),
then each build runs `check --format json` with it, cold (an empty cache folder of its own) and
warm (the same folder, filled), RUNS times each, alternating OLD and NEW; `init` is timed warm
(after an `init` with the same cache).
Prints CPU seconds (user + system) as medians, and every difference between OLD's and NEW's
output. Exits 1 when any output differs.

usage: scripts/bench-sources.py --new NEW [--old OLD] [--runs 3] [--wiring] REPO...
  --wiring   add `wiring: {}` under `sources:` when init did not (the heaviest check)
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile


def timed(command, cwd, env):
    """(CPU seconds, exit status, stdout) of one run."""
    with tempfile.TemporaryFile() as out:
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=out, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        out.seek(0)
        return usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status), out.read()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--new", required=True)
    parser.add_argument("--old")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--wiring", action="store_true")
    parser.add_argument("repos", nargs="+")
    args = parser.parse_args()
    builds = [("new", os.path.abspath(args.new))] + ([("old", os.path.abspath(args.old))] if args.old else [])
    work = tempfile.mkdtemp(prefix="bench-sources-")
    differences = 0
    print("| repository | Swift files | build | `check` cold | `check` warm | `init` warm |")
    print("|---|---|---|---|---|---|")
    try:
        for repo in args.repos:
            repo = os.path.abspath(repo)
            name = os.path.basename(repo.rstrip("/"))
            files = sum(1 for _, _, names in os.walk(repo) for n in names if n.endswith(".swift"))
            config = os.path.join(work, name + ".yml")
            env = dict(os.environ, MODGRAPH_CACHE_DIR=os.path.join(work, "init-cache"))
            subprocess.run([builds[0][1], "init", ".", "--output", config], cwd=repo, env=env, capture_output=True)
            if not os.path.exists(config):
                print(f"| {name} | {files} | init wrote nothing | | | |")
                continue
            if args.wiring:
                text = open(config).read()
                if "  wiring:" not in text and "\nsources:\n" in text:
                    open(config, "w").write(text.replace("\nsources:\n", "\nsources:\n  wiring: {}\n", 1))
            command = ["check", ".", "--config", config, "--format", "json"]
            times = {build: {"cold": [], "warm": [], "init": []} for build, _ in builds}
            outputs = {}
            for run in range(args.runs):
                for build, path in builds:
                    cache = os.path.join(work, f"cache-{build}-{name}")
                    shutil.rmtree(cache, ignore_errors=True)
                    env = dict(os.environ, MODGRAPH_CACHE_DIR=cache)
                    seconds, status, cold = timed([path] + command, repo, env)
                    times[build]["cold"].append(seconds)
                    seconds, _, warm = timed([path] + command, repo, env)
                    times[build]["warm"].append(seconds)
                    # init after an init: its wiring probe reads every file whole, which a check without the wiring does not.
                    again = os.path.join(work, "again.yml")
                    for _ in range(2):
                        seconds, _, _ = timed([path, "init", ".", "--output", again], repo, env)
                        if os.path.exists(again):
                            os.remove(again)
                    times[build]["init"].append(seconds)
                    if cold != warm:
                        differences += 1
                        print(f"{name}: {build}: the warm check's output differs from the cold one's", file=sys.stderr)
                    outputs[build] = (status, cold)
            if args.old and outputs["old"] != outputs["new"]:
                differences += 1
                print(f"{name}: OLD and NEW differ (status {outputs['old'][0]} / {outputs['new'][0]})", file=sys.stderr)
            for build, _ in builds:
                cold, warm, init = (statistics.median(times[build][k]) for k in ("cold", "warm", "init"))
                print(f"| {name} | {files:,} | {build} | {cold:.2f} s | {warm:.2f} s | {init:.2f} s |")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
