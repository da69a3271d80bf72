#!/usr/bin/env python3
"""Predicted against real build times, for docs/planning.md.

  scripts/validate-schedule.py PACKAGE_DIR [--jobs 1,2] [--measure-jobs 2] [--whatifs 3 [--repeat R]] [--results DIR]
      [--plan-flag=--traits --plan-flag=default ...]

For one package folder (a generated workspace from scripts/gen-workspace.py, or a checkout):
  1. `modgraph measure -j M` (a warm-up build, then a measured clean build) -> weights.json;
     (measure also writes coreSharing: the cores the build kept busy and, from its compiler
     probe, how much slower a job runs for each other busy core);
  2. for each N in --jobs: `modgraph schedule --no-tests --workers N --weights weights.json`,
     the module-level and the job-level makespans, each plus the measured build's work outside
     the compiles (buildPhases: before the first compile, after the last);
  3. for each N: a *different* clean `swift build -j N` in a scratch folder of its own, timed;
  4. with --whatifs K on a generated workspace (it needs the generator's arguments, read from
     gen.json beside Package.swift): the K best bottlenecks of the plan for the largest N,
     applied to the code by regenerating it (--drop FROM:TO, --split NAME), each built clean
     with -j N and timed in --repeat rounds that alternate the unchanged workspace and every
     change; the predicted saving against the real one (medians).

Every build runs under `nice -n 10`, one at a time. Prints Markdown rows; --results keeps
the weights, plans and rows. Builds are not in CI: this script runs them.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODGRAPH = os.environ.get("MODGRAPH", os.path.join(ROOT, ".build", "debug", "modgraph"))


def run(arguments, **kwargs):
    return subprocess.run(["nice", "-n", "10"] + arguments, check=True, **kwargs)


def load():
    return os.getloadavg()[0]


def clean_build(package, jobs, scratch):
    shutil.rmtree(scratch, ignore_errors=True)
    before = load()
    start = time.monotonic()
    run(["swift", "build", "--package-path", package, "-j", str(jobs), "--scratch-path", scratch],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seconds = time.monotonic() - start
    shutil.rmtree(scratch, ignore_errors=True)
    return seconds, before


def plan(package, weights, workers, flags):
    output = subprocess.run(
        [MODGRAPH, "schedule", package, "--no-tests", "--workers", str(workers), "--weights", weights, "--format", "json"] + flags,
        check=True, capture_output=True, text=True).stdout
    return json.loads(output)


def predictions(document, phases):
    # The real builds run in a new scratch folder: they fill again the caches the measured build
    # found warm (coldCaches: what the warm-up build took beyond the measured one).
    outside = phases.get("beforeFirstCompile", 0) + phases.get("afterLastCompile", 0) + phases.get("coldCaches", 0)
    module = document["summary"]["makespan"]
    job = document.get("jobLevel", {}).get("makespan", module)
    return module, job, outside


def whatif_arguments(bottleneck, suffix_of):
    if bottleneck["change"] == "split-target":
        return ["--split", suffix_of(bottleneck["target"])]
    return ["--drop", f"{suffix_of(bottleneck['from'])}:{suffix_of(bottleneck['to'])}"]


def replan(package, name, arguments):
    weights = os.path.join(arguments.results, f"{name}.weights.json")
    measured = json.load(open(weights))
    if arguments.no_core_sharing:
        # The model before #54: every job's measured time taken as it is, whatever ran beside it, and
        # each module's batches as measured (without the measured -j, none is re-cut).
        measured.pop("coreSharing", None)
        measured.pop("buildJobs", None)
        weights = os.path.join(tempfile.mkdtemp(prefix="modgraph-replan-"), "weights.json")
        json.dump(measured, open(weights, "w"))
    phases = measured.get("buildPhases", {})
    if arguments.measured_build:
        # Against the measured build itself: the model's own error, without the variation
        # between two clean builds (nor the caches a new scratch folder fills, coldCaches).
        # `buildJobs`; files written before it have the -j under `jobs`, which the targets' jobs follow.
        jobs = measured.get("buildJobs") or arguments.measure_jobs
        document = plan(package, weights, jobs, arguments.plan_flag)
        outside = phases.get("beforeFirstCompile", 0) + phases.get("afterLastCompile", 0)
        module = document["summary"]["makespan"] + outside
        job = document.get("jobLevel", {}).get("makespan", module - outside) + outside
        real = measured["buildWallSeconds"]
        cpu = measured.get("buildCPUSeconds")
        counted = sum((j.get("emitModule") or 0) + sum(j.get("compile", [])) + (j.get("link") or 0) for j in measured.get("jobs", {}).values()) \
            if isinstance(measured.get("jobs"), dict) else 0
        print(f"| {name} | {document['summary']['targets']} | {jobs} | {module:.1f} s | {(module - real) / real:+.0%} "
              f"| {job:.1f} s | {(job - real) / real:+.0%} | {real:.1f} s | "
              + (f"{cpu:.1f} s ({(cpu - counted) / counted:+.0%}) |" if cpu and counted else " |"))
        return
    for line in open(os.path.join(arguments.results, f"{name}.rows.md")):
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 9 or not cells[2].isdigit():
            continue
        jobs, real = int(cells[2]), float(cells[7].split()[0])
        document = plan(package, weights, jobs, arguments.plan_flag)
        module, job, outside = predictions(document, phases)
        print(f"| {name} | {document['summary']['targets']} | {jobs} | {module + outside:.1f} s | {(module + outside - real) / real:+.0%} "
              f"| {job + outside:.1f} s | {(job + outside - real) / real:+.0%} | {real:.1f} s | {cells[8]} |")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("package")
    parser.add_argument("--jobs", default="1,2")
    parser.add_argument("--measure-jobs", type=int, default=2)
    parser.add_argument("--whatifs", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=1, help="rounds of what-if builds, each the unchanged workspace and every change")
    parser.add_argument("--results")
    parser.add_argument("--name")
    parser.add_argument("--plan-flag", action="append", default=[])
    parser.add_argument("--measured-build", action="store_true",
                        help="with --replan: predict the measured build itself (its -j), the model's own error")
    parser.add_argument("--no-core-sharing", action="store_true",
                        help="with --replan: plan without the weights' coreSharing and -j (jobs' measured times and batches as they are)")
    parser.add_argument("--replan", action="store_true",
                        help="build nothing: re-plan from the weights and real times kept in --results (a later model, the same builds)")
    arguments = parser.parse_args()
    package = os.path.abspath(arguments.package)
    name = arguments.name or os.path.basename(package)
    if arguments.replan:
        replan(package, name, arguments)
        return
    work = tempfile.mkdtemp(prefix="modgraph-validate-")
    rows = []
    try:
        weights = os.path.join(work, "weights.json")
        print(f"note: load {load():.1f} before measuring {name}", file=sys.stderr)
        run([MODGRAPH, "measure", package, "-j", str(arguments.measure_jobs), "--output", weights] + arguments.plan_flag,
            stderr=subprocess.DEVNULL)
        measured = json.load(open(weights))
        phases = measured.get("buildPhases", {})
        largest = max(int(j) for j in arguments.jobs.split(","))
        plans = {}
        for jobs in [int(j) for j in arguments.jobs.split(",")]:
            document = plan(package, weights, jobs, arguments.plan_flag)
            plans[jobs] = document
            module, job, outside = predictions(document, phases)
            real, before = clean_build(package, jobs, os.path.join(work, "scratch"))
            row = (f"| {name} | {document['summary']['targets']} | {jobs} | {module + outside:.1f} s | {(module + outside - real) / real:+.0%} "
                   f"| {job + outside:.1f} s | {(job + outside - real) / real:+.0%} | {real:.1f} s | {before:.1f} |")
            print(row, flush=True)
            rows.append(row)
        if arguments.whatifs:
            generator = json.load(open(os.path.join(package, "gen.json")))
            document = plans[largest]
            ranking = document.get("jobLevel", document)["bottlenecks"]
            baseline_predicted = ranking["baseline"]
            # An executable cannot be split into two modules: the generator refuses it, so it is not tried.
            applicable = [e for e in ranking["ranked"] if not (e["change"] == "split-target" and e["target"].endswith("/App"))]
            changes = []
            for index, entry in enumerate(applicable[: arguments.whatifs]):
                changed = os.path.join(work, f"changed-{index}")
                change = whatif_arguments(entry, lambda identifier: identifier.split("/")[-1])
                subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "gen-workspace.py")] + generator + [changed] + change, check=True)
                changes.append((entry, change, changed, []))
            # Rounds alternate the unchanged workspace and each changed one, so that a slower
            # minute of the machine falls on all of them alike; savings compare medians.
            baseline_reals, loads = [], []
            for _ in range(arguments.repeat):
                real, before = clean_build(package, largest, os.path.join(work, "scratch"))
                baseline_reals.append(real)
                loads.append(before)
                for _, _, changed, reals in changes:
                    real, before = clean_build(changed, largest, os.path.join(work, "scratch"))
                    reals.append(real)
                    loads.append(before)
            baseline_real = statistics.median(baseline_reals)
            print(f"| {name} baseline | | | {baseline_predicted:.1f} s | | | | {baseline_real:.1f} s "
                  f"({', '.join(f'{r:.1f}' for r in baseline_reals)}) | |", flush=True)
            for entry, change, _, reals in changes:
                real = statistics.median(reals)
                predicted_saving = baseline_predicted - entry["makespan"]
                real_saving = baseline_real - real
                row = (f"| {name} | {' '.join(change)} | {predicted_saving:.1f} s | {real_saving:.1f} s | "
                       f"{(predicted_saving - real_saving) / real_saving:+.0%} | {real:.1f} s ({', '.join(f'{r:.1f}' for r in reals)}) "
                       f"| {max(loads):.1f} |" if real_saving else "")
                print(row, flush=True)
                rows.append(row)
        if arguments.results:
            os.makedirs(arguments.results, exist_ok=True)
            shutil.copy(weights, os.path.join(arguments.results, f"{name}.weights.json"))
            for jobs, document in plans.items():
                json.dump(document, open(os.path.join(arguments.results, f"{name}.plan-{jobs}.json"), "w"))
            open(os.path.join(arguments.results, f"{name}.rows.md"), "w").write("\n".join(rows) + "\n")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
