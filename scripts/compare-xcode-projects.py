#!/usr/bin/env python3
"""Compares modgraph's reading of a repository's Xcode projects with an independent one.

    python3 scripts/compare-xcode-projects.py /path/to/repo [--path PROJECT…] [--verbose] [--json FILE]

(a) runs `modgraph graph REPO --format json` (docs/json-format.md, docs/xcode.md) and
keeps the packages of origin `project`, their targets and the edges leaving them;
(b) reads every `*.xcodeproj/project.pbxproj` under REPO (and every project their
proxies point into) with PyPI's `pbxproj` package
(`pip install --break-system-packages pbxproj`), without any help from modgraph:

- targets: the project's `targets` list (native, aggregate, legacy), name and
  productType;
- edges, each tagged with how it is declared:
  `dependency`  PBXTargetDependency: `target`, else `targetProxy` →
                PBXContainerItemProxy → remoteGlobalIDString in this project or,
                through a PBXFileReference to an .xcodeproj, in another one;
                `productRef` (a package plugin);
  `link`        PBXFrameworksBuildPhase file that is another target's
                productReference, a PBXReferenceProxy (→ the other project's product
                file → its target), or a package product (`productRef`);
  `embed`       the same, in a PBXCopyFilesBuildPhase (Embed Frameworks, …);
  `built-product`  a BUILT_PRODUCTS_DIR file no target of the project makes, made
                by exactly one target of the projects read (Xcode's implicit
                dependencies);
  `package`     packageProductDependencies → XCSwiftPackageProductDependency
                (productName, package → XCRemote/XCLocalSwiftPackageReference).

A target edge is (from project, from target) → (to project, to target); a package
product edge is (from project, from target) → product NAME: modgraph draws it to
the product's targets when the package is loaded, else to an external product
node, and both carry the product's name in `product`.

Then it compares target sets per project and edge sets, and gives each difference
the reason it can find. One summary line per repository; --verbose lists every
difference and the edges' declarations; --json writes the whole comparison.

Exit status: 0 when both readings agree, 1 when they differ, 2 when a reading failed.
Nothing here depends on modgraph beyond its documented JSON.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

try:
    from pbxproj import XcodeProject
except ImportError:  # pragma: no cover
    sys.exit("needs PyPI's pbxproj: pip install --break-system-packages pbxproj")

# Folders modgraph's search does not enter (docs/xcode.md), used only to explain
# why a project on disk is not in modgraph's graph.
PASSED_OVER = {".build", "DerivedData", "Pods", "Carthage", "node_modules", "SourcePackages", "checkouts"}

PLATFORM_NAMES = {"xros": "visionos"}

# docs/xcode.md's table: Xcode product type → type in modgraph's graph (anything else: bundle).
_P = "com.apple.product-type."
EXPECTED_TYPE = {
    **{_P + t: "application" for t in ("application", "application.on-demand-install-capable", "application.messages",
                                      "application.watchapp", "application.watchapp2", "application.watchapp2-container")},
    **{_P + t: "app-extension" for t in ("app-extension", "extensionkit-extension", "app-extension.messages",
                                        "app-extension.messages-sticker-pack", "app-extension.intents-service",
                                        "tv-app-extension", "watchkit-extension", "watchkit2-extension", "xcode-extension",
                                        "system-extension", "driver-extension", "xpc-service")},
    _P + "framework": "framework", _P + "framework.static": "framework",
    _P + "library.static": "static-library", _P + "library.dynamic": "dynamic-library",
    _P + "bundle.unit-test": "unit-tests", _P + "bundle.ocunit-test": "unit-tests", _P + "bundle.ui-testing": "ui-tests",
    _P + "tool": "executable", _P + "host-build-tool": "executable",
    "aggregate": "aggregate", "legacy": "aggregate",
}


def as_list(value):
    if value is None:
        return []
    if isinstance(value, list):
        return value
    return [value]


def text(value):
    return None if value is None else str(value)


# --------------------------------------------------------------------------- pbxproj


class Project:
    """One project.pbxproj as the pbxproj package reads it."""

    def __init__(self, xcodeproj):
        self.xcodeproj = os.path.realpath(xcodeproj)
        self.name = os.path.basename(self.xcodeproj)[: -len(".xcodeproj")]
        self.xp = XcodeProject.load(os.path.join(self.xcodeproj, "project.pbxproj"))
        self.objects = self.xp.objects
        self.root = self.objects[self.xp.rootObject]
        self.source_root = os.path.dirname(self.xcodeproj)
        project_dir = text(self.root["projectDirPath"])
        if project_dir:
            self.source_root = os.path.normpath(os.path.join(self.source_root, project_dir))
        self.parents = {}
        for isa in ("PBXGroup", "PBXVariantGroup", "XCVersionGroup"):
            for group in self.objects.get_objects_in_section(isa):
                for child in as_list(group["children"]):
                    self.parents[str(child)] = group
        self.listed = [str(t) for t in as_list(self.root["targets"])]
        self.targets = {}  # id -> dict
        for tid in self.listed:
            obj = self.objects[tid]
            if obj is None:
                continue
            isa = obj.isa
            if isa == "PBXNativeTarget":
                ptype = text(obj["productType"]) or "?"
            elif isa == "PBXAggregateTarget":
                ptype = "aggregate"
            elif isa == "PBXLegacyTarget":
                ptype = "legacy"
            else:
                continue
            product_ref = text(obj["productReference"])
            self.targets[tid] = {
                "id": tid,
                "name": text(obj["name"]),
                "productType": ptype,
                "productRef": product_ref,
                "productFile": self.file_name(product_ref) if product_ref else None,
            }
        self.all_target_ids = [
            str(o.get_id())
            for isa in ("PBXNativeTarget", "PBXAggregateTarget", "PBXLegacyTarget")
            for o in self.objects.get_objects_in_section(isa)
        ]
        self.by_product = {t["productRef"]: tid for tid, t in self.targets.items() if t["productRef"]}

    def file_name(self, fid):
        obj = self.objects[fid]
        if obj is None:
            return None
        path = text(obj["path"]) or text(obj["name"])
        return os.path.basename(path) if path else None

    def file_path(self, fid):
        """Where a file reference points, as Xcode resolves its group chain."""
        obj = self.objects[fid]
        if obj is None or text(obj["path"]) is None:
            return None
        parts = [text(obj["path"])]
        tree = text(obj["sourceTree"]) or "<group>"
        node, hops = obj, 0
        while tree == "<group>" and hops < 256:
            parent = self.parents.get(str(node.get_id()))
            if parent is None:
                tree = "SOURCE_ROOT"
                break
            if text(parent["path"]):
                parts.insert(0, text(parent["path"]))
            tree = text(parent["sourceTree"]) or "<group>"
            node, hops = parent, hops + 1
        if tree == "<absolute>":
            return os.path.normpath(os.path.join("/", *parts))
        if tree in ("SOURCE_ROOT", "<group>"):
            return os.path.normpath(os.path.join(self.source_root, *parts))
        return None  # BUILT_PRODUCTS_DIR, SDKROOT, …


class Reader:
    """Every project under the repository, and those their proxies point into."""

    def __init__(self, repo):
        self.repo = os.path.realpath(repo)
        self.projects = {}  # realpath of .xcodeproj -> Project
        self.errors = {}  # realpath -> message
        self.missing = set()  # referenced projects not on disk
        self.found = []
        for dirpath, dirnames, _ in os.walk(self.repo):
            dirnames[:] = sorted(d for d in dirnames if d != ".git")
            for d in list(dirnames):
                if d.endswith(".xcodeproj"):
                    dirnames.remove(d)
                    if os.path.isfile(os.path.join(dirpath, d, "project.pbxproj")):
                        self.found.append(os.path.realpath(os.path.join(dirpath, d)))
        for path in self.found:
            self.load(path)

    def load(self, path):
        path = os.path.realpath(path)
        if path in self.projects:
            return self.projects[path]
        if path in self.errors or path in self.missing:
            return None
        if not os.path.isfile(os.path.join(path, "project.pbxproj")):
            self.missing.add(path)
            return None
        try:
            self.projects[path] = Project(path)
        except Exception as error:  # noqa: BLE001 - any failure is a finding
            self.errors[path] = f"{type(error).__name__}: {error}"
            return None
        return self.projects[path]

    def other_project(self, project, portal_id):
        """The project a container proxy's containerPortal names (a file reference)."""
        if str(portal_id) == str(project.xp.rootObject):
            return project, None
        path = project.file_path(portal_id)
        if path is None:
            return None, "container portal is not a file on disk"
        if not path.endswith(".xcodeproj"):
            return None, f"container portal {os.path.basename(path)} is not a project"
        other = self.load(path)
        if other is None:
            why = "missing project" if os.path.realpath(path) in self.missing else "unreadable project"
            return None, f"{why} {os.path.relpath(path, self.repo)}"
        return other, None

    def edges(self):
        """(from key, to key) -> list of declarations; plus unresolved declarations."""
        edges, unresolved = {}, []
        built_products = {}  # file name -> [(project, target id)]
        for project in self.projects.values():
            for tid, t in project.targets.items():
                if t["productFile"]:
                    built_products.setdefault(t["productFile"], []).append((project, tid))

        def add(project, tid, to, via, filters, package=None):
            key = ((project.xcodeproj, project.targets[tid]["name"]), to)
            edges.setdefault(key, []).append({"via": via, "platforms": filters, "package": package})

        def platforms(obj):
            values = as_list(obj["platformFilters"]) + as_list(obj["platformFilter"])
            return sorted({PLATFORM_NAMES.get(str(v), str(v)) for v in values}) or None

        def package_of(project, ref_id):
            ref = project.objects[ref_id] if ref_id else None
            if ref is None:
                return None
            if ref.isa == "XCRemoteSwiftPackageReference":
                return {"remote": text(ref["repositoryURL"])}
            if ref.isa == "XCLocalSwiftPackageReference":
                return {"local": os.path.normpath(os.path.join(project.source_root, text(ref["relativePath"]) or "."))}
            return {"unknown": ref.isa}

        def product_dep(project, tid, pid, via, filters):
            dep = project.objects[pid]
            if dep is None:
                unresolved.append((project, tid, via, f"missing package product {pid}"))
                return
            name = text(dep["productName"]) or ""
            if name.startswith("plugin:"):
                name = name[len("plugin:"):]
            add(project, tid, ("product", name), via, filters, package_of(project, text(dep["package"])))

        def build_file(project, tid, bfid, via):
            bf = project.objects[bfid]
            if bf is None:
                return
            filters = platforms(bf)
            if text(bf["productRef"]):
                product_dep(project, tid, text(bf["productRef"]), via, filters)
                return
            fid = text(bf["fileRef"])
            if fid is None:
                return
            if fid in project.by_product:
                other = project.targets[project.by_product[fid]]
                add(project, tid, (project.xcodeproj, other["name"]), via, filters)
                return
            ref = project.objects[fid]
            if ref is None:
                return
            if ref.isa == "PBXReferenceProxy":
                proxy = project.objects[text(ref["remoteRef"])]
                if proxy is None:
                    unresolved.append((project, tid, via, f"reference proxy {fid} without its proxy"))
                    return
                other, why = self.other_project(project, text(proxy["containerPortal"]))
                if other is None:
                    unresolved.append((project, tid, via, f"{text(ref['path'])}: {why}"))
                    return
                remote = text(proxy["remoteGlobalIDString"])
                target_id = other.by_product.get(remote) or (remote if remote in other.targets else None)
                if target_id is None:
                    unresolved.append((project, tid, via, f"{text(ref['path'])}: no target of {other.name} makes it"))
                    return
                add(project, tid, (other.xcodeproj, other.targets[target_id]["name"]), via, filters)
                return
            if ref.isa == "PBXFileReference" and text(ref["sourceTree"]) == "BUILT_PRODUCTS_DIR":
                name = os.path.basename(text(ref["path"]) or "")
                makers = [(p, t) for p, t in built_products.get(name, []) if not (p is project and t == tid)]
                if len(makers) == 1:
                    p, t = makers[0]
                    add(project, tid, (p.xcodeproj, p.targets[t]["name"]), "built-product", filters)
                elif makers:
                    unresolved.append((project, tid, "built-product", f"{name}: made by {len(makers)} targets"))

        for project in self.projects.values():
            for tid in project.targets:
                target = project.objects[tid]
                for did in as_list(target["dependencies"]):
                    dep = project.objects[did]
                    if dep is None:
                        continue
                    filters = platforms(dep)
                    local = text(dep["target"])
                    if local and local in project.targets:
                        add(project, tid, (project.xcodeproj, project.targets[local]["name"]), "dependency", filters)
                        continue
                    proxy = project.objects[text(dep["targetProxy"])] if text(dep["targetProxy"]) else None
                    if proxy is not None:
                        other, why = self.other_project(project, text(proxy["containerPortal"]))
                        remote = text(proxy["remoteGlobalIDString"])
                        if other is None:
                            unresolved.append((project, tid, "dependency", f"{text(proxy['remoteInfo'])}: {why}"))
                        elif remote in other.targets:
                            add(project, tid, (other.xcodeproj, other.targets[remote]["name"]), "dependency", filters)
                        else:
                            unresolved.append((project, tid, "dependency",
                                               f"{text(proxy['remoteInfo'])}: no listed target {remote} in {other.name}"))
                        continue
                    if text(dep["productRef"]):
                        product_dep(project, tid, text(dep["productRef"]), "dependency", filters)
                        continue
                    unresolved.append((project, tid, "dependency", f"target dependency {did} names nothing"))
                for pid in as_list(target["buildPhases"]):
                    phase = project.objects[pid]
                    if phase is None or phase.isa not in ("PBXFrameworksBuildPhase", "PBXCopyFilesBuildPhase"):
                        continue
                    via = "link" if phase.isa == "PBXFrameworksBuildPhase" else "embed"
                    for bfid in as_list(phase["files"]):
                        build_file(project, tid, str(bfid), via)
                for pid in as_list(target["packageProductDependencies"]):
                    product_dep(project, tid, str(pid), "package", None)
        return edges, unresolved


# --------------------------------------------------------------------------- modgraph


def run_modgraph(modgraph, paths, extra):
    start = time.monotonic()
    try:
        proc = subprocess.run([modgraph, "graph", *paths, "--format", "json", *extra], capture_output=True, text=True)
    except OSError as error:
        return None, [f"cannot run {modgraph}: {error} (give --modgraph or set MODGRAPH)"], 0.0, 127
    elapsed = time.monotonic() - start
    stderr = [line for line in proc.stderr.splitlines() if line.strip()]
    if proc.returncode != 0:
        return None, stderr, elapsed, proc.returncode
    return json.loads(proc.stdout), stderr, elapsed, 0


class ModgraphReading:
    def __init__(self, graph, repo, reader):
        self.repo = os.path.realpath(repo)
        packages = {p["identity"]: p for p in graph["packages"]}
        self.projects = {}  # identity -> realpath of .xcodeproj
        by_name = {}
        for path in list(reader.projects) + list(reader.errors) + list(reader.missing):
            by_name.setdefault(os.path.basename(path), []).append(path)
        for identity, p in packages.items():
            if p["origin"] != "project":
                continue
            path = p["path"]
            candidate = os.path.realpath(os.path.join(self.repo, path)) if path else None
            if candidate is None or not os.path.isdir(candidate):
                named = by_name.get(os.path.basename(path or ""), [])
                candidate = named[0] if len(named) == 1 else (candidate or f"?{identity}")
            self.projects[identity] = candidate
        self.targets = {}  # (xcodeproj, name) -> type
        self.names = {}
        for t in graph["targets"]:
            self.names[t["id"]] = t
            if t["package"] in self.projects:
                self.targets[(self.projects[t["package"]], t["name"])] = t["type"]
        self.edges = {}  # (from, to) -> list of modgraph edges
        for e in graph["edges"]:
            src = self.names.get(e["from"])
            dst = self.names.get(e["to"])
            if src is None or dst is None or src["package"] not in self.projects:
                continue
            frm = (self.projects[src["package"]], src["name"])
            if dst["package"] in self.projects:
                to = (self.projects[dst["package"]], dst["name"])
            else:
                to = ("product", e["product"] or dst["name"])
            self.edges.setdefault((frm, to), []).append(e)


# --------------------------------------------------------------------------- compare


def condition_of(declarations):
    """modgraph's rule: conditional only when every declaration is; the union of platforms."""
    if any(d["platforms"] is None for d in declarations):
        return None
    return sorted({p for d in declarations for p in d["platforms"]})


def local_packages(repo):
    """Package.swift files under the repository: folder → text (for explaining, not for the comparison)."""
    found = {}
    for dirpath, dirnames, filenames in os.walk(repo):
        dirnames[:] = [d for d in dirnames if not d.startswith(".") and d not in PASSED_OVER]
        if "Package.swift" in filenames:
            with open(os.path.join(dirpath, "Package.swift"), errors="replace") as f:
                found[os.path.realpath(dirpath)] = f.read()
    return found


def vendor_of(reader, project, product):
    """Which package on disk declares a library product of that name, and how the project refers to it."""
    if not hasattr(reader, "package_texts"):
        reader.package_texts = local_packages(reader.repo)
    packages = reader.package_texts
    pattern = re.compile(r'\.library\(\s*name:\s*"' + re.escape(product) + '"')
    vendors = sorted(folder for folder, text_ in packages.items() if pattern.search(text_))
    if not vendors:
        return "no package in the repository declares it (a remote package's product?)"
    local_refs = {os.path.normpath(os.path.join(project.source_root, text(o["relativePath"]) or "."))
                  for o in project.objects.get_objects_in_section("XCLocalSwiftPackageReference")}
    file_refs = {project.file_path(o.get_id()) for o in project.objects.get_objects_in_section("PBXFileReference")}
    how = []
    for folder in vendors:
        where = os.path.relpath(folder, os.path.dirname(project.xcodeproj))
        if folder in local_refs:
            how.append(f"{where} vends it, a local package reference (XCLocalSwiftPackageReference) of the project")
        elif folder in file_refs:
            how.append(f"{where} vends it, a file reference of the project (a package added before Xcode 15)")
        else:
            how.append(f"{where} vends it; the project does not refer to it")
    return "; ".join(how)


def compare(repo, graph, reader):
    mg = ModgraphReading(graph, repo, reader)
    pb_edges, unresolved = reader.edges()
    rel = lambda path: os.path.relpath(path, reader.repo) if not path.startswith("?") else path  # noqa: E731

    def why_project_absent(path):
        parts = os.path.relpath(path, reader.repo).split(os.sep)
        for part in parts[:-1]:
            if part in PASSED_OVER:
                return f"in {part}/, which modgraph's search does not enter"
            if part.startswith("."):
                return "in a hidden folder, which modgraph's search does not enter"
        for i in range(len(parts) - 1, 0, -1):
            if os.path.isfile(os.path.join(reader.repo, *parts[:i], "Package.swift")):
                return "inside a package folder, which modgraph's search does not enter"
        return "not found or not listed (see modgraph --verbose)"

    report = {"projects": [], "targetsOnlyModgraph": [], "targetsOnlyPbxproj": [],
              "edgesOnlyModgraph": [], "edgesOnlyPbxproj": [], "conditionDiffers": [],
              "unresolved": [], "errors": dict((rel(k), v) for k, v in reader.errors.items())}

    # Targets, per project.
    mg_projects = set(mg.projects.values())
    pb_targets = {}
    for path, project in reader.projects.items():
        for t in project.targets.values():
            pb_targets[(path, t["name"])] = t
        report["projects"].append({
            "path": rel(path), "inModgraph": path in mg_projects, "targets": len(project.targets),
            "unlisted": len(set(project.all_target_ids) - set(project.targets)),
            "why": None if path in mg_projects else why_project_absent(path)})
    for key, ttype in sorted(mg.targets.items()):
        if key not in pb_targets:
            report["targetsOnlyModgraph"].append({"project": rel(key[0]), "target": key[1], "type": ttype,
                                                  "reason": "no such listed target in the project"})
    report["typeDiffers"] = []
    for key, t in sorted(pb_targets.items()):
        if key in mg.targets:
            expected = EXPECTED_TYPE.get(t["productType"], "bundle")
            if mg.targets[key] != expected:
                report["typeDiffers"].append({"target": f"{rel(key[0])}:{key[1]}", "productType": t["productType"],
                                              "expected": expected, "modgraph": mg.targets[key]})
            continue
        if key[0] not in mg_projects:
            reason = "project not in modgraph's graph: " + why_project_absent(key[0])
        else:
            reason = "unexplained"
        report["targetsOnlyPbxproj"].append({"project": rel(key[0]), "target": key[1],
                                             "productType": t["productType"], "reason": reason})

    # Edges.
    def show(key):
        (fp, fn), to = key
        dest = f"product {to[1]}" if to[0] == "product" else f"{rel(to[0])}:{to[1]}"
        return f"{rel(fp)}:{fn} -> {dest}"

    mg_keys, pb_keys = set(mg.edges), set(pb_edges)
    for key in sorted(pb_keys - mg_keys):
        decl = pb_edges[key]
        (fp, fn), to = key
        vias = sorted({d["via"] for d in decl})
        if fp not in mg_projects:
            reason = "from a project not in modgraph's graph"
        elif to[0] != "product" and to[0] not in mg_projects:
            reason = "to a project not in modgraph's graph"
        elif to[0] != "product" and (fp, fn) == to:
            reason = "a target depending on itself"
        elif to[0] == "product" and not any(d["package"] for d in decl):
            reason = "the product names no package (no `package` key); " + vendor_of(reader, reader.projects[fp], to[1])
        else:
            reason = "unexplained"
        report["edgesOnlyPbxproj"].append({"edge": show(key), "via": vias, "reason": reason,
                                           "packages": [d["package"] for d in decl if d["package"]]})
    unresolved_by_from = {}
    for project, tid, via, why in unresolved:
        unresolved_by_from.setdefault((project.xcodeproj, project.targets[tid]["name"]), []).append(why)
        report["unresolved"].append({"from": f"{rel(project.xcodeproj)}:{project.targets[tid]['name']}",
                                     "via": via, "why": why})
    for key in sorted(mg_keys - pb_keys):
        (fp, fn), to = key
        edges = mg.edges[key]
        if to[0] != "product" and mg.targets.get(to) == "aggregate":
            reason = "to an aggregate target"
        elif (fp, fn) in unresolved_by_from:
            reason = "pbxproj reading could not resolve: " + "; ".join(unresolved_by_from[(fp, fn)])
        else:
            reason = "unexplained"
        report["edgesOnlyModgraph"].append({"edge": show(key), "kinds": sorted({e["kind"] for e in edges}),
                                            "reason": reason})
    for key in sorted(mg_keys & pb_keys):
        expected = condition_of(pb_edges[key])
        conds = {tuple((e["condition"] or {}).get("platforms") or []) or None for e in mg.edges[key]}
        got = None if None in conds else sorted({p for c in conds for p in c})
        if expected != got:
            report["conditionDiffers"].append({"edge": show(key), "pbxproj": expected, "modgraph": got})

    both_t = len(set(mg.targets) & set(pb_targets))
    both_e = len(mg_keys & pb_keys)
    vias = {}
    for key in mg_keys & pb_keys:
        for via in {d["via"] for d in pb_edges[key]}:
            vias[via] = vias.get(via, 0) + 1
    report["summary"] = {
        "projects": len(reader.projects), "projectsInModgraph": len(mg_projects & set(reader.projects)),
        "targetsModgraph": len(mg.targets), "targetsPbxproj": len(pb_targets), "targetsBoth": both_t,
        "edgesModgraph": len(mg_keys), "edgesPbxproj": len(pb_keys), "edgesBoth": both_e,
        "productEdges": sum(1 for k in mg_keys | pb_keys if k[1][0] == "product"),
        "conditionalEdges": sum(1 for k in mg_keys & pb_keys if condition_of(pb_edges[k]) is not None),
        "unresolved": len(report["unresolved"]),
        "conditionDiffers": len(report["conditionDiffers"]), "typeDiffers": len(report["typeDiffers"]),
        "declaredVia": vias,
        "packages": sum(1 for p in graph["packages"] if p["origin"] != "project"),
        "graphTargets": len(graph["targets"]), "graphEdges": len(graph["edges"]),
    }
    return report


def pct(part, whole):
    return "100%" if whole == 0 else f"{100.0 * part / whole:.1f}%"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("repo", help="a checked-out repository (any folder modgraph graph takes)")
    parser.add_argument("--modgraph", default=os.environ.get("MODGRAPH") or shutil.which("modgraph") or "modgraph",
                        help="the modgraph executable (default: $MODGRAPH, else modgraph on PATH)")
    parser.add_argument("--path", action="append", default=[],
                        help="what to give modgraph graph instead of REPO, relative to REPO (repeatable): "
                             "for a repository whose root is a package, name its projects")
    parser.add_argument("--graph-json", help="read modgraph's JSON from this file instead of running it")
    parser.add_argument("--modgraph-arg", action="append", default=[], help="extra argument for modgraph graph")
    parser.add_argument("--verbose", "-v", action="store_true", help="list every difference")
    parser.add_argument("--json", help="write the whole comparison to this file")
    args = parser.parse_args()

    name = os.path.basename(os.path.realpath(args.repo))
    stderr, elapsed = [], None
    if args.graph_json:
        with open(args.graph_json) as f:
            graph = json.load(f)
    else:
        graph, stderr, elapsed, status = run_modgraph(
            args.modgraph, [os.path.join(args.repo, p) for p in args.path] or [args.repo], args.modgraph_arg)
        if graph is None:
            print(f"{name}: modgraph graph failed with exit status {status}")
            for line in stderr:
                print("  " + line)
            return 2
    reader = Reader(args.repo)
    report = compare(args.repo, graph, reader)
    report["modgraphStderr"] = stderr
    s = report["summary"]
    warnings = sum(1 for line in stderr if line.startswith("warning:"))
    agree = (not report["targetsOnlyModgraph"] and not report["targetsOnlyPbxproj"] and not report["edgesOnlyModgraph"]
             and not report["edgesOnlyPbxproj"] and not report["conditionDiffers"] and not report["typeDiffers"]
             and not report["errors"])
    print(f"{name}: {s['projects']} projects ({s['projectsInModgraph']} in modgraph's graph), "
          f"targets {s['targetsBoth']}/{s['targetsPbxproj']} pbxproj, {s['targetsModgraph']} modgraph "
          f"({pct(s['targetsBoth'], s['targetsModgraph'] + s['targetsPbxproj'] - s['targetsBoth'])} agree), "
          f"edges {s['edgesBoth']}/{s['edgesPbxproj']} pbxproj, {s['edgesModgraph']} modgraph "
          f"({pct(s['edgesBoth'], s['edgesModgraph'] + s['edgesPbxproj'] - s['edgesBoth'])} agree), "
          f"{s['conditionDiffers']} of {s['conditionalEdges']} platform conditions and {s['typeDiffers']} types differ, "
          f"{s['unresolved']} declarations unresolvable, {warnings} modgraph warnings"
          + (f", {elapsed:.1f} s" if elapsed is not None else ""))
    if args.verbose:
        for p in report["projects"]:
            mark = "" if p["inModgraph"] else f"  NOT IN MODGRAPH: {p['why']}"
            extra = f", {p['unlisted']} target objects not in its targets list" if p["unlisted"] else ""
            print(f"  project {p['path']}: {p['targets']} targets{extra}{mark}")
        for path, error in report["errors"].items():
            print(f"  pbxproj could not read {path}: {error}")
        sections = [("targets only in modgraph", "targetsOnlyModgraph", lambda d: f"{d['project']}:{d['target']} ({d['type']})"),
                    ("targets only in pbxproj", "targetsOnlyPbxproj", lambda d: f"{d['project']}:{d['target']} ({d['productType']})"),
                    ("edges only in modgraph", "edgesOnlyModgraph", lambda d: f"{d['edge']} [{','.join(d['kinds'])}]"),
                    ("edges only in pbxproj", "edgesOnlyPbxproj", lambda d: f"{d['edge']} [{','.join(d['via'])}]")]
        for title, key, fmt in sections:
            items = report[key]
            print(f"  {title}: {len(items)}")
            for d in items:
                print(f"    {fmt(d)} — {d['reason']}")
        print(f"  conditions that differ: {len(report['conditionDiffers'])}")
        for d in report["conditionDiffers"]:
            print(f"    {d['edge']}: pbxproj {d['pbxproj']}, modgraph {d['modgraph']}")
        print(f"  target types that differ: {len(report['typeDiffers'])}")
        for d in report["typeDiffers"]:
            print(f"    {d['target']}: {d['productType']} should be {d['expected']}, modgraph {d['modgraph']}")
        print(f"  declarations pbxproj could not resolve: {len(report['unresolved'])}")
        for d in report["unresolved"]:
            print(f"    {d['from']} [{d['via']}]: {d['why']}")
        print(f"  agreed edges by declaration: " + ", ".join(f"{k} {v}" for k, v in sorted(s["declaredVia"].items())))
        for line in stderr:
            print(f"  modgraph: {line}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=2, default=str)
    if report["errors"]:
        return 2
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
