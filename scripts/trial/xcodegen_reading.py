#!/usr/bin/env python3
"""Independent reading of an XcodeGen spec, for trials only; NOT used by modgraph.

Shares no code with modgraph. Follows XcodeGen's own rules (Docs/ProjectSpec.md;
Sources/ProjectSpec SpecFile.swift, Template.swift, Target.swift,
Project.resolveProject, Dependency.swift; XcodeGenKit/PBXProjGenerator.swift).
Usage: xcodegen_reading.py SPEC [--var NAME=VALUE ...] [--strict-frameworks]
Prints {"targets": [{"name", "type", "dependencies"}]}, dependencies being
"Target", "Project/Target", "product:NAME" or "built:FILE" (bundle:, implicit
framework:, and non-implicit framework: without '/' unless --strict-frameworks).
${VAR}s (XcodeGen passes the environment) are only expanded from --var.
"""
import json
import os
import posixpath
import sys

import yaml


def warn(msg):
    print("warning: " + msg, file=sys.stderr)


def load_dict(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    data = json.loads(text) if path.lower().endswith(".json") else (yaml.safe_load(text) if text else {})
    data = nulls_to_strings(data)
    return data if isinstance(data, dict) else {}


def nulls_to_strings(v):  # XcodeGen loads YAML without Yams' null rule
    if isinstance(v, dict):
        return {str(k): nulls_to_strings(x) for k, x in v.items()}
    if isinstance(v, list):
        return [nulls_to_strings(x) for x in v]
    return "" if v is None else v


def expand_str(s, variables):
    """Port of SpecFile's `${name}` expansion; unknown names are left as they are."""
    i = 0
    while i < len(s) and len(s) - i >= 4:
        if s[i] == "$" and s[i + 1] == "{" and s[i + 2] != "}":
            end = s.find("}", i)
            if end == -1:
                break
            name = s[i + 2:end]
            if name in variables:
                s = s[:i] + variables[name] + s[end + 1:]
                i += len(variables[name])
            else:
                i = end + 1
        else:
            j = s.find("$", i + 1)
            i = j if j != -1 else len(s)
    return s


def expand(value, variables):
    if not variables:
        return value
    if isinstance(value, dict):
        return {expand_str(k, variables): expand(v, variables) for k, v in value.items()}
    if isinstance(value, list):
        return [expand(v, variables) for v in value]
    return expand_str(value, variables) if isinstance(value, str) else value


def merged(top, base):
    """`top.merged(onto: base)`: dicts recurse, arrays concatenate, key:REPLACE replaces."""
    out = dict(base)
    for key, value in top.items():
        if key.endswith(":REPLACE"):
            out[key[:-8]] = value
        elif isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merged(value, out[key])
        elif isinstance(value, list) and isinstance(out.get(key), list):
            out[key] = out[key] + value
        else:
            out[key] = value
    return out


def ns_bool(v, default):
    if isinstance(v, bool):
        return v
    if isinstance(v, str):  # NSString.boolValue
        s = v.strip().lstrip("+-").lstrip("0")
        return bool(s) and s[0] in "YyTt123456789"
    return default


def resolve_paths(d, directory):
    """Spec paths are relative to the including file; only dependency `framework:` matters here."""
    def join(p):
        return p if p.startswith("/") else posixpath.normpath(posixpath.join(directory, p))
    d = dict(d)
    for section in ("targets", "targetTemplates"):
        if not isinstance(d.get(section), dict):
            continue
        d[section] = dict(d[section])
        for name, t in d[section].items():
            if isinstance(t, dict) and isinstance(t.get("dependencies"), list):
                d[section][name] = dict(t, dependencies=[
                    dict(x, framework=join(x["framework"]))
                    if isinstance(x, dict) and isinstance(x.get("framework"), str) else x
                    for x in t["dependencies"]])
    return d


class Spec:
    """One spec file and its includes, as SpecFile: base folder + path relative to it."""

    def __init__(self, file_path, base, rel, variables, cache):
        self.path = os.path.normpath(os.path.join(base, file_path))
        self.rel = rel
        self.d = expand(load_dict(self.path), variables)
        cache[self.path] = self
        inc = self.d.get("include")
        incs = inc if isinstance(inc, list) else ([inc] if inc not in (None, "") else [])
        self.children = []
        for i in incs:
            if isinstance(i, str):
                i = {"path": i}
            if not (isinstance(i, dict) and isinstance(i.get("path"), str)):
                continue
            p = i["path"]
            if not ns_bool(i.get("enable"), True):
                continue
            relative = ns_bool(i.get("relativePaths"), True)
            cbase = os.path.join(base, rel) if relative else base
            key = os.path.normpath(os.path.join(cbase, p))
            self.children.append(cache.get(key) or
                                 Spec(p, cbase, posixpath.dirname(p) if relative else "", variables, cache))

    def resolved(self, acc, seen):
        """Includes merged in order, this file on top; each file merged once."""
        if self.path in seen:
            return {}
        seen.add(self.path)
        directory = posixpath.normpath(posixpath.join(acc, self.rel)) if (acc or self.rel) else ""
        base = {}
        for child in self.children:
            base = merged(child.resolved(directory, seen), base)
        return merged(resolve_paths(self.d, directory), base)


def dict_of_dicts(v):
    return v if isinstance(v, dict) and all(isinstance(x, dict) for x in v.values()) else None


def resolve_multiplatform(d):
    targets = dict_of_dicts(d.get("targets"))
    if targets is None:
        return d
    out = {}
    for name, t in targets.items():
        plats = t.get("platform")
        if not (isinstance(plats, list) and all(isinstance(p, str) for p in plats)):
            out[name] = t
            continue
        for p in plats:
            pt = expand(dict(t, isMultiPlatformTarget=True), {"platform": p})
            pt["platform"] = p
            suffix = pt["platformSuffix"] if isinstance(pt.get("platformSuffix"), str) else "_" + p
            prefix = pt["platformPrefix"] if isinstance(pt.get("platformPrefix"), str) else ""
            out[prefix + name + suffix] = pt
    return dict(d, targets=out)


def resolve_templates(d):
    targets = dict_of_dicts(d.get("targets"))
    if targets is None:
        return d
    templates = dict_of_dicts(d.get("targetTemplates")) or {}

    def collect(ref, acc, idx):  # depth first: a template's own templates go before it
        names = ref.get("templates")
        if isinstance(names, list) and all(isinstance(n, str) for n in names):
            for n in names:
                if n not in acc and n in templates:
                    acc.insert(idx, n)
                    idx = collect(templates[n], acc, idx) + 1
        return idx

    out = {}
    for name, ref in targets.items():
        acc = []
        collect(ref, acc, 0)
        if acc:
            base = {}
            for n in acc:
                base = merged(templates[n], base)
            ref = expand(merged(ref, base), {"target_name": name})
            attrs = ref.get("templateAttributes")
            if isinstance(attrs, dict) and all(isinstance(v, str) for v in attrs.values()):
                ref = expand(ref, attrs)
        out[name] = ref
    return dict(d, targets=out)


def edges(t, packages, project_refs, strict):
    deps = t.get("dependencies", [])
    if not isinstance(deps, list):
        warn("dependencies of %s is not a list" % t["name"])
        return []
    result = []
    for dep in (x for x in deps if isinstance(x, dict)):
        plats = dep.get("platforms")
        if isinstance(plats, list) and t.get("platform") not in plats:
            continue  # Target.init drops dependencies not for this platform
        s = {k: dep[k] for k in ("target", "framework", "carthage", "sdk", "package", "bundle", "product")
             if isinstance(dep.get(k), str)}
        if "target" in s:
            parts = [p for p in s["target"].split("/") if p]
            if len(parts) == 2 and parts[0] not in project_refs:
                warn("%s: %r is not a projectReferences key" % (t["name"], parts[0]))
            result.append("/".join(parts))
        elif "framework" in s:
            if dep.get("implicit") is True or ("/" not in s["framework"] and not strict):
                result.append("built:" + posixpath.basename(s["framework"]))
        elif "carthage" in s or "sdk" in s:
            continue
        elif "package" in s:
            if s["package"] not in packages:
                warn("package %s is not declared; XcodeGen skips it" % s["package"])
                continue
            prods = dep.get("products")
            if not (isinstance(prods, list) and all(isinstance(p, str) for p in prods)):
                prods = [s["product"]] if "product" in s else []
            result += ["product:" + p for p in (prods or [s["package"]])]
        elif "bundle" in s:
            if t.get("type") not in ("library.static", "library.dynamic"):
                result.append("built:" + posixpath.basename(s["bundle"]))
        else:
            warn("invalid dependency %r" % dep)
    return list(dict.fromkeys(result))


def read_spec(spec_path, variables=None, strict=False):
    spec_path = os.path.abspath(spec_path)
    root = Spec(os.path.basename(spec_path), os.path.dirname(spec_path), "", variables or {}, {})
    d = root.resolved("", set())
    # Project.resolveProject: multiplatform, templates, (scheme templates), multiplatform again.
    d = resolve_multiplatform(resolve_templates(resolve_multiplatform(d)))
    packages = set(d["packages"]) if isinstance(d.get("packages"), dict) else set()
    if isinstance(d.get("localPackages"), list):
        packages |= {posixpath.basename(posixpath.normpath(p)) for p in d["localPackages"] if isinstance(p, str)}
    project_refs = set(d["projectReferences"]) if isinstance(d.get("projectReferences"), dict) else set()
    out = []
    for key, t in (dict_of_dicts(d.get("targets")) or {}).items():
        t = dict(t, name=t["name"] if isinstance(t.get("name"), str) else key)
        ttype = t["type"] if isinstance(t.get("type"), str) else ""
        if not ttype and "legacy" not in t:
            warn("target %s has no type (XcodeGen would refuse it)" % t["name"])
        out.append({"name": t["name"], "type": ttype, "dependencies": edges(t, packages, project_refs, strict)})
    aggregates = d.get("aggregateTargets") if isinstance(d.get("aggregateTargets"), dict) else {}
    for key, a in aggregates.items():
        a = a if isinstance(a, dict) else {}
        names = a.get("targets") if isinstance(a.get("targets"), list) else []
        out.append({"name": a["name"] if isinstance(a.get("name"), str) else key, "type": "aggregate",
                    "dependencies": list(dict.fromkeys(x for x in names if isinstance(x, str)))})
    return {"targets": sorted(out, key=lambda x: x["name"])}


def main(argv):
    args, variables, strict = [], {}, False
    it = iter(argv)
    for a in it:
        if a == "--var":
            k, _, v = next(it).partition("=")
            variables[k] = v
        elif a == "--strict-frameworks":
            strict = True
        else:
            args.append(a)
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    print(json.dumps(read_spec(args[0], variables, strict), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
