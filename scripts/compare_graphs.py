#!/usr/bin/env python3
"""Compare `modgraph graph --format json` with `swift package describe --type json`.

Not part of CI. Used by scripts/compare-real-packages.sh; Python 3 standard
library only.

WHAT IS COMPARED (root package only; dependency packages are never compared)

  1. Target names and types.
       modgraph: `targets[]` whose `package` is the package with origin "root"
       (nodes of type "external-product" are not targets).
       describe: `targets[]`, minus targets of type "snippet" (describe adds
       one per file under Snippets/; the manifest has no such targets, so
       modgraph doesn't list them: counted in a note, never a mismatch).
       describe's type names are mapped to the manifest's: "library" ->
       "regular", "system-target" -> "system".
  2. Target paths (modgraph `path` vs describe `path`, both relative to the
     package root), for targets present on both sides.
  3. Each target's set of direct dependencies, split in two sets:
       target deps:  describe `target_dependencies` (names of targets of
                     the same package)  vs  modgraph edges from the target
                     with kind "target" (name of the `to` target);
       product deps: describe `product_dependencies` (product names, from
                     any package, also by-name deps that aren't local
                     targets)  vs  modgraph edges with kind "product" (their
                     `product` field; modgraph may give one edge per target
                     of a product, so the names are deduplicated).

DOCUMENTED DIFFERENCES AND HOW THEY ARE HANDLED

  * Platform conditions (`.when(platforms:)`): describe KEEPS these edges
    (it does not evaluate platforms), so modgraph edges whose condition has
    platforms but no traits are compared like unconditional ones.
  * Trait conditions (`.when(traits:)`): describe evaluates them against the
    root's DEFAULT traits and drops the edges whose traits are all disabled.
    With --dump (the root's `swift package dump-package` JSON) the default
    trait set is computed (trait "default" and the traits it enables,
    transitively) and a trait-gated modgraph edge is EXPECTED in describe
    iff one of its traits is enabled. Without --dump, trait-gated edges are
    only reported, never counted as a mismatch in either direction.
  * Plugin usages (`plugins: [...]` of a target): SwiftPM's PackageBuilder
    appends them to the target's dependencies, so describe DOES list them:
    a plugin of the same package in target_dependencies, a plugin product
    `.plugin(name:package:)` in product_dependencies. modgraph's kind
    "plugin" edges are therefore compared too: without a `product` field as
    target deps, with one as product deps.
  * Regular targets with a `main.*` source: SwiftPM infers type
    "executable" (PackageBuilder `computeTargetType`, all tools versions,
    with a warning from 5.4 on); dump-package, hence modgraph, says
    "regular". Reported as a type MISMATCH, with that hint.
  * Snippets: see 1.

OUTPUT

  compare   prints ONE line: "OK <label>", "MISMATCH <label>: <short diff>",
            "MODGRAPH-FAIL <label>: <modgraph's first error line>" or
            "DESCRIBE-FAIL <label>: <describe's first error line>", and can
            append one TSV row (--tsv) and write the full diff (--details).
  summary   reads a TSV report and prints
            "N packages: X load, Y match, Z mismatch, W failed".
"""

import argparse
import json
import os
import sys

TSV_HEADER = [
    "package", "tag", "status", "modgraph_targets", "describe_targets",
    "compared_targets", "modgraph_edges", "notes", "diff",
]

DESCRIBE_TYPE_MAP = {"library": "regular", "system-target": "system"}


# --------------------------------------------------------------------------
# helpers

def first_error_line(path, rc):
    """modgraph's/describe's one-line error: first 'error:' line, else the
    first non-empty line of stderr."""
    lines = []
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = [l.strip() for l in f if l.strip()]
    except OSError:
        pass
    if rc == 124:
        prefix = "timeout"
    else:
        prefix = "exit %s" % rc
    for l in lines:
        if "error" in l.lower():
            return "%s: %s" % (prefix, l[:300])
    if lines:
        return "%s: %s" % (prefix, lines[0][:300])
    return prefix + " (no stderr)"


def load_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def fmt_set(s, limit=6):
    s = sorted(s)
    if len(s) > limit:
        return "[" + ",".join(s[:limit]) + ",…(+%d)]" % (len(s) - limit)
    return "[" + ",".join(s) + "]"


def default_traits(dump):
    """The traits enabled by default in a dump-package manifest (closure of
    the 'default' trait), or None when the manifest declares no traits."""
    traits = dump.get("traits")
    if not traits:
        return set()
    by_name = {t.get("name"): set(t.get("enabledTraits") or []) for t in traits}
    enabled = set()
    todo = list(by_name.get("default", set()))
    while todo:
        t = todo.pop()
        if t in enabled:
            continue
        enabled.add(t)
        todo.extend(by_name.get(t, set()))
    return enabled


# --------------------------------------------------------------------------
# the two sides, normalised

class Side:
    def __init__(self):
        self.targets = {}          # name -> (type, path)
        self.tdeps = {}            # name -> set of target names
        self.pdeps = {}            # name -> set of product names


def read_modgraph(g):
    """Returns (Side with unconditional+platform-only edges,
    trait-gated edges {target: [(kind, name, traits)]},
    plugin edges {target: set(names)}, number of edges from root targets)."""
    roots = {p["identity"] for p in g.get("packages", []) if p.get("origin") == "root"}
    if not roots:
        raise ValueError("no package with origin 'root' in modgraph JSON")
    side = Side()
    id_to_name = {}
    root_ids = set()
    for t in g.get("targets", []):
        id_to_name[t["id"]] = t["name"]
        if t.get("package") in roots and t.get("type") != "external-product":
            side.targets[t["name"]] = (t.get("type"), t.get("path"))
            side.tdeps[t["name"]] = set()
            side.pdeps[t["name"]] = set()
            root_ids.add(t["id"])
    trait_gated = {}
    plugins = {}
    n_edges = 0
    for e in g.get("edges", []):
        if e.get("from") not in root_ids:
            continue
        n_edges += 1
        src = id_to_name[e["from"]]
        kind = e.get("kind")
        to = e.get("to")
        if kind == "product":
            name = e.get("product") or id_to_name.get(to, to)
        else:
            name = id_to_name.get(to, to)
        if kind == "plugin":
            plugins.setdefault(src, set()).add(e.get("product") or name)
            if e.get("product"):
                side.pdeps[src].add(e["product"])
            else:
                side.tdeps[src].add(name)
            continue
        cond = e.get("condition") or {}
        traits = cond.get("traits") or []
        if traits:
            trait_gated.setdefault(src, []).append((kind, name, tuple(traits)))
            continue
        if kind == "target":
            side.tdeps[src].add(name)
        elif kind == "product":
            side.pdeps[src].add(name)
        else:
            raise ValueError("unknown edge kind %r" % kind)
    return side, trait_gated, plugins, n_edges


def read_describe(d):
    side = Side()
    snippets = []
    for t in d.get("targets", []):
        ty = t.get("type")
        if ty == "snippet":
            snippets.append(t["name"])
            continue
        side.targets[t["name"]] = (DESCRIBE_TYPE_MAP.get(ty, ty), t.get("path"))
        side.tdeps[t["name"]] = set(t.get("target_dependencies") or [])
        side.pdeps[t["name"]] = set(t.get("product_dependencies") or [])
    return side, snippets


# --------------------------------------------------------------------------
# comparison

def compare(g, d, dump):
    mg, trait_gated, plugins, n_edges = read_modgraph(g)
    ds, snippets = read_describe(d)
    enabled = default_traits(dump) if dump is not None else None

    diffs = []     # short strings, each one difference
    notes = []

    if snippets:
        notes.append("describe snippets ignored: %d" % len(snippets))

    only_mg = set(mg.targets) - set(ds.targets)
    only_ds = set(ds.targets) - set(mg.targets)
    if only_mg:
        diffs.append("targets only in modgraph " + fmt_set(only_mg))
    if only_ds:
        diffs.append("targets only in describe " + fmt_set(only_ds))
    both = sorted(set(mg.targets) & set(ds.targets))

    for name in both:
        mt, mp = mg.targets[name]
        dt, dp = ds.targets[name]
        if mt != dt:
            hint = ""
            if mt == "regular" and dt == "executable":
                hint = " (SwiftPM infers executable from a main.* source)"
            diffs.append("%s type modgraph=%s describe=%s%s" % (name, mt, dt, hint))
        if (mp or "").rstrip("/") != (dp or "").rstrip("/"):
            diffs.append("%s path modgraph=%s describe=%s" % (name, mp, dp))

    n_trait = 0
    for name in both:
        exp_t = set(mg.tdeps[name])
        exp_p = set(mg.pdeps[name])
        unsure_t, unsure_p = set(), set()
        for kind, dep, traits in trait_gated.get(name, []):
            n_trait += 1
            bucket_exp = exp_t if kind == "target" else exp_p
            bucket_unsure = unsure_t if kind == "target" else unsure_p
            if enabled is None:
                bucket_unsure.add(dep)
            elif set(traits) & enabled:
                bucket_exp.add(dep)
        got_t, got_p = ds.tdeps[name], ds.pdeps[name]
        for label, exp, got, unsure in (("target", exp_t, got_t, unsure_t),
                                        ("product", exp_p, got_p, unsure_p)):
            missing = exp - got                   # modgraph has, describe not
            extra = got - exp - unsure            # describe has, modgraph not
            if missing or extra:
                parts = []
                if missing:
                    parts.append("modgraph-only " + fmt_set(missing))
                if extra:
                    parts.append("describe-only " + fmt_set(extra))
                diffs.append("%s %s deps: %s" % (name, label, ", ".join(parts)))
    if n_trait:
        notes.append("trait-gated edges: %d (default traits %s)"
                     % (n_trait, "unknown" if enabled is None else fmt_set(enabled, 20)))
    n_plug = sum(len(v) for v in plugins.values())
    if n_plug:
        notes.append("plugin-usage edges: %d" % n_plug)
    return mg, ds, both, n_edges, diffs, notes


# --------------------------------------------------------------------------
# commands

def append_tsv(path, row):
    new = not os.path.exists(path) or os.path.getsize(path) == 0
    with open(path, "a", encoding="utf-8") as f:
        if new:
            f.write("\t".join(TSV_HEADER) + "\n")
        f.write("\t".join(str(c).replace("\t", " ").replace("\n", " ") for c in row) + "\n")


def cmd_compare(a):
    label = a.label
    row = {"package": label, "tag": a.tag or "", "status": "", "modgraph_targets": "",
           "describe_targets": "", "compared_targets": "", "modgraph_edges": "",
           "notes": "", "diff": ""}
    line = None
    g = d = None
    if a.modgraph_rc != 0:
        row["status"] = "MODGRAPH-FAIL"
        row["diff"] = first_error_line(a.modgraph_err, a.modgraph_rc)
    else:
        try:
            g = load_json(a.modgraph)
        except Exception as e:
            row["status"] = "MODGRAPH-FAIL"
            row["diff"] = "invalid JSON on stdout: %s" % e
    if not row["status"]:
        if a.describe_rc != 0:
            row["status"] = "DESCRIBE-FAIL"
            row["diff"] = first_error_line(a.describe_err, a.describe_rc)
        else:
            try:
                d = load_json(a.describe)
            except Exception as e:
                row["status"] = "DESCRIBE-FAIL"
                row["diff"] = "invalid JSON on stdout: %s" % e
    elif a.describe_rc != 0:
        row["notes"] = "describe failed too: " + first_error_line(a.describe_err, a.describe_rc)

    if not row["status"]:
        dump = None
        if a.dump:
            try:
                dump = load_json(a.dump)
            except Exception:
                dump = None
        try:
            mg, ds, both, n_edges, diffs, notes = compare(g, d, dump)
        except Exception as e:
            row["status"] = "MODGRAPH-FAIL"
            row["diff"] = "unexpected modgraph JSON: %s" % e
        else:
            row["modgraph_targets"] = len(mg.targets)
            row["describe_targets"] = len(ds.targets)
            row["compared_targets"] = len(both)
            row["modgraph_edges"] = n_edges
            row["notes"] = "; ".join(notes)
            row["status"] = "MISMATCH" if diffs else "OK"
            row["diff"] = "; ".join(diffs)
            if a.details:
                with open(a.details, "w", encoding="utf-8") as f:
                    f.write("%s %s@%s\n" % (row["status"], label, a.tag or ""))
                    for x in diffs:
                        f.write("DIFF  " + x + "\n")
                    for x in notes:
                        f.write("NOTE  " + x + "\n")

    short = row["diff"]
    if len(short) > a.max_line:
        short = short[: a.max_line] + "…"
    line = row["status"] + " " + label + (("@" + a.tag) if a.tag else "")
    if short:
        line += ": " + short
    if row["notes"] and row["status"] in ("OK", "MISMATCH") and a.verbose:
        line += "  (" + row["notes"] + ")"
    print(line, flush=True)
    if a.tsv:
        append_tsv(a.tsv, [row[k] for k in TSV_HEADER])
    return 0


def cmd_summary(a):
    n = load = match = mismatch = failed = 0
    by_status = {}
    with open(a.tsv, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        si = header.index("status")
        for l in f:
            cols = l.rstrip("\n").split("\t")
            if len(cols) <= si:
                continue
            st = cols[si]
            n += 1
            by_status[st] = by_status.get(st, 0) + 1
            if st in ("OK", "MISMATCH", "DESCRIBE-FAIL"):
                load += 1
            if st == "OK":
                match += 1
            elif st == "MISMATCH":
                mismatch += 1
            else:
                failed += 1
    detail = ", ".join("%s %d" % (k, v) for k, v in sorted(by_status.items())
                       if k not in ("OK", "MISMATCH"))
    print("%d packages: %d load, %d match, %d mismatch, %d failed%s"
          % (n, load, match, mismatch, failed, (" (" + detail + ")") if detail else ""))
    return 0


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("compare", help="compare one package, print one line")
    c.add_argument("--label", required=True, help="e.g. apple/swift-nio")
    c.add_argument("--tag", default="")
    c.add_argument("--modgraph", required=True, help="modgraph JSON (stdout)")
    c.add_argument("--modgraph-err", default="/dev/null")
    c.add_argument("--modgraph-rc", type=int, default=0)
    c.add_argument("--describe", required=True, help="describe JSON (stdout)")
    c.add_argument("--describe-err", default="/dev/null")
    c.add_argument("--describe-rc", type=int, default=0)
    c.add_argument("--dump", help="root dump-package JSON (for default traits)")
    c.add_argument("--tsv", help="append one row to this TSV report")
    c.add_argument("--details", help="write the full diff to this file")
    c.add_argument("--max-line", type=int, default=400)
    c.add_argument("-v", "--verbose", action="store_true", help="notes on OK lines")
    s = sub.add_parser("summary", help="summary line of a TSV report")
    s.add_argument("tsv")
    a = p.parse_args(argv)
    return cmd_compare(a) if a.cmd == "compare" else cmd_summary(a)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
