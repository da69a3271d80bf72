#!/usr/bin/env python3
"""Compares modgraph's reading of an XcodeGen spec with xcodegen_reading.py's.

An independent check for the trials in docs/xcodegen.md: runs
`modgraph graph SPEC --format json`, keeps the targets of the project the spec
generates and their edges, and compares them with the reader's JSON (targets
by name; an edge to a target of the project by its name, to a package product
as `product:NAME`, and a reader's `built:FILE` as the target that makes FILE,
when one does). Prints each difference and exits 1 when there is one.

Usage: compare_xcodegen.py MODGRAPH SPEC EXPECTED.json
"""
import json
import os
import subprocess
import sys


POD_EDGES = [0]


def modgraph_reading(modgraph, spec):
    out = subprocess.run([modgraph, "graph", spec, "--format", "json"], capture_output=True, text=True, timeout=600)
    if out.returncode != 0:
        sys.exit(f"modgraph failed: {out.stderr.strip()}")
    graph = json.loads(out.stdout)
    # The project the spec generates, not those it refers to.
    projects = [p for p in graph["packages"] if p["origin"] == "project" and (p["location"] or "").endswith(os.path.basename(spec))]
    own = {p["identity"] for p in projects}
    # Pods come from the Podfile, which the reader does not read: counted apart.
    pods = {p["identity"] for p in graph["packages"] if p["origin"] == "cocoapods"}
    targets = {t["id"]: t for t in graph["targets"]}
    result = {}
    for target in graph["targets"]:
        if target["package"] in own:
            result[target["name"]] = set()
    for edge in graph["edges"]:
        source = targets[edge["from"]]
        if source["package"] not in own:
            continue
        to = targets[edge["to"]]
        if to["package"] in pods:
            POD_EDGES[0] += 1
            continue
        if edge["kind"] == "product":
            result[source["name"]].add("product:" + edge["product"])
        elif to["package"] == source["package"]:
            result[source["name"]].add(to["name"])
        else:
            result[source["name"]].add(to["package"] + "/" + to["name"])
    return result


def reader_reading(path, names):
    expected = json.load(open(path))
    result = {}
    for target in expected["targets"]:
        edges = set()
        for dependency in target["dependencies"]:
            if dependency.startswith("built:"):
                made = os.path.splitext(dependency[len("built:"):])[0]
                if made in names:
                    edges.add(made)
                continue
            edges.add(dependency.split("/")[-1] if "/" in dependency and not dependency.startswith("product:") else dependency)
        result[target["name"]] = edges
    return result


def main():
    modgraph, spec, expected = sys.argv[1:4]
    ours = modgraph_reading(modgraph, spec)
    theirs = reader_reading(expected, set(ours))
    differences = []
    for name in sorted(set(ours) | set(theirs)):
        if name not in ours:
            differences.append(f"target {name}: only the reader has it")
        elif name not in theirs:
            differences.append(f"target {name}: only modgraph has it")
        else:
            ours_edges = {e.split("/")[-1] if "/" in e and not e.startswith("product:") else e for e in ours[name]}
            for edge in sorted(ours_edges - theirs[name]):
                differences.append(f"{name} -> {edge}: only modgraph has it")
            for edge in sorted(theirs[name] - ours_edges):
                differences.append(f"{name} -> {edge}: only the reader has it")
    edges = sum(len(v) for v in theirs.values())
    print(f"{spec}: {len(ours)} targets, {sum(len(v) for v in ours.values())} edges (reader: {len(theirs)} targets, {edges} edges); {len(differences)} differences; {POD_EDGES[0]} edges to pods apart")
    for line in differences:
        print("  " + line)
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
