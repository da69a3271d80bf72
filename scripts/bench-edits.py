#!/usr/bin/env python3
"""One-file edits re-checked: each edit made to a Swift file of a repository, then `check --format json`
and `graph --wiring --format json` run by NEW (and OLD) with the cache the earlier runs kept, timed,
and compared byte for byte with a cold run of NEW (docs/performance.md, "Additions the wiring cannot
see (session 48)").

The edits are those a developer makes, one at a time, at random (a fixed seed): a type added at the
end of a file (`type`), a type added that holds one the file declares (`typeuse`), a function added
to a type (`member`), a top-level function (`func`), a comment at a random line (`comment`); and
three the wiring sees: a type the file declares made to conform to a protocol the repository
declares (`conform`), a function added to a builder (`builder`: a type named `…Builder`), a function
taking one of the repository's protocols (`service`). Each is left in place for the next. Edit a
scratch clone: the files stay edited.

Prints one line per edit (its kind, NEW's and OLD's CPU seconds, user + system, whether the outputs
are the same), and per kind the medians. Exits 1 when an output differs from the cold run's.

usage: scripts/bench-edits.py --new NEW [--old OLD] [--edits 20] [--seed 1] [--kinds conform,service] REPO
"""
import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

KINDS = ["type", "typeuse", "member", "func", "comment", "conform", "builder", "service"]
DECLARATION = re.compile(r"^(?:public |final |open |internal |private |fileprivate )*(?:struct|class|enum|actor) (\w+)[^{]*\{\s*$")
BUILDER = re.compile(r"^(?:public |final |open |internal )*(?:struct|class) \w+Builder\b[^{]*\{\s*$")
PROTOCOL = re.compile(r"^\s*(?:public |internal )?protocol (\w+)")


def protocols(files):
    """The names of the protocols the files declare, sorted."""
    found = set()
    for path in files:
        with open(path, encoding="utf-8", errors="surrogateescape") as handle:
            found.update(match.group(1) for match in map(PROTOCOL.match, handle) if match)
    return sorted(found)


def timed(command, cwd, cache):
    """(CPU seconds, stdout and stderr) of one run with `cache` as its cache folder."""
    env = dict(os.environ, MODGRAPH_CACHE_DIR=cache)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=out, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        out.seek(0)
        err.seek(0)
        return usage.ru_utime + usage.ru_stime, out.read() + b"\n--\n" + err.read() + str(status).encode()


def swift_files(repo):
    """The Swift files of the repository outside tests, dependencies and manifests, sorted."""
    found = []
    for root, dirs, names in os.walk(repo):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in ("Pods", "Carthage", "build", "Tuist"))
        if "Test" in os.path.relpath(root, repo):
            continue
        for name in sorted(names):
            if name.endswith(".swift") and name not in ("Package.swift", "Project.swift", "Workspace.swift"):
                found.append(os.path.join(root, name))
    return found


def edit(path, kind, tag, rng, names=()):
    """Makes one edit of `kind` to the file (`names`: the repository's protocols); False when the file has no place for it."""
    with open(path, encoding="utf-8", errors="surrogateescape") as handle:
        lines = handle.read().split("\n")
    if kind == "type":
        lines.append(f"struct Added{tag} {{\n    let value: Int\n    func label() -> String {{ String(value) }}\n}}")
    elif kind == "typeuse":
        declared = [match.group(1) for match in map(DECLARATION.match, lines) if match]
        if not declared:
            return False
        lines.append(f"struct Added{tag} {{\n    let item: {declared[0]}? = nil\n}}")
    elif kind in ("member", "builder"):
        # A function added to a type the file declares, or to a builder.
        pattern = BUILDER if kind == "builder" else DECLARATION
        places = [index for index, line in enumerate(lines) if pattern.match(line)]
        if not places:
            return False
        lines.insert(rng.choice(places) + 1, f"    func added{tag}() -> Int {{ {tag} }}")
    elif kind == "func":
        lines.append(f"func added{tag}() -> Int {{ {tag} }}")
    elif kind == "conform":
        declared = [match.group(1) for match in map(DECLARATION.match, lines) if match]
        if not declared or not names:
            return False
        lines.append(f"extension {rng.choice(declared)}: {rng.choice(names)} {{}}")
    elif kind == "service":
        if not names:
            return False
        lines.append(f"func uses{tag}(_ service: any {rng.choice(names)}) {{}}")
    else:
        lines.insert(rng.randrange(len(lines) + 1), f"// touched {tag}")
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as handle:
        handle.write("\n".join(lines))
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--new", required=True)
    parser.add_argument("--old")
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kinds", default=",".join(KINDS), help="the kinds of edit to make, comma-separated")
    parser.add_argument("repo")
    arguments = parser.parse_args()
    kinds = arguments.kinds.split(",")
    if not kinds or any(kind not in KINDS for kind in kinds):
        parser.error(f"--kinds: each of {', '.join(KINDS)}")
    repo = os.path.abspath(arguments.repo)
    builds = {"NEW": os.path.abspath(arguments.new)}
    if arguments.old:
        builds["OLD"] = os.path.abspath(arguments.old)
    work = tempfile.mkdtemp(prefix="modgraph-edits-")
    caches = {name: os.path.join(work, name) for name in builds}
    check = ["check", ".", "--format", "json"]
    graph = ["graph", "--wiring", "--format", "json"]
    for name, build in builds.items():
        timed([build] + check, repo, caches[name])
    rng = random.Random(arguments.seed)
    files = swift_files(repo)
    names = protocols(files)
    builders = [path for path in files if any(map(BUILDER.match, open(path, encoding="utf-8", errors="surrogateescape")))]
    times = {(name, kind): [] for name in builds for kind in KINDS}
    different = 0
    made = 0
    while made < arguments.edits and files:
        kind = rng.choice(kinds)
        path = rng.choice(builders if kind == "builder" and builders else files)
        if not edit(path, kind, rng.randrange(100_000), rng, names):
            continue
        made += 1
        # Past the coarsest time granularity, so that the file's stamp is settled.
        time.sleep(2.2)
        outputs = {}
        line = f"{kind:8s}"
        # The builds take turns to run first after the pause: the first run after it pays for a cold processor.
        order = list(builds.items())
        if made % 2 == 0:
            order.reverse()
        for name, build in order:
            seconds, output = timed([build] + check, repo, caches[name])
            outputs[name] = output + timed([build] + graph, repo, caches[name])[1]
            times[(name, kind)].append(seconds)
        for name in builds:
            line += f" {name} {times[(name, kind)][-1]:.2f} s"
        cold = os.path.join(work, "cold")
        shutil.rmtree(cold, ignore_errors=True)
        expected = timed([builds["NEW"]] + check, repo, cold)[1] + timed([builds["NEW"]] + graph, repo, cold)[1]
        same = all(output == expected for output in outputs.values())
        different += not same
        print(f"{line}  {'same' if same else 'DIFFERENT'}  {os.path.relpath(path, repo)}", flush=True)
    for kind in KINDS:
        medians = [f"{name} {statistics.median(times[(name, kind)]):.2f} s" for name in builds if times[(name, kind)]]
        if medians:
            print(f"median {kind:8s} ({len(times[('NEW', kind)])}): " + ", ".join(medians))
    print(f"{made} edits, {different} with an output other than the cold run's")
    shutil.rmtree(work, ignore_errors=True)
    return 1 if different else 0


if __name__ == "__main__":
    sys.exit(main())
