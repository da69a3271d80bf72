#!/usr/bin/env python3
"""Checks each import finding of `modgraph check --format json` against the files themselves.

    verify_findings.py CHECK.json GRAPH.json [REPO]

An `undeclared-import` finding must point at a line that imports the module it names, and the
graph (`modgraph graph --format json`) must have no edge from the importer to it; an
`unused-dependency` finding must name an edge the graph has, and no Swift file in the target's
folder may import the module. This is the mechanical half of judging a finding: whether the
import compiles in that target (its `#if`, its build settings) is still read by hand.
Prints a count per rule and verdict, then every finding that fails; exits 1 when one does.
"""
import collections
import json
import os
import re
import sys

IMPORT = re.compile(
    r"\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:class|struct|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)")


def module_of(target):
    """The name `import` uses for a target: its module name if the graph gives one, else its name."""
    name = target.get("moduleName") or target["name"]
    return re.sub(r"[^A-Za-z0-9_]", "_", name)


def folder_of(target, packages, repo):
    package = packages[target["package"]]
    base = package.get("path") or "."
    if base.endswith((".swift", ".xcodeproj", ".yml", ".yaml")):
        base = os.path.dirname(base)
    return os.path.join(repo, base, target.get("path") or "")


def imports_in(folder):
    found = collections.Counter()
    for root, _, files in os.walk(folder):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(root, name), errors="replace") as handle:
                    for line in handle:
                        match = IMPORT.match(line)
                        if match:
                            found[match.group(1)] += 1
    return found


def main():
    check = json.load(open(sys.argv[1]))
    graph = json.load(open(sys.argv[2]))
    repo = sys.argv[3] if len(sys.argv) > 3 else "."
    packages = {package["identity"]: package for package in graph["packages"]}
    targets = {target["id"]: target for target in graph["targets"]}
    edges = collections.defaultdict(set)
    for edge in graph["edges"]:
        edges[edge["from"]].add(edge["to"])
    verdicts = collections.Counter()
    failed = []
    for finding in check["findings"]:
        rule, chain = finding["rule"], finding["chain"]
        importer, imported = chain[0], chain[-1]
        module = module_of(targets[imported])
        if rule == "undeclared-import":
            location = finding["location"]
            with open(os.path.join(repo, location["file"]), errors="replace") as handle:
                line = handle.read().split("\n")[location["line"] - 1]
            good = re.search(r"\bimport\s+(?:\w+\s+)?" + re.escape(module) + r"\b", line) is not None and imported not in edges[importer]
        elif rule == "unused-dependency":
            if (targets[importer].get("path") or ".") == ".":
                # Sources in several folders (XcodeGen's lists, a project's groups): no one folder to read.
                verdicts[(rule, "not checked (sources in several folders)")] += 1
                continue
            good = imported in edges[importer] and module not in imports_in(folder_of(targets[importer], packages, repo))
        else:
            verdicts[(rule, "not checked")] += 1
            continue
        verdicts[(rule, "consistent" if good else "FAILS")] += 1
        if not good:
            failed.append((rule, " → ".join(chain), finding.get("location")))
    for (rule, verdict), count in sorted(verdicts.items()):
        print(f"{rule}: {verdict}: {count}")
    for entry in failed:
        print("FAILS:", *entry)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
