#!/usr/bin/env python3
"""Times two or more modgraph builds on the same command, run after one another
in turns (A, B, A, B, ...) so that a machine whose speed drifts during the
measurement slows each build alike; prints each build's best and median wall
time and CPU time (user + system) per process.

    scripts/interleave.py [--runs N] [--folder DIR] BUILD... -- ARGUMENTS...

For example, in the benchmark's folder of 100,000 targets
(scripts/bench-commands.sh makes it):

    scripts/interleave.py --runs 6 --folder /tmp/modgraph-bench/commands-100000/ModularApp \\
        .build/release/modgraph /tmp/modgraph-before -- \\
        report dump-package.json --weights uniform --no-diagrams --output /tmp/report

Output goes to /dev/null; each run is stopped after 300 s.
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import time


def main() -> int:
    if "--" not in sys.argv:
        print("interleave.py: give the builds, then --, then the command's arguments", file=sys.stderr)
        return 2
    split = sys.argv.index("--")
    parser = argparse.ArgumentParser(description="Interleaved timing of modgraph builds.")
    parser.add_argument("--runs", type=int, default=6, help="runs of each build (1 to 100)")
    parser.add_argument("--folder", default=".", help="folder the command runs in")
    parser.add_argument("builds", nargs="+", help="modgraph executables to compare")
    options = parser.parse_args(sys.argv[1:split])
    arguments = sys.argv[split + 1:]
    if not 1 <= options.runs <= 100:
        print("interleave.py: --runs takes 1 to 100", file=sys.stderr)
        return 2
    times = {build: [] for build in options.builds}
    for _ in range(options.runs):
        for build in options.builds:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run([build] + arguments, cwd=options.folder, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=300, check=False)
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            times[build].append((wall, cpu))
    print(f"load: {' '.join(open('/proc/loadavg').read().split()[:3]) if os.path.exists('/proc/loadavg') else '?'}")
    for build, runs in times.items():
        walls = sorted(run[0] for run in runs)
        cpus = sorted(run[1] for run in runs)
        print(f"{build}: wall best {walls[0]:.3f} s, median {statistics.median(walls):.3f} s; "
              f"CPU best {cpus[0]:.3f} s, median {statistics.median(cpus):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
