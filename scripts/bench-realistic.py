#!/usr/bin/env python3
"""Every command on repositories shaped like real apps, timed as whole processes, cold and warm,
for two modgraph builds side by side (docs/performance.md, "Realistic workloads").

The workloads are what modgraph's users have, not the 100,000-target regression guard:
  packages    30 local packages linked by path: (300 targets), Package.swift files the
              evaluator reads (a modular SwiftPM app)
  xcode       8 Xcode projects sharing 250 framework targets (an app split into projects)
  mixed       24 local packages and 4 Xcode projects in one repository, found from its root
and any real checkouts given with --real (public apps, never committed). Cold: an empty
manifest cache each run; warm: a cache filled by a first run. Runs alternate between the
two builds (A B A B ...) and the median wall time of each is printed, with the ratio.

usage: scripts/bench-realistic.py --new NEW [--old OLD] --gen MODGRAPH_GEN [--runs 5] [--real DIR ...] [--work DIR]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

COMMANDS = [
    ("graph", ["graph", "{root}"]),
    ("graph json", ["graph", "{root}", "--format", "json"]),
    ("graph dot", ["graph", "{root}", "--format", "dot"]),
    ("check", ["check", "{root}", "--config", "{config}"]),
    ("schedule", ["schedule", "{root}"]),
    ("report --no-diagrams", ["report", "{root}", "--config", "{config}", "--no-diagrams", "--output", "{out}"]),
    ("report", ["report", "{root}", "--config", "{config}", "--output", "{out}"]),
]


def generate(gen, work):
    """The generated workloads, made once (deterministic by seed)."""
    roots = {}
    packages = os.path.join(work, "packages")
    if not os.path.isdir(packages):
        subprocess.run([gen, "--packages", "30", "--targets", "300", "--output", packages], check=True, capture_output=True)
    roots["packages"] = packages
    xcode = os.path.join(work, "xcode")
    if not os.path.isdir(xcode):
        subprocess.run([gen, "--xcode-projects", "8", "--targets", "250", "--output", xcode], check=True, capture_output=True)
    roots["xcode"] = xcode
    mixed = os.path.join(work, "mixed")
    if not os.path.isdir(mixed):
        subprocess.run([gen, "--packages", "24", "--targets", "240", "--output", os.path.join(mixed, "Modules")],
                       check=True, capture_output=True)
        subprocess.run([gen, "--xcode-projects", "4", "--targets", "120", "--output", os.path.join(mixed, "Apps")],
                       check=True, capture_output=True)
    roots["mixed"] = mixed
    return roots


def configuration(modgraph, root, work, name):
    """A configuration `init` proposes for the workload, outside the workload's folder."""
    path = os.path.join(work, f"{name}.modgraph.yml")
    if not os.path.exists(path):
        subprocess.run([modgraph, "init", root, "--output", path], capture_output=True)
    return path


def run_once(modgraph, arguments, cache):
    environment = dict(os.environ, MODGRAPH_CACHE_DIR=cache, CI="true")
    start = time.perf_counter()
    result = subprocess.run([modgraph] + arguments, capture_output=True, env=environment, timeout=600)
    return time.perf_counter() - start, result.returncode


def measure(builds, arguments, runs, cold, work):
    """Median wall seconds per build, runs alternating between the builds."""
    times = {name: [] for name, _ in builds}
    warm_cache = {name: os.path.join(work, f"cache-warm-{name}") for name, _ in builds}
    for name, modgraph in builds:
        if not cold:
            shutil.rmtree(warm_cache[name], ignore_errors=True)
            run_once(modgraph, arguments, warm_cache[name])
    for _ in range(runs):
        for name, modgraph in builds:
            cache = tempfile.mkdtemp(prefix="cache-cold-", dir=work) if cold else warm_cache[name]
            seconds, code = run_once(modgraph, arguments, cache)
            if code >= 2:
                return None
            times[name].append(seconds)
            if cold:
                shutil.rmtree(cache, ignore_errors=True)
    return {name: statistics.median(values) for name, values in times.items()}


def show(seconds):
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--new", required=True)
    parser.add_argument("--old")
    parser.add_argument("--gen", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--real", nargs="*", default=[])
    parser.add_argument("--work")
    options = parser.parse_args()
    work = options.work or tempfile.mkdtemp(prefix="modgraph-realistic-")
    os.makedirs(work, exist_ok=True)
    builds = [("new", options.new)] + ([("old", options.old)] if options.old else [])
    roots = generate(options.gen, work)
    for path in options.real:
        roots[os.path.basename(os.path.normpath(path))] = path
    load = os.getloadavg()
    print(f"== {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC, {os.cpu_count()} cores, load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; "
          f"median of {options.runs} runs, builds alternating")
    header = "| workload | command | cache | new |" + (" old | new/old |" if options.old else "")
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    worst = 0.0
    for name, root in roots.items():
        config = configuration(options.new, root, work, name)
        out = os.path.join(work, "report-out")
        for label, template in COMMANDS:
            arguments = [a.format(root=root, config=config, out=out) for a in template]
            for cold in (True, False):
                result = measure(builds, arguments, options.runs, cold, work)
                cache = "cold" if cold else "warm"
                if result is None:
                    print(f"| {name} | {label} | {cache} | failed |")
                    continue
                row = f"| {name} | {label} | {cache} | {show(result['new'])} |"
                if options.old:
                    ratio = result["new"] / result["old"]
                    worst = max(worst, ratio)
                    row += f" {show(result['old'])} | {ratio:.2f} |"
                print(row, flush=True)
    if options.old:
        print(f"largest new/old ratio: {worst:.2f}")


if __name__ == "__main__":
    main()
