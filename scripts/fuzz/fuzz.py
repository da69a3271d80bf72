#!/usr/bin/env python3
"""A mutation fuzzer that drives the real `modgraph` executable, as CI runs it.

It mutates the four kinds of input an attacker controls on a pull request --
dump-package JSON, `.modgraph.yml`, weights files and Swift sources -- starting
from seeds made from the bundled samples (scripts/fuzz/seeds, Samples/), runs
each case through `graph`, `check` and `schedule` with a time limit, and
reports every case where modgraph:

  crash    died from a signal or exited with a code other than 0, 1 or 2
  hang     ran past the time limit (its process group is killed)
  inject   wrote a line that GitHub's runner reads as a workflow command
           (starts with `::` after white space), other than the annotations
           `--format github` writes on purpose
  stderr   wrote a standard-error line that is not `error:`, `warning:` or
           `note:` followed by one line, or a raw control character

Usage:
  scripts/fuzz/fuzz.py --modgraph .build/debug/modgraph --seconds 20      # CI's short pass
  scripts/fuzz/fuzz.py --modgraph .build/release/modgraph --seconds 3600 --out fuzz-out
Every failing input is written to --out (default: a temporary folder) with
the command that failed. The run is reproducible with --seed.
"""
import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.dirname(os.path.dirname(HERE))
SEEDS = os.path.join(HERE, "seeds")
SAMPLES = os.path.join(REPOSITORY, "Samples")

HOSTILE = [
    "\n::add-mask::X", "::add-mask::X", "::error::x", "\r", "\x1b[31m", "\x00", "\u202e", "\ufffe", "\uffff",
    "<script>alert(1)</script>", "[x](javascript:alert(1))", "`", "|", "%0A", "\\", "\"", "'", "{", "}", "*", "?",
    "{feature}", "\u2028", "x" * 5000, "1e19", "-1", "NaN", "9223372036854775807", "[" * 200, "{\"a\":" * 200,
]
SWIFT_HOSTILE = [
    "let y = " + "[" * 30 + "]" * 30 + "\n", "let z = " + "(" * 3000 + ")" * 3000 + "\n", "import ", "#if os(Linux)\n",
    "#endif\n", "@_exported import Foundation\n", "import struct Foundation.Date\n", "/*", "\"\"\"", "\x00", "\u202e",
    "extension Int { func f() {} }\n", "protocol P {}\nextension P { func g() {} }\n", "{" * 500, "import Nope\n",
]
STDERR_LINE = re.compile(r"^(error|warning|note): |^(recorded|measure:) ")
# Characters the output rule spells out (Escape.needsSpelling), as a regular expression.
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff\ufff9-\ufffb\ufdd0-\ufdef\ufffe\uffff]")


def mutate_bytes(text, rng):
    """Byte-level damage: flips, deletions, duplications, hostile insertions."""
    data = bytearray(text.encode("utf-8", "surrogatepass"))
    for _ in range(rng.randint(1, 6)):
        if not data:
            data += b"{"
        position = rng.randrange(len(data))
        choice = rng.random()
        if choice < 0.25:
            data[position] = rng.randrange(256)
        elif choice < 0.45:
            del data[position:position + rng.randint(1, 40)]
        elif choice < 0.6:
            chunk = data[position:position + rng.randint(1, 200)]
            data[position:position] = chunk * rng.randint(1, 20)
        else:
            data[position:position] = rng.choice(HOSTILE).encode("utf-8", "surrogatepass")
    return data.decode("utf-8", "replace")


def mutate_json(value, rng, depth=0):
    """Structure-aware damage: hostile strings, huge numbers, wrong types, deep nesting, duplicates."""
    if isinstance(value, dict):
        keys = list(value.keys())
        for key in keys:
            if rng.random() < 0.3:
                value[key] = mutate_json(value[key], rng, depth + 1)
        if keys and rng.random() < 0.05:
            del value[rng.choice(keys)]
        return value
    if isinstance(value, list):
        for index in range(len(value)):
            if rng.random() < 0.3:
                value[index] = mutate_json(value[index], rng, depth + 1)
        if value and rng.random() < 0.1:
            value.append(json.loads(json.dumps(rng.choice(value))))
        return value
    if isinstance(value, str):
        choice = rng.random()
        if choice < 0.6:
            return value + rng.choice(HOSTILE)
        if choice < 0.8:
            return rng.choice(HOSTILE)
        return value[::-1]
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return rng.choice([1e19, -1, 0, 2 ** 63, 1e308, 0.5, value * 1000])
    if rng.random() < 0.1:
        return rng.choice([[], {}, "x", 7, None])
    return value


def json_case(text, rng):
    if rng.random() < 0.3:
        return mutate_bytes(text, rng)
    try:
        document = json.loads(text)
    except ValueError:
        return mutate_bytes(text, rng)
    return json.dumps(mutate_json(document, rng), ensure_ascii=rng.random() < 0.5)


def yaml_case(text, rng):
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        index = rng.randrange(len(lines))
        choice = rng.random()
        if choice < 0.4:
            lines[index] = lines[index] + rng.choice(HOSTILE)
        elif choice < 0.6:
            lines.insert(index, lines[index])
        elif choice < 0.7:
            del lines[index]
        else:
            name = json.dumps(rng.choice(HOSTILE))
            lines.insert(index, rng.choice([
                f"  - name: {name}\n    targets: [{name}]", f"  - from: {name}\n    to: '*'\n    reason: {name}",
                f"    targets: [{name}]", f"    isolated: [{name}]",
            ]))
    text = "\n".join(lines)
    return mutate_bytes(text, rng) if rng.random() < 0.3 else text


def swift_case(text, rng):
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        lines.insert(rng.randrange(len(lines) + 1), rng.choice(SWIFT_HOSTILE))
    text = "\n".join(lines)
    return mutate_bytes(text, rng) if rng.random() < 0.3 else text


class Fuzzer:
    def __init__(self, modgraph, out, seconds, cases, timeout, rng):
        self.modgraph = modgraph
        self.out = out
        self.deadline = time.monotonic() + seconds
        self.cases = cases
        self.timeout = timeout
        self.rng = rng
        self.counts = {"cases": 0, "crash": 0, "hang": 0, "inject": 0, "stderr": 0}
        self.work = tempfile.mkdtemp(prefix="modgraph-fuzz-")
        self.environment = dict(os.environ, MODGRAPH_CACHE_DIR=os.path.join(self.work, "cache"), NO_COLOR="1")
        self.seeds = {name: open(os.path.join(SEEDS, name), encoding="utf-8").read() for name in sorted(os.listdir(SEEDS))}
        self.swift_files = sorted(
            os.path.join(folder, name)
            for folder, _, names in os.walk(os.path.join(SAMPLES, "Violations", "Sources")) for name in names if name.endswith(".swift"))

    def done(self):
        return time.monotonic() >= self.deadline or (self.cases and self.counts["cases"] >= self.cases)

    def run(self, arguments, case_files, annotations=False):
        self.counts["cases"] += 1
        command = [self.modgraph] + arguments
        try:
            process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                       env=self.environment, cwd=self.work, start_new_session=True)
        except OSError as error:
            sys.exit(f"fuzz: cannot run {self.modgraph}: {error}")
        try:
            stdout, stderr = process.communicate(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            return self.record("hang", command, case_files, f"no answer in {self.timeout} s")
        if process.returncode not in (0, 1, 2):
            return self.record("crash", command, case_files, f"exit status {process.returncode}\n" + stderr.decode("utf-8", "replace")[-4000:])
        for line in stdout.decode("utf-8", "replace").split("\n"):
            if annotations and (line.startswith("::error ") or line.startswith("::warning ")):
                continue
            if line.lstrip().startswith("::"):
                return self.record("inject", command, case_files, line[:500])
        for line in stderr.decode("utf-8", "replace").split("\n"):
            if line and (not STDERR_LINE.match(line) or RAW.search(line)):
                return self.record("stderr", command, case_files, repr(line[:500]))

    def record(self, kind, command, case_files, detail):
        self.counts[kind] += 1
        folder = os.path.join(self.out, f"{kind}-{self.counts[kind]}")
        os.makedirs(folder, exist_ok=True)
        for path in case_files:
            if os.path.isdir(path):
                shutil.copytree(path, os.path.join(folder, os.path.basename(path)), dirs_exist_ok=True, symlinks=True)
            elif os.path.exists(path):
                shutil.copy(path, folder)
        with open(os.path.join(folder, "failure.txt"), "w", encoding="utf-8") as file:
            file.write(" ".join(command) + "\n" + detail + "\n")
        print(f"fuzz: {kind}: {' '.join(command)[:300]}: {detail[:300]}", file=sys.stderr)

    def package_folder(self):
        """A copy of the Violations sample whose Swift files the source cases mutate."""
        folder = os.path.join(self.work, "pkg")
        if os.path.exists(folder):
            shutil.rmtree(folder)
        shutil.copytree(os.path.join(SAMPLES, "Violations"), folder)
        return folder

    def dump_text(self, name, root):
        return self.seeds[name].replace("@SAMPLES@/Violations", root).replace("@SAMPLES@", os.path.join(self.work, "missing"))

    def write(self, name, text):
        path = os.path.join(self.work, name)
        with open(path, "w", encoding="utf-8", errors="surrogatepass") as file:
            file.write(text)
        return path

    def loop(self):
        dumps = [name for name in self.seeds if name.startswith("dump-")]
        configs = [name for name in self.seeds if name.startswith("config-")]
        root = self.package_folder()
        while not self.done():
            kind = self.rng.random()
            dump = self.write("dump.json", self.dump_text(self.rng.choice(dumps), root))
            config = self.write("config.yml", self.seeds[self.rng.choice(configs)])
            if kind < 0.35:
                dump = self.write("dump.json", json_case(open(dump, encoding="utf-8").read(), self.rng))
                format = self.rng.choice(["text", "json", "dot", "mermaid", "html"])
                self.run(["graph", dump, "--format", format], [dump])
            elif kind < 0.6:
                config = self.write("config.yml", yaml_case(open(config, encoding="utf-8").read(), self.rng))
                if self.rng.random() < 0.5:
                    dump = self.write("dump.json", json_case(open(dump, encoding="utf-8").read(), self.rng))
                format = self.rng.choice(["text", "github", "junit", "sarif"])
                self.run(["check", dump, "--config", config, "--format", format], [dump, config], annotations=format == "github")
            elif kind < 0.8:
                weights = self.write("weights.json", json_case(self.seeds["weights.json"], self.rng))
                format = self.rng.choice(["text", "json", "mermaid", "svg"])
                self.run(["schedule", dump, "--weights", weights, "--format", format, "--workers", str(self.rng.randint(1, 64))],
                         [dump, weights])
            else:
                source = self.rng.choice(self.swift_files)
                target = os.path.join(root, os.path.relpath(source, os.path.join(SAMPLES, "Violations")))
                with open(source, encoding="utf-8") as file:
                    original = file.read()
                with open(target, "w", encoding="utf-8", errors="surrogatepass") as file:
                    file.write(swift_case(original, self.rng))
                dump = self.write("dump.json", self.dump_text("dump-Violations.json", root))
                format = self.rng.choice(["text", "github"])
                self.run(["check", dump, "--config", os.path.join(root, ".modgraph.yml"), "--format", format],
                         [dump, target], annotations=format == "github")
                with open(target, "w", encoding="utf-8") as file:
                    file.write(original)
        shutil.rmtree(self.work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--modgraph", required=True, help="the modgraph executable")
    parser.add_argument("--seconds", type=float, default=20, help="how long to fuzz (default 20)")
    parser.add_argument("--cases", type=int, default=0, help="stop after this many cases (default: no limit)")
    parser.add_argument("--timeout", type=float, default=20, help="a case's time limit in seconds (default 20)")
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: from the clock, printed)")
    parser.add_argument("--out", default=None, help="where failing inputs go (default: a temporary folder)")
    arguments = parser.parse_args()
    if not (0 < arguments.seconds <= 86_400 and 0 < arguments.timeout <= 600 and 0 <= arguments.cases <= 10_000_000):
        parser.error("--seconds is 0 to 86400, --timeout 0 to 600, --cases 0 to 10,000,000")
    seed = arguments.seed if arguments.seed is not None else int(time.time())
    out = arguments.out or tempfile.mkdtemp(prefix="modgraph-fuzz-failures-")
    fuzzer = Fuzzer(os.path.abspath(arguments.modgraph), os.path.abspath(out), arguments.seconds, arguments.cases,
                    arguments.timeout, random.Random(seed))
    started = time.monotonic()
    fuzzer.loop()
    counts = fuzzer.counts
    failures = counts["crash"] + counts["hang"] + counts["inject"] + counts["stderr"]
    print(f"fuzz: {counts['cases']} cases in {time.monotonic() - started:.0f} s (seed {seed}): {counts['crash']} crashes, "
          f"{counts['hang']} hangs, {counts['inject']} injected commands, {counts['stderr']} malformed stderr lines"
          + (f"; inputs in {out}" if failures else ""))
    if not failures and arguments.out is None:
        shutil.rmtree(out, ignore_errors=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
