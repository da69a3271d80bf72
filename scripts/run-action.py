#!/usr/bin/env python3
"""Runs the composite action in action.yml outside GitHub, as a runner would run it.

Its `run:` steps run as GitHub runs them, with `bash --noprofile --norc -eo pipefail` after
their `${{ }}` expressions are replaced, the step's `env:` and `if:` evaluated from the
inputs and the earlier steps' outputs, and the
files a runner provides (GITHUB_OUTPUT, GITHUB_PATH, GITHUB_STEP_SUMMARY, RUNNER_TEMP).
The `uses:` steps are the third-party actions, which need GitHub's services; each is
stood in for by what it does to the job's files:

  actions/cache/restore, actions/cache/save   copy the path from and to --cache-store/KEY (restore:
                                              else the newest saved under a restore-keys prefix)
  actions/upload-artifact                     copy the path to --out/artifacts/NAME
  github/codeql-action/upload-sarif           check that the file is SARIF 2.1.0, and record it

An expression this runner does not understand is an error, never a guess. scripts/test-action.sh
drives it; --result writes what happened as JSON for the test to check.

    run-action.py --action DIR --workspace DIR --out DIR [--cache-store DIR]
                  [--input NAME=VALUE ...] [--event push|pull_request|fork-pull_request] [--actor NAME]
                  [--branch NAME] [--sha COMMIT]
                  [--code-scanning on|off] [--workflow FILE [--env NAME=VALUE ...] [--base-ref BRANCH]]

With --workflow it runs a workflow's job (docs/workflows/*.yml) the same way: the checkout
is the workspace given, the `uses: modgraph/modgraph@…` step is the action in --action with
the job's `with:` (and --input added), and the tools the job calls (xcodebuild, swift test)
are whatever PATH holds, which scripts/test-workflows.sh fills with recording stand-ins.
"""

import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys

import yaml

REPOSITORY = "example/app"
STEP_TIMEOUT = 3600


class ExpressionError(Exception):
    pass


# ---- expressions: the subset of GitHub's syntax that an action's `if:`, `env:` and `with:` use


TOKEN = re.compile(
    r"\s*(?:(?P<string>'(?:[^']|'')*')|(?P<number>-?\d+(?:\.\d+)?)|(?P<op>==|!=|&&|\|\||!|\(|\)|,)"
    r"|(?P<name>[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_*][A-Za-z0-9_-]*)*))"
)


def tokenize(text):
    tokens, position = [], 0
    while position < len(text):
        if text[position:].strip() == "":
            break
        match = TOKEN.match(text, position)
        if not match or match.end() == position:
            raise ExpressionError(f"cannot read the expression at {text[position:]!r}")
        position = match.end()
        kind = match.lastgroup
        tokens.append((kind, match.group(kind)))
    return tokens


def number(value):
    """GitHub's coercion to a number, for == between different types."""
    if value is None:
        return 0.0
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        if value.strip() == "":
            return 0.0
        try:
            return float(value)
        except ValueError:
            return float("nan")
    return float("nan")


def equal(left, right):
    if isinstance(left, str) and isinstance(right, str):
        return left.lower() == right.lower()
    if type(left) is type(right) and not isinstance(left, (dict, list)):
        return left == right
    if isinstance(left, (dict, list)) or isinstance(right, (dict, list)):
        return left is right
    return number(left) == number(right)


def truthy(value):
    if value is None or value is False:
        return False
    if isinstance(value, (int, float)):
        return value != 0
    if isinstance(value, str):
        return value != ""
    return True


class Evaluator:
    def __init__(self, contexts, status):
        self.contexts = contexts
        self.status = status  # "success" or "failure": the job so far

    def evaluate(self, text):
        self.tokens = tokenize(text)
        self.position = 0
        value = self.disjunction()
        if self.position != len(self.tokens):
            raise ExpressionError(f"unexpected {self.tokens[self.position][1]!r} in {text!r}")
        return value

    def peek(self):
        return self.tokens[self.position] if self.position < len(self.tokens) else (None, None)

    def take(self, expected=None):
        token = self.peek()
        if token[0] is None or (expected is not None and token[1] != expected):
            raise ExpressionError(f"expected {expected or 'more'}, found {token[1]!r}")
        self.position += 1
        return token

    def disjunction(self):
        value = self.conjunction()
        while self.peek() == ("op", "||"):
            self.take()
            right = self.conjunction()
            value = value if truthy(value) else right
        return value

    def conjunction(self):
        value = self.comparison()
        while self.peek() == ("op", "&&"):
            self.take()
            right = self.comparison()
            value = right if truthy(value) else value
        return value

    def comparison(self):
        value = self.unary()
        while self.peek() in (("op", "=="), ("op", "!=")):
            operator = self.take()[1]
            right = self.unary()
            value = equal(value, right) if operator == "==" else not equal(value, right)
        return value

    def unary(self):
        if self.peek() == ("op", "!"):
            self.take()
            return not truthy(self.unary())
        return self.primary()

    def primary(self):
        kind, text = self.take()
        if kind == "op" and text == "(":
            value = self.disjunction()
            self.take(")")
            return value
        if kind == "string":
            return text[1:-1].replace("''", "'")
        if kind == "number":
            return float(text)
        if kind == "name":
            if self.peek() == ("op", "("):
                self.take()
                self.take(")")
                return self.function(text)
            if text == "null":
                return None
            if text in ("true", "false"):
                return text == "true"
            return self.lookup(text)
        raise ExpressionError(f"unexpected {text!r}")

    def function(self, name):
        if name == "success":
            return self.status == "success"
        if name == "failure":
            return self.status == "failure"
        if name == "always":
            return True
        if name == "cancelled":
            return False
        raise ExpressionError(f"the function {name}() is not one this runner knows")

    def lookup(self, dotted):
        parts = dotted.split(".")
        if parts[0] not in self.contexts:
            raise ExpressionError(f"the context {parts[0]!r} is not one this runner knows")
        value = self.contexts[parts[0]]
        for part in parts[1:]:
            if isinstance(value, dict):
                value = value.get(part)
            else:
                return None
        return value


def as_text(value):
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def substitute(text, evaluator):
    """A string with each ${{ expression }} replaced by its value."""
    if not isinstance(text, str):
        return as_text(text)
    return re.sub(r"\$\{\{(.*?)\}\}", lambda match: as_text(evaluator.evaluate(match.group(1))), text)


def condition(text, evaluator):
    if text is None:
        return evaluator.status == "success"
    if isinstance(text, bool):
        return text and evaluator.status == "success"
    text = text.strip()
    if text.startswith("${{") and text.endswith("}}"):
        text = text[3:-2]
    if not re.search(r"\b(success|failure|always|cancelled)\(\)", text):
        text = f"success() && ({text})"
    return truthy(evaluator.evaluate(text))


# ---- the runner's files


def read_outputs(path):
    """name=value lines and name<<DELIMITER blocks, as GitHub reads GITHUB_OUTPUT."""
    outputs = {}
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if not line:
            continue
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            value = []
            while index < len(lines) and lines[index] != delimiter:
                value.append(lines[index])
                index += 1
            if index >= len(lines):
                raise ExpressionError(f"GITHUB_OUTPUT: {name} has no closing {delimiter}")
            index += 1
            outputs[name] = "\n".join(value)
        elif "=" in line:
            name, value = line.split("=", 1)
            outputs[name] = value
        else:
            raise ExpressionError(f"GITHUB_OUTPUT: cannot read the line {line!r}")
    return outputs


def stand_in(uses, inputs, options, record):
    """What a third-party action does to the job's files; its outputs."""
    name = uses.split("@", 1)[0]
    if name == "actions/cache/restore":
        key = inputs["key"]
        matched = key if key and os.path.isdir(os.path.join(options.cache_store, key)) else None
        # As GitHub's cache: no exact key, then the newest saved entry whose key starts with a restore key.
        for prefix in (line.strip() for line in inputs.get("restore-keys", "").splitlines()):
            saved = [entry for entry in os.listdir(options.cache_store) if prefix and entry.startswith(prefix)]
            if matched or not saved:
                continue
            matched = max(saved, key=lambda entry: os.stat(os.path.join(options.cache_store, entry)).st_mtime_ns)
        if matched:
            shutil.rmtree(inputs["path"], ignore_errors=True)
            shutil.copytree(os.path.join(options.cache_store, matched), inputs["path"], symlinks=True)
            record["cache"].append({"restored": matched})
            return {"cache-hit": str(matched == key).lower(), "cache-primary-key": key, "cache-matched-key": matched}
        record["cache"].append({"missed": key})
        return {"cache-hit": "false", "cache-primary-key": key}
    if name == "actions/cache/save":
        stored = os.path.join(options.cache_store, inputs["key"])
        if not inputs["key"]:
            raise ExpressionError("actions/cache/save was given no key")
        if not os.path.isdir(stored):
            shutil.copytree(inputs["path"], stored, symlinks=True)
        record["cache"].append({"saved": inputs["key"]})
        return {}
    if name == "actions/upload-artifact":
        target = os.path.join(options.out, "artifacts", inputs["name"])
        if os.path.isdir(inputs["path"]):
            shutil.copytree(inputs["path"], target, symlinks=True)
        elif inputs.get("if-no-files-found") != "ignore":
            raise ExpressionError(f"upload-artifact: {inputs['path']} is not a folder")
        record["artifacts"][inputs["name"]] = target
        return {}
    if name == "github/codeql-action/upload-sarif":
        with open(inputs["sarif_file"], encoding="utf-8") as handle:
            document = json.load(handle)
        if document.get("version") != "2.1.0" or not isinstance(document.get("runs"), list):
            raise ExpressionError(f"upload-sarif: {inputs['sarif_file']} is not SARIF 2.1.0")
        record["sarif"].append({"file": inputs["sarif_file"], "category": inputs.get("category"), "runs": len(document["runs"])})
        return {}
    raise ExpressionError(f"no stand-in for the action {uses}")


class Runner:
    """One job's runner: its files, environment and record, shared by the workflow's steps
    and the composite action's, as on GitHub (an action's GITHUB_PATH reaches later steps)."""

    def __init__(self, options, workspace, github):
        self.options = options
        self.workspace = workspace
        self.temp = os.path.join(options.out, "runner-temp")
        for folder in (self.temp, options.cache_store, os.path.join(options.out, "artifacts")):
            os.makedirs(folder, exist_ok=True)
        self.files = {name: os.path.join(options.out, name) for name in ("summary.md", "path.txt", "env.txt")}
        for path in self.files.values():
            open(path, "w").close()
        system = {"Linux": "Linux", "Darwin": "macOS"}.get(platform.system(), platform.system())
        arch = {"x86_64": "X64", "amd64": "X64", "arm64": "ARM64", "aarch64": "ARM64"}.get(
            platform.machine().lower(), platform.machine())
        self.github = github
        self.runner = {"temp": self.temp, "os": system, "arch": arch}
        # The runner's environment: the machine's PATH and HOME (the toolchain and its package
        # copies), and the variables GitHub sets; nothing else of the caller's.
        self.base_env = {key: os.environ[key] for key in ("PATH", "HOME", "LANG", "TMPDIR") if key in os.environ}
        self.base_env.update(
            {
                "CI": "true",
                "GITHUB_ACTIONS": "true",
                "GITHUB_WORKSPACE": workspace,
                "GITHUB_REPOSITORY": REPOSITORY,
                "GITHUB_EVENT_NAME": github["event_name"],
                "GITHUB_REF": github["ref"],
                "GITHUB_SHA": github["sha"],
                "GITHUB_BASE_REF": github.get("base_ref") or "",
                "GITHUB_STEP_SUMMARY": self.files["summary.md"],
                "GITHUB_PATH": self.files["path.txt"],
                "GITHUB_ENV": self.files["env.txt"],
                "RUNNER_TEMP": self.temp,
                "RUNNER_OS": system,
                "RUNNER_ARCH": arch,
                # The user's cache folder on the runner: a modgraph step not given the action's
                # cache folder writes here (scripts/test-action.sh checks that none does).
                "XDG_CACHE_HOME": os.path.join(options.out, "user-cache"),
            }
        )
        self.record = {"steps": [], "cache": [], "artifacts": {}, "sarif": [], "checkout": 0}
        self.scripts = 0

    def steps(self, steps, contexts, env, uses, default_shell):
        """Runs `steps` as a job (or a composite action) does; returns its status."""
        status = "success"
        for index, step in enumerate(steps):
            name = step.get("name") or step.get("id") or step.get("uses") or f"step {index + 1}"
            evaluator = Evaluator(contexts, status)
            entry = {"id": step.get("id"), "name": name}
            if not condition(step.get("if"), evaluator):
                entry["status"] = "skipped"
                self.record["steps"].append(entry)
                if step.get("id"):
                    contexts["steps"][step["id"]] = {"outputs": {}, "outcome": "skipped", "conclusion": "skipped"}
                print(f"run-action: skipped: {name}", file=sys.stderr, flush=True)
                continue
            print(f"run-action: {name}", file=sys.stderr, flush=True)
            outputs = {}
            if "uses" in step:
                with_inputs = {key: substitute(value, evaluator) for key, value in (step.get("with") or {}).items()}
                try:
                    outputs, outcome = uses(step["uses"], with_inputs)
                except (OSError, ValueError, KeyError, ExpressionError) as error:
                    print(f"run-action: {step['uses']}: {error}", file=sys.stderr)
                    outcome = "failure"
            else:
                outputs, outcome, entry["exit"] = self.script(step, name, evaluator, env, default_shell)
            entry["status"] = outcome
            entry["outputs"] = outputs
            self.record["steps"].append(entry)
            if step.get("id"):
                contexts["steps"][step["id"]] = {"outputs": outputs, "outcome": outcome, "conclusion": outcome}
            if outcome == "failure" and not step.get("continue-on-error"):
                status = "failure"
        return status

    def script(self, step, name, evaluator, step_env, default_shell):
        shell = step.get("shell") or default_shell
        if shell != "bash":
            raise SystemExit(f"error: step {name!r}: only bash steps are run here")
        env = dict(self.base_env)
        env.update(step_env)
        with open(self.files["path.txt"], encoding="utf-8") as handle:
            added = [line for line in handle.read().split("\n") if line]
        env["PATH"] = os.pathsep.join(list(reversed(added)) + [self.base_env["PATH"]])
        for key, value in (step.get("env") or {}).items():
            env[key] = substitute(value, evaluator)
        self.scripts += 1
        output_file = os.path.join(self.options.out, f"output-{self.scripts}.txt")
        open(output_file, "w").close()
        env["GITHUB_OUTPUT"] = output_file
        script = os.path.join(self.temp, f"step-{self.scripts}.sh")
        # As GitHub does, expressions in the script are replaced by their values before
        # bash reads it: an input pasted there would run as shell, which the tests try.
        with open(script, "w", encoding="utf-8") as handle:
            handle.write(substitute(step["run"], evaluator))
        # `shell: bash` is `bash --noprofile --norc -eo pipefail {0}`; a workflow step that
        # names no shell gets `bash -e {0}` (GitHub's defaults on Linux and macOS).
        command = ["bash", "--noprofile", "--norc", "-eo", "pipefail", script] if step.get("shell") else ["bash", "-e", script]
        try:
            completed = subprocess.run(command, cwd=self.workspace, env=env, timeout=STEP_TIMEOUT, check=False)
            outcome, code = ("success" if completed.returncode == 0 else "failure"), completed.returncode
        except subprocess.TimeoutExpired:
            outcome, code = "failure", "timeout"
        return read_outputs(output_file), outcome, code

    def action(self, action_dir, given):
        """The composite action in action_dir with the inputs `given`: its outputs and conclusion."""
        with open(os.path.join(action_dir, "action.yml"), encoding="utf-8") as handle:
            action = yaml.safe_load(handle)
        if action["runs"]["using"] != "composite":
            raise SystemExit("error: action.yml is not a composite action")
        inputs = {name: as_text(spec.get("default", "")) for name, spec in action.get("inputs", {}).items()}
        for name, value in given.items():
            if name not in inputs:
                raise ExpressionError(f"action.yml has no input {name!r}")
            inputs[name] = value
        contexts = {"inputs": inputs, "github": dict(self.github, action_path=action_dir), "runner": self.runner, "steps": {}}
        env = {"GITHUB_ACTION_PATH": action_dir}
        status = self.steps(action["runs"]["steps"], contexts, env, lambda uses, values: (self.stand_in(uses, values), "success"),
                            default_shell=None)
        evaluator = Evaluator(contexts, status)
        outputs = {name: substitute(spec.get("value", ""), evaluator) for name, spec in action.get("outputs", {}).items()}
        return outputs, status

    def stand_in(self, uses, inputs):
        if uses.split("@", 1)[0] == "github/codeql-action/upload-sarif" and self.options.code_scanning == "off":
            # What the upload says where code scanning is not enabled (a private repository
            # without GitHub Advanced Security).
            raise ExpressionError("Code scanning is not enabled for this repository. Please enable code scanning in the "
                                  "repository settings.")
        return stand_in(uses, inputs, self.options, self.record)

    def finish(self, status, outputs):
        record = self.record
        record["outputs"] = outputs
        record["conclusion"] = status
        with open(self.files["summary.md"], encoding="utf-8") as handle:
            record["summary"] = handle.read()
        with open(self.files["path.txt"], encoding="utf-8") as handle:
            record["path"] = [line for line in handle.read().split("\n") if line]
        with open(self.files["env.txt"], encoding="utf-8") as handle:
            record["env"] = handle.read()
        if self.options.result:
            with open(self.options.result, "w", encoding="utf-8") as handle:
                json.dump(record, handle, indent=2)


def workflow(runner, path, action_dir, contexts_github, overrides, action_inputs):
    """The workflow's one job: its env (with --env overrides, as a team edits them), its
    steps; actions/checkout stands for the workspace given, modgraph/modgraph is the action
    in --action (with --action-input added, as a release's archive), others stand-ins."""
    with open(path, encoding="utf-8") as handle:
        document = yaml.safe_load(handle)
    jobs = document["jobs"]
    if len(jobs) != 1:
        raise ExpressionError(f"{path}: this runner runs a workflow of one job, not {len(jobs)}")
    job = next(iter(jobs.values()))
    env = {key: as_text(value) for key, value in (job.get("env") or {}).items()}
    for pair in overrides:
        key, _, value = pair.partition("=")
        if key not in env:
            raise ExpressionError(f"{path}: the job sets no env {key!r} to override")
        env[key] = value
    contexts = {"github": contexts_github, "runner": runner.runner, "steps": {}, "env": env}

    def uses(name, values):
        if name.startswith("actions/checkout@"):
            runner.record["checkout"] += 1
            return {}, "success"
        if name.startswith("modgraph/modgraph@"):
            return runner.action(action_dir, dict(values, **action_inputs))
        return runner.stand_in(name, values), "success"

    return runner.steps(job["steps"], contexts, env, uses, default_shell="bash")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--action", required=True, help="the folder holding action.yml")
    parser.add_argument("--workspace", required=True, help="the job's workspace (the checked-out repository)")
    parser.add_argument("--out", required=True, help="an empty folder for the runner's files")
    parser.add_argument("--cache-store", help="where actions/cache keeps what it saves (default: OUT/cache)")
    parser.add_argument("--sha", default="0" * 40, help="the commit the run is for (GITHUB_SHA, github.sha)")
    parser.add_argument("--input", action="append", default=[], metavar="NAME=VALUE",
                        help="an input of the action (with --workflow: added to the modgraph step's with:)")
    parser.add_argument("--event", choices=["push", "pull_request", "fork-pull_request"], default="push")
    parser.add_argument("--base-ref", default="main", help="a pull request's base branch (github.base_ref)")
    parser.add_argument("--branch", default="main", help="the branch a push is to (the default branch is main)")
    parser.add_argument("--actor", default="octocat", help="who triggered the run (github.actor)")
    parser.add_argument("--code-scanning", choices=["on", "off"], default="on",
                        help="off: a SARIF upload fails as on a private repository without code scanning")
    parser.add_argument("--workflow", help="run this workflow's job (docs/workflows/*.yml) instead of the action alone")
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                        help="with --workflow: a value of the job's env:, as a team sets it")
    parser.add_argument("--result", help="write what happened here, as JSON")
    options = parser.parse_args()
    options.out = os.path.abspath(options.out)
    options.cache_store = os.path.abspath(options.cache_store or os.path.join(options.out, "cache"))
    action_dir = os.path.abspath(options.action)
    workspace = os.path.abspath(options.workspace)
    inputs = {}
    for pair in options.input:
        name, _, value = pair.partition("=")
        inputs[name] = value

    event_name = "push" if options.event == "push" else "pull_request"
    pull_request = None
    if options.event != "push":
        head = REPOSITORY if options.event == "pull_request" else "someone/app-fork"
        pull_request = {"number": 1, "head": {"repo": {"full_name": head, "fork": head != REPOSITORY}}}
    github = {
        "workspace": workspace,
        "repository": REPOSITORY,
        "actor": options.actor,
        "event_name": event_name,
        "ref": "refs/pull/1/merge" if pull_request else f"refs/heads/{options.branch}",
        "base_ref": options.base_ref if pull_request else "",
        "sha": options.sha,
        "event": dict({"pull_request": pull_request} if pull_request else {}, repository={"default_branch": "main"}),
    }
    runner = Runner(options, workspace, github)
    if options.workflow:
        status = workflow(runner, options.workflow, action_dir, github, options.env, inputs)
        outputs = {}
    else:
        outputs, status = runner.action(action_dir, inputs)
    runner.finish(status, outputs)
    print(f"run-action: the {'job' if options.workflow else 'action'}'s conclusion: {status}", file=sys.stderr)
    return 0 if status == "success" else 1


if __name__ == "__main__":
    try:
        sys.exit(main())
    except ExpressionError as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)
