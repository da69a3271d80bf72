#!/usr/bin/env python3
"""An independent reading of a repository's module graph, in modgraph's id scheme.

Written for the trials of issue #34 without looking at how modgraph reads anything: Xcode
projects are read with PyPI's `pbxproj`, workspaces with ElementTree, SwiftPM manifests with
`swift package dump-package` (never modgraph's static evaluator). What it prints can then be
set against `modgraph graph --format json` (compare.py).

Ids: a package's target is `identity/Target` (identity: the folder's last component after
symlinks, lowercased; a remote package's: the URL's last component without `.git`,
lowercased); a remote product that is not opened is the node `identity/Product`; an Xcode
target is `project/Target`, the project's identity being its name lowercased (when that is
taken, `name.xcodeproj`, then `name-2.xcodeproj`, in path order).

What a user expects from a repository root (the rules this script follows, written down so
that a difference can be judged):
  * a root with a Package.swift is that package (with its `path:` dependencies); the projects
    and workspaces next to it are listed under "notes" (pass them with --path to read them);
  * otherwise, the shallowest workspace(s) found are what a user opens: their projects and
    packages (projects under Pods/ are CocoaPods' generated code and are left out), plus the
    projects those refer to;
  * with no workspace, every project found, and every package found outside other packages.
  Within projects: every native/aggregate/legacy target of the project's `targets` list.
  Edges: target dependencies (also through container proxies into other projects), products
  of other targets linked or embedded (same project, reference proxies, or by product file
  name across everything loaded, filtered by the linking target's platform as Xcode's
  implicit dependencies do), package product dependencies (a local package's product is one
  edge per target of the product; a remote one an external node), SwiftPM target
  dependencies and plugin usages. Local packages of a project: XCLocalSwiftPackageReference,
  folder references that hold a Package.swift, and packages inside synchronised folders.

Usage: independent_graph.py ROOT [--path P ...] [--swift swift] [--cache DIR] > graph.json
"""
import argparse
import hashlib
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

from pbxproj import XcodeProject

SKIP_DIRS = {".build", "DerivedData", "Pods", "Carthage", "node_modules", "SourcePackages",
             ".git", ".swiftpm"}
PRODUCT_TYPES = {
    "com.apple.product-type.application": "application",
    "com.apple.product-type.application.on-demand-install-capable": "application",
    "com.apple.product-type.application.messages": "application",
    "com.apple.product-type.application.watchapp": "application",
    "com.apple.product-type.application.watchapp2": "application",
    "com.apple.product-type.application.watchapp2-container": "application",
    "com.apple.product-type.framework": "framework",
    "com.apple.product-type.framework.static": "framework",
    "com.apple.product-type.library.static": "static-library",
    "com.apple.product-type.library.dynamic": "dynamic-library",
    "com.apple.product-type.bundle.unit-test": "unit-tests",
    "com.apple.product-type.bundle.ocunit-test": "unit-tests",
    "com.apple.product-type.bundle.ui-testing": "ui-tests",
    "com.apple.product-type.tool": "executable",
    "com.apple.product-type.bundle": "bundle",
}
SDK_PLATFORM = {"iphoneos": "ios", "iphonesimulator": "ios", "macosx": "macos",
                "watchos": "watchos", "watchsimulator": "watchos", "appletvos": "tvos",
                "appletvsimulator": "tvos", "xros": "visionos", "xrsimulator": "visionos",
                "driverkit": "driverkit"}
FILTER_PLATFORM = {"ios": "ios", "maccatalyst": "maccatalyst", "macos": "macos",
                   "tvos": "tvos", "watchos": "watchos", "xros": "visionos",
                   "driverkit": "driverkit", "visionos": "visionos"}


def xtype(product_type):
    if product_type in PRODUCT_TYPES:
        return PRODUCT_TYPES[product_type]
    if product_type and ("extension" in product_type or "xpc-service" in product_type):
        return "app-extension"
    return "bundle" if product_type else "aggregate"


def g(obj, key, default=None):
    try:
        return obj[key] if key in obj else default
    except Exception:
        return default


class Reader:
    def __init__(self, root, swift="swift", cache=None):
        self.root = os.path.realpath(root)
        self.swift = swift
        self.cache = cache or "/tmp/independent-graph-cache"
        os.makedirs(self.cache, exist_ok=True)
        self.targets = {}        # id -> {"type":..., "container":...}
        self.edges = {}          # (from, to) -> set of condition tuples (() = always)
        self.problems = []       # what this reading could not resolve, with why
        self.notes = []
        self.packages = {}       # realpath -> {"identity", "manifest", "loaded"}
        self.identities = {}     # identity -> realpath
        self.projects = {}       # realpath of .xcodeproj -> project record
        self.project_order = []

    # ---------- discovery ----------
    def walk(self, top, max_depth=8):
        """Yields (kind, path) for workspaces, projects and packages, breadth first."""
        queue = [(top, 0)]
        while queue:
            d, depth = queue.pop(0)
            try:
                entries = sorted(os.scandir(d), key=lambda e: e.name)
            except OSError:
                continue
            if d != top and any(e.name == "Package.swift" for e in entries):
                yield "package", d
                continue
            for e in entries:
                if not e.is_dir(follow_symlinks=False):
                    continue
                if e.name.endswith(".xcworkspace"):
                    yield "workspace", e.path
                elif e.name.endswith(".xcodeproj"):
                    yield "project", e.path
                elif e.name.startswith(".") or e.name in SKIP_DIRS or \
                        e.name.endswith((".playground", ".xcassets", ".bundle", ".app")):
                    continue
                elif depth < max_depth:
                    queue.append((e.path, depth + 1))

    def discover(self, paths):
        if paths:
            for p in paths:
                p = os.path.join(self.root, p)
                if p.endswith(".xcworkspace"):
                    self.load_workspace(p)
                elif p.endswith(".xcodeproj"):
                    self.load_project(p)
                else:
                    self.load_package(p, origin="root")
            return
        if os.path.exists(os.path.join(self.root, "Package.swift")):
            self.load_package(self.root, origin="root")
            found = [os.path.relpath(p, self.root) for k, p in self.walk(self.root, 1)
                     if k in ("project", "workspace")]
            if found:
                self.notes.append("root is a package; not read: " + ", ".join(found))
            return
        found = list(self.walk(self.root))
        workspaces = [p for k, p in found if k == "workspace"]
        if workspaces:
            depth = min(p.count(os.sep) for p in workspaces)
            chosen = [p for p in workspaces if p.count(os.sep) == depth]
            self.notes.append("workspaces read: " + ", ".join(os.path.relpath(p, self.root) for p in chosen))
            others = [os.path.relpath(p, self.root) for p in workspaces if p not in chosen]
            if others:
                self.notes.append("deeper workspaces not opened: " + ", ".join(others))
            for w in chosen:
                self.load_workspace(w)
            return
        for k, p in found:
            if k == "project":
                self.load_project(p)
        for k, p in found:
            if k == "package":
                self.load_package(p, origin="root")

    def load_workspace(self, path):
        data = os.path.join(path, "contents.xcworkspacedata")
        try:
            tree = ET.parse(data)
        except (OSError, ET.ParseError) as e:
            self.problems.append(f"{path}: workspace unreadable ({e})")
            return
        base = os.path.dirname(path)

        def visit(elem, folder):
            for child in elem:
                loc = child.get("location", "")
                scheme, _, rel = loc.partition(":")
                if scheme in ("group",):
                    target = os.path.normpath(os.path.join(folder, rel)) if rel else folder
                elif scheme == "container":
                    target = os.path.normpath(os.path.join(base, rel)) if rel else base
                elif scheme == "absolute":
                    target = rel
                else:
                    target = None
                if child.tag == "Group":
                    visit(child, target or folder)
                elif child.tag == "FileRef" and target:
                    if target.endswith(".xcodeproj"):
                        if "/Pods/" in target + "/" and os.path.relpath(target, self.root).startswith("Pods"):
                            self.notes.append(f"workspace project under Pods/ left out: {os.path.relpath(target, self.root)}")
                            continue
                        if os.path.isdir(target):
                            self.load_project(target)
                        else:
                            self.problems.append(f"{os.path.relpath(path, self.root)}: lists missing project {os.path.relpath(target, self.root)}")
                    elif os.path.isfile(os.path.join(target, "Package.swift")):
                        self.load_package(target, origin="root")
                    elif os.path.isdir(target) and not os.listdir(target):
                        self.problems.append(f"{os.path.relpath(path, self.root)}: lists empty folder {os.path.relpath(target, self.root)}")
        visit(tree.getroot(), base)

    # ---------- SwiftPM ----------
    def dump(self, folder):
        manifest = os.path.join(folder, "Package.swift")
        h = hashlib.sha256(folder.encode())
        for name in sorted(os.listdir(folder)):
            if name.startswith("Package") and name.endswith(".swift"):
                with open(os.path.join(folder, name), "rb") as f:
                    h.update(name.encode() + f.read())
        cached = os.path.join(self.cache, h.hexdigest() + ".json")
        if os.path.exists(cached):
            with open(cached) as f:
                return json.load(f)
        scratch = os.path.join(self.cache, "scratch-" + h.hexdigest()[:16])
        r = subprocess.run([self.swift, "package", "--package-path", folder, "--scratch-path", scratch,
                            "dump-package"], capture_output=True, text=True, timeout=300)
        if r.returncode != 0:
            raise RuntimeError(f"{manifest}: dump-package failed: {r.stderr.strip()[:300]}")
        out = r.stdout[r.stdout.index("{"):]
        doc = json.loads(out)
        with open(cached, "w") as f:
            json.dump(doc, f)
        return doc

    def load_package(self, folder, origin):
        folder = os.path.realpath(folder)
        if folder in self.packages:
            return self.packages[folder]
        identity = os.path.basename(folder).lower()
        rec = {"identity": identity, "path": folder, "manifest": None, "origin": origin}
        self.packages[folder] = rec
        if identity in self.identities and self.identities[identity] != folder:
            self.problems.append(f"two packages with identity {identity}: {self.identities[identity]} and {folder}")
        self.identities[identity] = folder
        if not os.path.isfile(os.path.join(folder, "Package.swift")):
            self.problems.append(f"local package {os.path.relpath(folder, self.root)}: no Package.swift (missing or empty folder); its products are external nodes")
            return rec
        try:
            rec["manifest"] = self.dump(folder)
        except Exception as e:
            self.problems.append(str(e))
            return rec
        for dep in rec["manifest"].get("dependencies", []):
            fs = dep.get("fileSystem") or dep.get("local")
            if fs:
                p = fs[0].get("path")
                if p:
                    self.load_package(os.path.join(folder, p), origin="local")
        return rec

    @staticmethod
    def remote_identity(url):
        last = url.rstrip("/").split("/")[-1].split(":")[-1]
        if last.endswith(".git"):
            last = last[:-4]
        return last.lower()

    def package_dependency_table(self, rec):
        """name or identity (lowercased) -> (identity, loaded record or None)."""
        table = {}
        for dep in rec["manifest"].get("dependencies", []):
            for kind, val in dep.items():
                v = val[0] if isinstance(val, list) else val
                if kind in ("fileSystem", "local"):
                    sub = self.packages.get(os.path.realpath(os.path.join(rec["path"], v["path"])))
                    ident = os.path.basename(os.path.realpath(os.path.join(rec["path"], v["path"]))).lower()
                    entry = (ident, sub if sub and sub["manifest"] else None)
                elif kind in ("sourceControl", "scm"):
                    loc = v.get("location", {})
                    url = (loc.get("remote") or [{}])[0] if isinstance(loc, dict) else loc
                    url = url.get("urlString") if isinstance(url, dict) else url
                    ident = v.get("identity") or self.remote_identity(url or "")
                    entry = (ident, self.loaded_override(ident))
                elif kind == "registry":
                    ident = v.get("identity", "").lower()
                    entry = (ident, self.loaded_override(ident))
                else:
                    continue
                table[entry[0].lower()] = entry
                if v.get("nameForTargetDependencyResolutionOnly"):
                    table[v["nameForTargetDependencyResolutionOnly"].lower()] = entry
                if entry[1]:
                    table[entry[1]["manifest"]["name"].lower()] = entry
        return table

    def loaded_override(self, ident):
        p = self.identities.get(ident)
        rec = self.packages.get(p) if p else None
        return rec if rec and rec["manifest"] else None

    def product_targets(self, rec, product):
        for p in rec["manifest"].get("products", []):
            if p["name"] == product:
                return [f"{rec['identity']}/{t}" for t in p["targets"]], p
        return None, None

    @staticmethod
    def condition(cond):
        if not cond:
            return ()
        names = cond.get("platformNames") or []
        return tuple(sorted(n.lower() for n in names))

    def add_edge(self, a, b, cond=()):
        if a == b:
            return
        self.edges.setdefault((a, b), set()).add(cond)

    def package_graph(self, rec):
        m = rec["manifest"]
        ident = rec["identity"]
        names = {t["name"] for t in m["targets"]}
        deps = self.package_dependency_table(rec)
        for t in m["targets"]:
            tid = f"{ident}/{t['name']}"
            self.targets[tid] = {"type": t["type"], "container": ident,
                                 "sources": self.has_sources(rec, t)}
            for d in t.get("dependencies", []):
                kind, val = next(iter(d.items()))
                name = val[0]
                if kind == "target" or (kind == "byName" and name in names):
                    cond = val[1] if kind == "target" else val[1]
                    self.add_edge(tid, f"{ident}/{name}", self.condition(cond))
                    continue
                if kind == "byName":
                    pkg, cond = None, val[1]
                    entry = deps.get(name.lower())
                    if not entry:
                        for e in deps.values():
                            if e[1] and self.product_targets(e[1], name)[0]:
                                entry = e
                                break
                else:
                    pkg, cond = val[1], val[3] if len(val) > 3 else val[2]
                    entry = deps.get((pkg or "").lower())
                if not entry:
                    self.problems.append(f"{ident}: target {t['name']}: dependency {name} (package {pkg}) not resolved")
                    continue
                self.product_edges(tid, entry, name, self.condition(cond))
            for use in t.get("pluginUsages") or []:
                pl = use.get("plugin")
                if not pl:
                    continue
                pname, ppkg = pl[0], pl[1]
                if ppkg is None and pname in names:
                    self.add_edge(tid, f"{ident}/{pname}")
                    continue
                if ppkg is None:
                    tg, _ = self.product_targets(rec, pname)
                    if tg:
                        for x in tg:
                            self.add_edge(tid, x)
                        continue
                entry = deps.get((ppkg or "").lower())
                if entry:
                    self.product_edges(tid, entry, pname, ())
                else:
                    self.problems.append(f"{ident}: target {t['name']}: plugin {pname} (package {ppkg}) not resolved")

    def product_edges(self, tid, entry, product, cond):
        ident, loaded = entry
        if loaded:
            targets, _ = self.product_targets(loaded, product)
            if targets is None:
                self.problems.append(f"{tid}: package {ident} vends no product {product}")
                return
            for x in targets:
                self.add_edge(tid, x, cond)
        else:
            node = f"{ident}/{product}"
            self.targets.setdefault(node, {"type": "external-product", "container": ident})
            self.add_edge(tid, node, cond)

    def has_sources(self, rec, t):
        if t["type"] in ("binary", "system"):
            return True
        if t.get("path"):
            candidates = [t["path"]]
        else:
            base = {"test": ["Tests", "Sources", "Source", "src", "srcs"],
                    "plugin": ["Plugins"]}.get(t["type"], ["Sources", "Source", "src", "srcs"])
            candidates = [os.path.join(b, t["name"]) for b in base]
        for c in candidates:
            d = os.path.join(rec["path"], c)
            if os.path.isdir(d):
                for _, _, files in os.walk(d):
                    if any(not f.startswith(".") for f in files):
                        return True
                return False
        return None  # folder not found

    # ---------- Xcode ----------
    def load_project(self, path):
        path = os.path.realpath(path)
        if path in self.projects:
            return self.projects[path]
        pbx = os.path.join(path, "project.pbxproj")
        if not os.path.isfile(pbx):
            self.projects[path] = None
            return None
        try:
            proj = XcodeProject.load(pbx)
        except Exception as e:
            self.problems.append(f"{pbx}: unreadable by pbxproj ({e})")
            self.projects[path] = None
            return None
        rec = {"path": path, "proj": proj, "objects": proj.objects, "name": os.path.basename(path)[:-len(".xcodeproj")]}
        self.projects[path] = rec
        self.project_order.append(path)
        o = proj.objects
        root = o[proj.rootObject]
        rec["root_id"] = proj.rootObject
        srcroot = os.path.dirname(path)
        if g(root, "projectDirPath"):
            srcroot = os.path.normpath(os.path.join(srcroot, g(root, "projectDirPath")))
        rec["srcroot"] = srcroot
        parents = {}
        for section in ("PBXGroup", "PBXVariantGroup", "XCVersionGroup"):
            for grp in o.get_objects_in_section(section):
                for c in g(grp, "children", []) or []:
                    parents[c] = grp.get_id()
        rec["parents"] = parents
        rec["targets"] = {}
        for tid in g(root, "targets", []) or []:
            t = o[tid]
            if t is None:
                continue
            rec["targets"][tid] = t
        # subprojects and every project a container proxy points into
        for pr in g(root, "projectReferences", []) or []:
            ref = g(pr, "ProjectRef")
            if ref:
                p = self.resolve(rec, ref)
                if p and os.path.isdir(p):
                    self.load_project(p)
        for proxy in o.get_objects_in_section("PBXContainerItemProxy"):
            portal = g(proxy, "containerPortal")
            if portal and portal != proj.rootObject:
                p = self.resolve(rec, portal)
                if p and os.path.isdir(p):
                    self.load_project(p)
        # local packages
        rec["local_packages"] = []
        for ref in o.get_objects_in_section("XCLocalSwiftPackageReference"):
            p = os.path.normpath(os.path.join(srcroot, g(ref, "relativePath", "")))
            rec["local_packages"].append(self.load_package(p, origin="local"))
        for fr in o.get_objects_in_section("PBXFileReference"):
            p = self.resolve(rec, fr.get_id())
            if p and os.path.isdir(p) and os.path.isfile(os.path.join(p, "Package.swift")):
                rec["local_packages"].append(self.load_package(p, origin="local"))
        for sg in o.get_objects_in_section("PBXFileSystemSynchronizedRootGroup"):
            p = self.resolve(rec, sg.get_id())
            if p and os.path.isdir(p):
                for kind, q in [("package", p)] if os.path.isfile(os.path.join(p, "Package.swift")) else self.walk(p, 3):
                    if kind == "package":
                        rec["local_packages"].append(self.load_package(q, origin="local"))
        return rec

    def resolve(self, rec, ref_id, depth=0):
        o = rec["objects"]
        obj = o[ref_id]
        if obj is None or depth > 100:
            return None
        tree = g(obj, "sourceTree", "<group>")
        path = g(obj, "path", "") or ""
        if tree == "<absolute>":
            return path
        if tree == "SOURCE_ROOT":
            return os.path.normpath(os.path.join(rec["srcroot"], path))
        if tree == "<group>":
            parent = rec["parents"].get(ref_id)
            if parent is None:
                base = rec["srcroot"]
            else:
                base = self.resolve(rec, parent, depth + 1)
                if base is None:
                    return None
            return os.path.normpath(os.path.join(base, path))
        return None

    def settings(self, rec, target):
        o = rec["objects"]
        root = o[rec["root_id"]]
        plist = o[g(root, "buildConfigurationList")]
        name = g(plist, "defaultConfigurationName") if plist else None
        confs = [o[c] for c in g(plist, "buildConfigurations", [])] if plist else []
        if not name and confs:
            name = g(confs[0], "name")

        def pick(lst):
            confs = [o[c] for c in g(lst, "buildConfigurations", [])] if lst else []
            for c in confs:
                if g(c, "name") == name:
                    return g(c, "buildSettings", {}) or {}
            return (g(confs[0], "buildSettings", {}) or {}) if confs else {}
        proj_s = pick(plist)
        tgt_s = pick(o[g(target, "buildConfigurationList")]) if target is not None else {}
        return tgt_s, proj_s

    def platforms(self, rec, target):
        tgt_s, proj_s = self.settings(rec, target)

        def val(k):
            for s in (tgt_s, proj_s):
                if k in s:
                    v = s[k]
                    return " ".join(v) if isinstance(v, list) else str(v)
            return None
        sup = val("SUPPORTED_PLATFORMS")
        sdk = val("SDKROOT")
        out = set()
        for word in (sup or sdk or "").replace('"', "").split():
            if word in SDK_PLATFORM:
                out.add(SDK_PLATFORM[word])
        return out

    def xcode_identities(self):
        ids = {}
        taken = set(self.identities)
        for path in sorted(p for p in self.project_order if self.projects.get(p)):
            rec = self.projects[path]
            base = rec["name"].lower()
            ident = base
            if ident in taken:
                ident = base + ".xcodeproj"
                n = 2
                while ident in taken:
                    ident = f"{base}-{n}.xcodeproj"
                    n += 1
            taken.add(ident)
            ids[path] = ident
            rec["identity"] = ident
        return ids

    def xcode_graph(self):
        self.xcode_identities()
        product_files = {}  # file name -> [(project rec, target id)]
        for path in self.project_order:
            rec = self.projects.get(path)
            if not rec:
                continue
            o = rec["objects"]
            for tid, t in rec["targets"].items():
                ref = g(t, "productReference")
                f = o[ref] if ref else None
                if f is not None:
                    name = os.path.basename(g(f, "path", "") or "")
                    if name:
                        product_files.setdefault(name, []).append((rec, tid))
        self.product_files = product_files
        for path in self.project_order:
            rec = self.projects.get(path)
            if not rec:
                continue
            for tid, t in rec["targets"].items():
                me = f"{rec['identity']}/{g(t, 'name')}"
                self.targets[me] = {"type": xtype(g(t, "productType")) if g(t, "isa") == "PBXNativeTarget" else "aggregate",
                                    "container": rec["identity"]}
                self.target_edges(rec, tid, t, me)

    def tname(self, rec, tid):
        return f"{rec['identity']}/{g(rec['objects'][tid], 'name')}"

    def filt(self, obj):
        fs = g(obj, "platformFilters") or ([g(obj, "platformFilter")] if g(obj, "platformFilter") else [])
        return tuple(sorted({FILTER_PLATFORM.get(f, f) for f in fs}))

    def target_edges(self, rec, tid, t, me):
        o = rec["objects"]
        for did in g(t, "dependencies", []) or []:
            d = o[did]
            if d is None:
                self.problems.append(f"{me}: dependency object {did} missing")
                continue
            cond = self.filt(d)
            if g(d, "target") and o[g(d, "target")] is not None:
                self.add_edge(me, self.tname(rec, g(d, "target")), cond)
            elif g(d, "targetProxy"):
                other = self.via_proxy(rec, o[g(d, "targetProxy")], me)
                if other:
                    self.add_edge(me, other, cond)
            elif g(d, "productRef"):
                self.package_product(rec, o[g(d, "productRef")], me, cond)
        for pid in g(t, "buildPhases", []) or []:
            ph = o[pid]
            if ph is None or g(ph, "isa") not in ("PBXFrameworksBuildPhase", "PBXCopyFilesBuildPhase"):
                continue
            for bid in g(ph, "files", []) or []:
                b = o[bid]
                if b is None:
                    continue
                cond = self.filt(b)
                if g(b, "productRef"):
                    self.package_product(rec, o[g(b, "productRef")], me, cond)
                    continue
                fid = g(b, "fileRef")
                f = o[fid] if fid else None
                if f is None:
                    continue
                owner = [x for x, tt in rec["targets"].items() if g(tt, "productReference") == fid]
                if owner:
                    self.add_edge(me, self.tname(rec, owner[0]), cond)
                elif g(f, "isa") == "PBXReferenceProxy":
                    proxy = o[g(f, "remoteRef")]
                    other = self.via_proxy(rec, proxy, me, by_product=True)
                    if other:
                        self.add_edge(me, other, cond)
                elif g(f, "isa") == "PBXFileReference":
                    tree = g(f, "sourceTree", "")
                    if tree in ("SDKROOT", "DEVELOPER_DIR"):
                        continue
                    name = os.path.basename(g(f, "path", "") or g(f, "name", "") or "")
                    cands = [c for c in self.product_files.get(name, []) if not (c[0] is rec and c[1] == tid)]
                    if not cands:
                        if tree == "BUILT_PRODUCTS_DIR" and name:
                            self.problems.append(f"{me}: links {name} ({tree}), which no target read makes")
                        continue
                    if len(cands) > 1:
                        mine = self.platforms(rec, t)
                        narrowed = [c for c in cands if self.platforms(c[0], c[0]["objects"][c[1]]) & mine]
                        if len(narrowed) != 1:
                            self.problems.append(
                                f"{me}: links {name} ({tree}), made by several targets "
                                f"({', '.join(self.tname(c[0], c[1]) for c in cands)}); platform {sorted(mine)} leaves "
                                f"{len(narrowed)}: no edge")
                            continue
                        cands = narrowed
                    self.add_edge(me, self.tname(cands[0][0], cands[0][1]), cond)
                    self.implicit = getattr(self, "implicit", [])
                    self.implicit.append((me, self.tname(cands[0][0], cands[0][1]), name, tree))
        for pid in g(t, "packageProductDependencies", []) or []:
            self.package_product(rec, o[pid], me, ())

    def via_proxy(self, rec, proxy, me, by_product=False):
        if proxy is None:
            self.problems.append(f"{me}: proxy missing")
            return None
        portal = g(proxy, "containerPortal")
        remote = g(proxy, "remoteGlobalIDString")
        if portal == rec["root_id"]:
            other = rec
        else:
            p = self.resolve(rec, portal)
            other = self.projects.get(os.path.realpath(p)) if p else None
            if not other:
                self.problems.append(f"{me}: refers into project {os.path.relpath(p, self.root) if p else portal}, which is missing")
                return None
        if by_product:
            for x, tt in other["targets"].items():
                if g(tt, "productReference") == remote:
                    return self.tname(other, x)
            self.problems.append(f"{me}: reference proxy {remote} names no product of {other['name']}")
            return None
        if remote in other["targets"]:
            return self.tname(other, remote)
        self.problems.append(f"{me}: proxy names {remote} ({g(proxy, 'remoteInfo')}), not a target of {other['name']}'s targets list")
        return None

    def package_product(self, rec, dep, me, cond):
        if dep is None:
            return
        name = g(dep, "productName", "")
        plugin = name.startswith("plugin:")
        if plugin:
            name = name[len("plugin:"):]
        o = rec["objects"]
        ref = o[g(dep, "package")] if g(dep, "package") else None
        if ref is not None and g(ref, "isa") == "XCRemoteSwiftPackageReference":
            ident = self.remote_identity(g(ref, "repositoryURL", ""))
            self.product_edges(me, (ident, self.loaded_override(ident)), name, () if plugin else cond)
            return
        if ref is not None and g(ref, "isa") == "XCLocalSwiftPackageReference":
            p = os.path.realpath(os.path.normpath(os.path.join(rec["srcroot"], g(ref, "relativePath", ""))))
            pk = self.packages.get(p)
            self.product_edges(me, (os.path.basename(p).lower(), pk if pk and pk["manifest"] else None), name, cond)
            return
        # no package named: a product dependency of the same name that names its package in
        # this project (Xcode keeps one package per product name in a project), then the
        # project's local packages, then every package loaded
        for other in o.get_objects_in_section("XCSwiftPackageProductDependency"):
            if g(other, "package") and g(other, "productName", "").replace("plugin:", "") == name:
                self.named_elsewhere = getattr(self, "named_elsewhere", [])
                self.named_elsewhere.append((me, name))
                return self.package_product(rec, other, me, cond)
        for pool, what in ((rec["local_packages"], "project's local packages"),
                           (list(self.packages.values()), "packages loaded")):
            hits = []
            for pk in pool:
                if pk["manifest"] and self.product_targets(pk, name)[0] is not None and pk not in hits:
                    hits.append(pk)
            if len(hits) == 1:
                self.product_edges(me, (hits[0]["identity"], hits[0]), name, cond)
                return
            if len(hits) > 1:
                self.problems.append(f"{me}: product {name} names no package and several {what} vend it")
                return
        self.problems.append(f"{me}: product {name} names no package and no package read vends it")

    def run(self, paths):
        self.discover(paths)
        self.xcode_graph()
        for rec in list(self.packages.values()):
            if rec["manifest"]:
                self.package_graph(rec)
        return {
            "root": self.root,
            "targets": {k: v for k, v in sorted(self.targets.items())},
            "edges": [{"from": a, "to": b, "conditions": sorted(list(c) for c in conds)}
                      for (a, b), conds in sorted(self.edges.items())],
            "implicit": [list(x) for x in getattr(self, "implicit", [])],
            "problems": list(dict.fromkeys(self.problems)),
            "named_elsewhere": sorted({f"{a} uses {b}" for a, b in getattr(self, "named_elsewhere", [])}),
            "notes": self.notes,
            "projects": {os.path.relpath(p, self.root): self.projects[p]["identity"]
                         for p in self.project_order if self.projects.get(p)},
            "packages": {os.path.relpath(p, self.root): r["identity"] for p, r in self.packages.items()},
        }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("root")
    ap.add_argument("--path", action="append", default=[], help="read these (relative to ROOT) instead of discovering")
    ap.add_argument("--swift", default=os.environ.get("SWIFT", "swift"))
    ap.add_argument("--cache", default=None)
    a = ap.parse_args()
    doc = Reader(a.root, a.swift, a.cache).run(a.path)
    json.dump(doc, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
