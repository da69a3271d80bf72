#!/usr/bin/env python3
"""An independent reading of which test targets a commit needs, for scripts/replay-affected.py.

Written for the replay of issue #39 without reading how modgraph decides anything: it shares
no code with modgraph, reads SwiftPM manifests with `swift package dump-package` (compared as
raw JSON, every key), and Xcode projects with a small OpenStep property-list parser of its own.
Its rules, kept simple so that a difference can be judged by hand:

  * A file a target owns needs that target. A SwiftPM target owns the files under its folder
    (`path:`, else Sources|Source|src|srcs/NAME, Tests/NAME for tests, Plugins/NAME for plugins),
    within `sources:` when given, less `exclude:`. An Xcode target owns the files of its build
    phases (a localised file's variants, what is in a folder reference or asset catalog) and the
    files of its synchronised folders less its exceptions, and the files its configurations
    name (an .xcconfig, `INFOPLIST_FILE`, `CODE_SIGN_ENTITLEMENTS`); a project-level
    configuration's .xcconfig is every target's.
  * `Package.swift` (or a `Package@swift-*.swift`) needs the targets whose dumped declaration
    differs (a raw JSON comparison, every key), the targets of a product that differs, every
    target when another package-level key differs, and, when a dependency differs, every target
    that uses a product of another package.
  * A `Package.resolved` whose pins differ needs every target that uses a product of a package
    not read (a remote one).
  * `project.pbxproj` needs the targets whose objects (reached from the target without going
    through another target or the project) changed, every target when the project's own build
    configurations changed.
  * Anything else needs nothing (it builds nothing: docs, scripts, CI files, fixtures).
  * A test target is needed when it, or a target it depends on directly or through others, is.

What is read: the root package when there is a Package.swift at the top (SwiftPM leaves nested
packages out of it), else every package within three levels; and the Xcode projects at the top
two levels. A target that uses a product of a package read depends on that product's targets (a
project's target through its package product dependencies). Targets are named by name alone.
"""
import hashlib
import json
import os
import re
import subprocess

SOURCE_FOLDERS = ["Sources", "Source", "src", "srcs"]
TEST_PRODUCT_TYPES = ("com.apple.product-type.bundle.unit-test", "com.apple.product-type.bundle.ui-testing",
                      "com.apple.product-type.bundle.ocunit-test")


# -- SwiftPM ---------------------------------------------------------------------------------

class Dumper:
    """`swift package dump-package` of manifest texts, cached by their bytes."""

    def __init__(self, cache_dir):
        self.cache_dir = cache_dir
        os.makedirs(cache_dir, exist_ok=True)

    def dump(self, files):
        """files: {name: bytes} of Package.swift and its variants. Returns the dump or None."""
        key = hashlib.sha256(b"".join(n.encode() + b"\0" + files[n] + b"\0" for n in sorted(files))).hexdigest()
        path = os.path.join(self.cache_dir, key + ".json")
        if os.path.exists(path):
            with open(path) as f:
                text = f.read()
            return json.loads(text) if text else None
        # Always the same folder, so that the paths a dump holds are the same for every manifest.
        package = os.path.join(self.cache_dir, "package")
        if os.path.isdir(package):
            for name in os.listdir(package):
                os.remove(os.path.join(package, name))
        os.makedirs(package, exist_ok=True)
        for name, data in files.items():
            with open(os.path.join(package, name), "wb") as f:
                f.write(data)
        result = subprocess.run(["swift", "package", "--package-path", package, "dump-package"],
                                capture_output=True, text=True, timeout=600)
        text = result.stdout if result.returncode == 0 else ""
        with open(path, "w") as f:
            f.write(text)
        return json.loads(text) if text else None


def manifest_files(read, names):
    """The manifest files among `names`, read with `read(name) -> bytes or None`."""
    files = {}
    for name in names:
        if name == "Package.swift" or re.fullmatch(r"Package@swift-[0-9.]+\.swift", name):
            data = read(name)
            if data is not None:
                files[name] = data
    return files if "Package.swift" in files else None


def target_folder(root, target):
    if target.get("path"):
        return os.path.normpath(target["path"])
    kind = target.get("type", "regular")
    name = target["name"]
    parents = {"test": ["Tests"], "plugin": ["Plugins"]}.get(kind, SOURCE_FOLDERS)
    for parent in parents:
        if os.path.isdir(os.path.join(root, parent, name)):
            return os.path.join(parent, name)
    return os.path.join(parents[0], name)


def package_reading(root, dump):
    """Targets, their owners' folders, their edges, which use other packages' products, and tests."""
    targets = {t["name"]: t for t in dump.get("targets", [])}
    folders = {}
    edges = {}
    remote_users = set()
    uses = []  # (target, product, package or None): products of other packages, linked to local ones later
    for name, target in targets.items():
        folders[name] = (target_folder(root, target), target.get("sources"), target.get("exclude") or [])
        edges[name] = set()
        for dependency in target.get("dependencies", []):
            for kind, payload in dependency.items():
                if kind in ("byName", "target") and payload and payload[0] in targets:
                    edges[name].add(payload[0])
                elif kind == "product" or kind == "byName":
                    remote_users.add(name)
                    if payload:
                        uses.append((name, payload[0], payload[1] if kind == "product" and len(payload) > 1 else None))
        for usage in target.get("pluginUsages") or []:
            payload = usage.get("plugin") or []
            if payload and (len(payload) < 2 or payload[1] is None) and payload[0] in targets:
                edges[name].add(payload[0])
    tests = {name for name, t in targets.items() if t.get("type") == "test"}
    products = {p["name"]: [t for t in p.get("targets", []) if t in targets] for p in dump.get("products", [])}
    return {"targets": targets, "folders": folders, "edges": edges, "remote_users": remote_users, "tests": tests,
            "uses": uses, "products": products}


def inside(path, folder):
    return folder in (".", "") or path == folder or path.startswith(folder.rstrip("/") + "/")


def package_owners(reading, path):
    owners = set()
    for name, (folder, sources, exclude) in reading["folders"].items():
        if not inside(path, folder):
            continue
        relative = os.path.relpath(path, folder)
        if sources is not None and not any(inside(relative, os.path.normpath(s)) for s in sources):
            continue
        if any(inside(relative, os.path.normpath(e)) for e in exclude):
            continue
        owners.add(name)
    return owners


def manifest_needs(old, new, reading):
    """What a manifest change needs: by the raw dumps, every key."""
    if old is None or new is None:
        return set(reading["targets"]), "the manifest is new or could not be dumped"
    package_keys = (set(old) | set(new)) - {"targets", "products", "dependencies", "packageKind"}
    changed_keys = sorted(k for k in package_keys if old.get(k) != new.get(k))
    if changed_keys:
        return set(reading["targets"]), "package keys " + ", ".join(changed_keys)
    needs = set()
    old_targets = {t["name"]: t for t in old.get("targets", [])}
    for target in new.get("targets", []):
        if old_targets.get(target["name"]) != target:
            needs.add(target["name"])
    old_products = {p["name"]: p for p in old.get("products", [])}
    new_products = {p["name"]: p for p in new.get("products", [])}
    for name in set(old_products) | set(new_products):
        if old_products.get(name) != new_products.get(name):
            for product in (old_products.get(name), new_products.get(name)):
                needs |= {t for t in (product or {}).get("targets", []) if t in reading["targets"]}
    if old.get("dependencies") != new.get("dependencies"):
        needs |= reading["remote_users"]
    return needs, "declarations"


# -- Xcode -----------------------------------------------------------------------------------

def parse_plist(text):
    """An OpenStep property list: dicts, arrays, strings."""
    pos = 0
    n = len(text)

    def skip():
        nonlocal pos
        while pos < n:
            if text[pos].isspace():
                pos += 1
            elif text.startswith("//", pos):
                end = text.find("\n", pos)
                pos = n if end < 0 else end + 1
            elif text.startswith("/*", pos):
                end = text.find("*/", pos + 2)
                pos = n if end < 0 else end + 2
            else:
                break

    def string():
        nonlocal pos
        if text[pos] == '"':
            pos += 1
            out = []
            while text[pos] != '"':
                if text[pos] == "\\":
                    pos += 1
                    out.append({"n": "\n", "t": "\t", "r": "\r"}.get(text[pos], text[pos]))
                else:
                    out.append(text[pos])
                pos += 1
            pos += 1
            return "".join(out)
        start = pos
        while pos < n and (text[pos].isalnum() or text[pos] in "_$+/:.-"):
            pos += 1
        return text[start:pos]

    def value():
        nonlocal pos
        skip()
        if text[pos] == "{":
            pos += 1
            d = {}
            while True:
                skip()
                if text[pos] == "}":
                    pos += 1
                    return d
                key = string()
                skip()
                pos += 1  # =
                d[key] = value()
                skip()
                pos += 1  # ;
        if text[pos] == "(":
            pos += 1
            items = []
            while True:
                skip()
                if text[pos] == ")":
                    pos += 1
                    return items
                items.append(value())
                skip()
                if text[pos] == ",":
                    pos += 1
        return string()

    return value()


class ProjectReading:
    def __init__(self, project_dir, text):
        self.folder = os.path.dirname(project_dir)  # relative to the top, "" for the top
        plist = parse_plist(text)
        self.objects = plist.get("objects", {})
        self.root = plist.get("rootObject")
        parents = {}
        for oid, obj in self.objects.items():
            for child in obj.get("children", []) if isinstance(obj, dict) else []:
                parents.setdefault(child, oid)
        self.parents = parents
        project = self.objects.get(self.root, {})
        self.source_root = project.get("projectDirPath", "")
        self.targets = {}
        for tid in project.get("targets", []):
            obj = self.objects.get(tid, {})
            self.targets[tid] = obj
        self.names = {tid: t.get("name") or t.get("productName") or tid for tid, t in self.targets.items()}
        self.tests = {self.names[t] for t, o in self.targets.items() if o.get("productType", "") in TEST_PRODUCT_TYPES}
        self.files = {}      # target name -> [paths]
        self.folders = {}    # target name -> [(folder, excluded)]
        products = {o.get("productReference"): tid for tid, o in self.targets.items() if o.get("productReference")}
        self.edges = {}
        self.package_users = set()
        self.uses = []
        for tid, obj in self.targets.items():
            name = self.names[tid]
            files, edges = [], set()
            for phase_id in obj.get("buildPhases", []):
                phase = self.objects.get(phase_id, {})
                for bf in phase.get("files", []):
                    ref = self.objects.get(bf, {}).get("fileRef")
                    if ref in products and products[ref] != tid:
                        edges.add(self.names[products[ref]])
                        continue
                    refobj = self.objects.get(ref, {})
                    for element in refobj.get("children", [ref]) if refobj.get("isa") == "PBXVariantGroup" else [ref]:
                        path = self.path(element)
                        if path is not None:
                            files.append(path)
            for dep in obj.get("dependencies", []):
                other = self.objects.get(dep, {}).get("target")
                if other in self.names:
                    edges.add(self.names[other])
            if obj.get("packageProductDependencies"):
                self.package_users.add(name)
            for pid in obj.get("packageProductDependencies", []):
                dependency = self.objects.get(pid, {})
                product = dependency.get("productName")
                remote = self.objects.get(dependency.get("package"), {}).get("isa") == "XCRemoteSwiftPackageReference"
                if product:
                    # A remote package's product is never a local package's, whatever its name.
                    self.uses.append((name, product.removeprefix("plugin:"), "\0remote" if remote else None))
            folders = []
            for gid in obj.get("fileSystemSynchronizedGroups", []):
                path = self.path(gid)
                if path is None:
                    continue
                excluded = []
                for eid in self.objects.get(gid, {}).get("exceptions", []):
                    exception = self.objects.get(eid, {})
                    if exception.get("target") == tid:
                        excluded += exception.get("membershipExceptions", [])
                folders.append((path, excluded))
            files += self.setting_files(obj.get("buildConfigurationList"))
            self.files[name] = files
            self.folders[name] = folders
            self.edges[name] = edges
        # Files the project's own configurations name (an .xcconfig): every target builds with them.
        self.project_files = self.setting_files(project.get("buildConfigurationList"))

    def setting_files(self, list_id):
        """The files a configuration list names: each configuration's .xcconfig and the
        Info.plist and entitlements its settings name (relative to the project's folder)."""
        files = []
        for cid in self.objects.get(list_id, {}).get("buildConfigurations", []):
            configuration = self.objects.get(cid, {})
            if configuration.get("baseConfigurationReference"):
                path = self.path(configuration["baseConfigurationReference"])
                if path is not None:
                    files.append(path)
            settings = configuration.get("buildSettings", {})
            for key in ("INFOPLIST_FILE", "CODE_SIGN_ENTITLEMENTS"):
                value = settings.get(key)
                if isinstance(value, str) and value and "$" not in value.replace("$(SRCROOT)/", "").replace("$(PROJECT_DIR)/", ""):
                    value = value.replace("$(SRCROOT)/", "").replace("$(PROJECT_DIR)/", "")
                    files.append(os.path.normpath(os.path.join(self.folder, value)))
        return files

    def path(self, oid):
        parts = []
        seen = set()
        while oid and oid not in seen:
            seen.add(oid)
            obj = self.objects.get(oid, {})
            tree = obj.get("sourceTree", "<group>")
            if obj.get("path"):
                parts.append(obj["path"])
            if tree == "<group>":
                oid = self.parents.get(oid)
                continue
            if tree in ("SOURCE_ROOT", "SRCROOT", "PROJECT_DIR"):
                break
            if tree == "<absolute>":
                return None
            return None  # built products, SDKs
        parts.append(self.source_root)
        parts.append(self.folder)
        return os.path.normpath(os.path.join(*reversed([p for p in parts if p]))) if any(parts) else None

    def owners(self, path):
        if path in self.project_files:
            return set(self.names.values())
        owners = set()
        for name, files in self.files.items():
            if any(inside(path, f) for f in files):
                owners.add(name)
        for name, folders in self.folders.items():
            for folder, excluded in folders:
                if inside(path, folder) and not any(inside(os.path.relpath(path, folder), e) for e in excluded):
                    owners.add(name)
        return owners

    def reach(self, start):
        stops = set(self.targets) | {self.root}
        seen = {start}
        queue = [start]
        while queue:
            oid = queue.pop()
            for ref in references(self.objects.get(oid)):
                if ref in self.objects and ref not in stops and ref not in seen:
                    seen.add(ref)
                    queue.append(ref)
        return seen


def references(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from references(v)
    elif isinstance(value, dict):
        for k, v in value.items():
            if k != "isa":
                yield from references(v)


def pbxproj_needs(old, new):
    changed = {oid for oid in set(old.objects) | set(new.objects) if old.objects.get(oid) != new.objects.get(oid)}
    config = new.reach(new.objects.get(new.root, {}).get("buildConfigurationList")) | old.reach(
        old.objects.get(old.root, {}).get("buildConfigurationList"))
    if changed & config:
        return set(new.names.values()), "the project's build settings"
    needs = set()
    for reading in (old, new):
        for tid, name in reading.names.items():
            if tid in changed or reading.reach(tid) & changed:
                needs.add(name)
    return needs & set(new.names.values()), "objects"


# -- The whole ---------------------------------------------------------------------------------

def closure_tests(edges, tests, needed):
    """Test targets that are needed or depend on a needed target."""
    result = set()
    for test in tests:
        seen = {test}
        queue = [test]
        while queue:
            t = queue.pop()
            if t in needed:
                result.add(test)
                break
            for d in edges.get(t, ()):
                if d not in seen:
                    seen.add(d)
                    queue.append(d)
    return result


def git(tree, *args, check=True):
    return subprocess.run(["git", "-C", tree, *args], capture_output=True, check=check).stdout


def package_folders(tree):
    """The packages read: the root package alone when there is one (SwiftPM leaves nested
    packages out of it), else every package within three levels (not inside another)."""
    if os.path.exists(os.path.join(tree, "Package.swift")):
        return [""]
    found = []

    def walk(folder, depth):
        try:
            entries = sorted(os.listdir(os.path.join(tree, folder)))
        except OSError:
            return
        if folder and "Package.swift" in entries:
            found.append(folder)
            return
        if depth == 3:
            return
        for entry in entries:
            if entry.startswith(".") or entry.endswith((".xcodeproj", ".xcworkspace")) or entry in ("node_modules", "Pods", "Carthage"):
                continue
            if os.path.isdir(os.path.join(tree, folder, entry)) and not os.path.islink(os.path.join(tree, folder, entry)):
                walk(os.path.join(folder, entry), depth + 1)

    walk("", 0)
    return found


def needed_tests(tree, base, changes, dumper, projects_cache):
    """The test targets `changes` (list of (status, path, old_path)) need, with why each file needs
    what it needs: {test: [file, ...]}, and the test targets of what was read."""
    names = os.listdir(tree)
    needs = {}      # target -> [file]
    all_tests = set()
    edges = {}
    packages = {}   # folder -> (reading, head manifest files)
    for folder in package_folders(tree):
        root = os.path.join(tree, folder)
        files = manifest_files(lambda n: open(os.path.join(root, n), "rb").read() if os.path.isfile(os.path.join(root, n)) else None,
                               os.listdir(root))
        dump = dumper.dump(files) if files else None
        if dump:
            reading = package_reading(root, dump)
            packages[folder] = (reading, files)
            all_tests |= reading["tests"]
            for t, e in reading["edges"].items():
                edges.setdefault(t, set()).update(e)
    projects = []
    for entry in sorted(names):
        candidates = [entry] if entry.endswith(".xcodeproj") else (
            [os.path.join(entry, e) for e in sorted(os.listdir(os.path.join(tree, entry))) if e.endswith(".xcodeproj")]
            if os.path.isdir(os.path.join(tree, entry)) and not entry.startswith(".") else [])
        for candidate in candidates:
            pbx = os.path.join(tree, candidate, "project.pbxproj")
            if os.path.exists(pbx):
                data = open(pbx, "rb").read()
                key = hashlib.sha256(data).hexdigest()
                if key not in projects_cache:
                    projects_cache[key] = ProjectReading(candidate, data.decode("utf-8", "replace"))
                projects.append((candidate, projects_cache[key]))
    for _, reading in projects:
        all_tests |= reading.tests
        for t, e in reading.edges.items():
            edges.setdefault(t, set()).update(e)
    # Products of the packages read, used by other packages and by the projects' targets.
    by_product = {}
    for folder, (reading, _) in packages.items():
        identity = os.path.basename(folder).lower()
        for product, targets in reading["products"].items():
            by_product.setdefault(product, []).append((identity, targets))
    remote_users = set()  # targets that use a product of a package not read (a remote one)
    for user, product, package in [u for r, _ in packages.values() for u in r["uses"]] + [u for _, r in projects for u in r.uses]:
        local = False
        for identity, targets in by_product.get(product, []):
            if package is None or package.lower() == identity:
                edges.setdefault(user, set()).update(targets)
                local = True
        if not local:
            remote_users.add(user)

    def need(targets, path):
        for t in targets:
            needs.setdefault(t, []).append(path)

    def package_of(path):
        """The innermost package read whose folder holds `path`."""
        best = None
        for folder in packages:
            if inside(path, folder) and (best is None or len(folder) > len(best)):
                best = folder
        return best

    for status, path, old_path in changes:
        for p in {path, old_path} - {None}:
            name = os.path.basename(p)
            folder = os.path.dirname(p)
            if folder in packages and (name == "Package.swift" or re.fullmatch(r"Package@swift-[0-9.]+\.swift", name)):
                reading, head_files = packages[folder]
                old_names = git(tree, "ls-tree", "--name-only", f"{base}:{folder}" if folder else base, check=False).decode().split("\n")
                old_files = manifest_files(lambda n: git(tree, "show", f"{base}:{os.path.join(folder, n)}", check=False) or None, old_names)
                old = dumper.dump(old_files) if old_files else None
                targets, _ = manifest_needs(old, dumper.dump(head_files), reading)
                need(targets, p)
            elif name == "Package.resolved":
                need(remote_users, p)
            elif name == "project.pbxproj" and any(p == os.path.join(c, "project.pbxproj") for c, _ in projects):
                candidate, reading = next((c, r) for c, r in projects if p == os.path.join(c, "project.pbxproj"))
                old_data = git(tree, "show", f"{base}:{p}", check=False)
                if not old_data:
                    need(set(reading.names.values()), p)
                else:
                    old_reading = ProjectReading(candidate, old_data.decode("utf-8", "replace"))
                    targets, _ = pbxproj_needs(old_reading, reading)
                    need(targets, p)
            else:
                owners = set()
                folder = package_of(p)
                if folder is not None:
                    owners |= package_owners(packages[folder][0], os.path.relpath(p, folder) if folder else p)
                for _, reading in projects:
                    owners |= reading.owners(p)
                need(owners, p)
    tests = {}
    for test in closure_tests(edges, all_tests, set(needs)):
        # A file that makes it needed: its own, or one of a target it depends on.
        files = needs.get(test)
        if not files:
            seen, queue = {test}, [test]
            while queue and not files:
                t = queue.pop()
                for d in edges.get(t, ()):
                    if d in needs:
                        files = needs[d]
                        break
                    if d not in seen:
                        seen.add(d)
                        queue.append(d)
        tests[test] = sorted(set(files or []))
    return tests, all_tests
