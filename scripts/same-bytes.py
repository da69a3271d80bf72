#!/usr/bin/env python3
"""Runs two modgraph executables on the same inputs and compares every output byte for byte.

For a change that must not change what modgraph writes (a refactoring, a speed change):
every command and format on the bundled samples, and on generated packages of the sizes
given (modgraph-gen), each output (stdout, stderr, exit status, every file of a report
folder) compared between OLD and NEW. Prints one line per difference and exits 1 when
there is any.

usage: scripts/same-bytes.py --old OLD --new NEW [--gen MODGRAPH_GEN] [--sizes 5000,100000] [--work DIR]
"""
import argparse
import filecmp
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

GENERATED_CONFIG = """version: 1
layers:
  - name: app
    targets: [App, AppExtension]
  - name: features
    targets: ["Onboarding*", "Profile*", "Settings*", "Search*", "Checkout*", "Messaging*", "Feed*", "Payments*",
              "Orders*", "Cart*", "Wishlist*", "Reviews*", "Support*", "Rewards*", "Stores*", "Tracking*"]
    isolated: ["{feature}Data", "{feature}Domain", "{feature}UI", "{feature}Support*", "{feature}"]
  - name: interfaces
    targets: [VerticalInterfaces]
  - name: core
    targets: ["Prelude*", "Networking*", "Persistence*", "DesignSystem*", "Analytics*", "Logging*", "Storage*", "ImageLoading*",
              "Localization*", "FeatureFlags*", "Authentication*", "Routing*", "Telemetry*", "Keychain*", "Formatting*", "Caching*"]
unassigned: error
tests: exempt
forbidden:
  - from: "{feature}UI"
    to: "*Data"
    allow: "{feature}Data"
  - from: "*"
    to: "App*"
"""

# A stricter configuration for the generated packages: isolation findings and unassigned targets.
STRICT_CONFIG = """version: 1
layers:
  - name: app
    targets: [App]
  - name: features
    targets: ["Onboarding*", "Profile*", "Settings*", "Search*", "Checkout*", "!CheckoutUI"]
    isolated: ["{feature}"]
  - name: core
    targets: ["Prelude*", "Networking*"]
unassigned: warning
tests: exempt
"""


def commands(source, large):
    """The command lines (after the executable) run on `source`, and the report folders they write ("OUT")."""
    graph_formats = ["text", "json", "dot", "mermaid", "html"] + ([] if large else ["svg"])
    lines = [["graph", source, "--format", f] for f in graph_formats]
    lines += [["graph", source, "--format", f, "--level", level] for f in ["text", "json", "dot"] for level in ["product", "package"]]
    lines += [["graph", source, "--format", "dot", "--no-tests"], ["graph", source, "--format", "mermaid", "--cluster", "package"]]
    lines += [["check", source, "--format", f] for f in ["text", "json", "github", "sarif", "junit", "xcode", "markdown"]]
    lines += [["schedule", source, "--format", f, "--workers", "4", "--weights", "uniform"] for f in ["text", "json", "mermaid"]]
    if not large:
        lines += [["schedule", source, "--format", "svg", "--workers", "2"], ["schedule", source, "--workers", "2"]]
    lines += [["report", source, "--output", "OUT", "--workers", "2"] + (["--no-diagrams"] if large else [])]
    return lines


def run(executable, arguments, work, label):
    folder = os.path.join(work, label)
    os.makedirs(folder, exist_ok=True)
    out = os.path.join(folder, "report")
    arguments = [out if a == "OUT" else a for a in arguments]
    result = subprocess.run([executable] + arguments, capture_output=True, timeout=600, cwd=ROOT)
    def plain(text):
        return text.replace(out.encode(), b"OUT").replace(work.encode(), b"WORK")
    return result.returncode, plain(result.stdout), plain(result.stderr), out


def compare(old, new, arguments, work):
    name = " ".join(arguments)
    a = run(old, arguments, work, "old")
    b = run(new, arguments, work, "new")
    problems = []
    for what, x, y in [("exit status", a[0], b[0]), ("stdout", a[1], b[1]), ("stderr", a[2], b[2])]:
        if x != y:
            problems.append(f"{name}: {what} differs")
    if os.path.isdir(a[3]) or os.path.isdir(b[3]):
        left = sorted(os.listdir(a[3])) if os.path.isdir(a[3]) else []
        right = sorted(os.listdir(b[3])) if os.path.isdir(b[3]) else []
        if left != right:
            problems.append(f"{name}: report files differ: {left} against {right}")
        for file in set(left) & set(right):
            if not filecmp.cmp(os.path.join(a[3], file), os.path.join(b[3], file), shallow=False):
                problems.append(f"{name}: {file} differs")
        shutil.rmtree(a[3], ignore_errors=True)
        shutil.rmtree(b[3], ignore_errors=True)
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--old", required=True)
    parser.add_argument("--new", required=True)
    parser.add_argument("--gen")
    parser.add_argument("--sizes", default="")
    parser.add_argument("--work")
    options = parser.parse_args()
    work = options.work or tempfile.mkdtemp(prefix="modgraph-same-bytes-")
    problems, count = [], 0
    samples = [os.path.join("Samples", name) for name in sorted(os.listdir(os.path.join(ROOT, "Samples")))
               if os.path.isdir(os.path.join(ROOT, "Samples", name))]
    for sample in samples:
        for arguments in commands(sample, large=False):
            problems += compare(options.old, options.new, arguments, work)
            count += 1
    for size in [int(s) for s in options.sizes.split(",") if s]:
        if not options.gen:
            sys.exit("--sizes needs --gen (the modgraph-gen executable)")
        folder = os.path.join(work, f"generated-{size}")
        package = os.path.join(folder, "ModularApp")
        if not os.path.exists(os.path.join(package, "dump-package.json")):
            subprocess.run([options.gen, "--targets", str(size), "--format", "json", "--no-sources", "--output", folder],
                           check=True, capture_output=True)
        dump = os.path.join(package, "dump-package.json")
        for name, config in [("rules", GENERATED_CONFIG), ("strict", STRICT_CONFIG)]:
            with open(os.path.join(package, ".modgraph.yml"), "w") as file:
                file.write(config)
            chosen = commands(dump, large=size > 2000) if name == "rules" else [
                ["check", dump, "--format", f] for f in ["text", "json", "sarif"]]
            for arguments in chosen:
                problems += compare(options.old, options.new, arguments, work)
                count += 1
    for problem in problems:
        print(problem)
    print(f"{count} command lines compared, {len(problems)} differences")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
