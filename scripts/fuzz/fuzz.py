#!/usr/bin/env python3
"""A mutation fuzzer that drives the real `modgraph` executable, as CI runs it.

It mutates the kinds of input an attacker controls on a pull request --
dump-package JSON, `.modgraph.yml`, weights files, Swift sources, Xcode
projects (`project.pbxproj`), workspaces (`contents.xcworkspacedata`),
CocoaPods `Podfile`s and `Package.swift` for the manifest evaluator -- starting
from seeds made from the bundled samples (scripts/fuzz/seeds, Samples/) and from
seeds the fuzzer writes itself (generated projects, workspaces, manifests,
Podfiles and wiring packages: see generated_project, generated_workspace,
generated_manifest, generated_podfile, generated_builders), runs each case
through `graph` (with `--wiring` on packages that turn `sources.wiring` on),
`check` and `schedule` with a time limit, and reports every case where modgraph:

  crash    died from a signal or exited with a code other than 0, 1 or 2
  hang     ran past the time limit (its process group is killed)
  inject   wrote a line that GitHub's runner reads as a workflow command
           (starts with `::` after white space), other than the annotations
           `--format github` writes on purpose
  stderr   wrote a standard-error line that is not `error:`, `warning:` or
           `note:` followed by one line, or a raw control character

The hostile shapes of issue #46, each bounded in count and size:
  chains   (hostile_chain, chain_declaration, manifest_chain) every postfix, prefix
           and infix chain whose syntax tree nests once per link: `x!!!`, `x.a.a`,
           `x?.a?.a`, `f()()`, `x[0][0]`, `x?!?!`, `x.self.self`, `T.Type.Type`,
           `Int???`, `!!!!x`, `- - - x`, `a + a + a`, `a && a`, `a as! T as! T`,
           `a ?? a`, `a is T is T`, `\\A.a.a`, and mixed ones; mostly up to 64 links,
           in 3 of 20 up to 3,000, in 1 of 20 a chain of 100 to 500 KB (tens of
           thousands of links or more). They go into Swift sources (swift_case: the
           Violations sample's, checked, and the WiringApp sample's, read whole by
           `graph --wiring`: wiring_case) and into Package.swift (top-level
           constants, the package's name, a target's dependencies, a condition).
  Podfiles (generated_podfile, podfile_case) beside a generated project: targets,
           abstract targets, `def`s, pods, `inherit!`, hooks, blocks nested past the
           reader's bound, CRLF or CR line ends, statements joined by `;`, byte
           damage, hostile names; rarely 2,000 root pods × 2,000 one-line targets,
           or a `def` of 2,000 pods called 200 times per target.
  builders (generated_builders, builders_case) packages with `sources.wiring` on:
           `final class FooNBuilder`s, protocols with `Builder<Args, Product>`
           requirements, namespaced builder functions, an app wiring them, names that
           are raw identifiers with dots (`` `a.b.c` ``); rarely many builders: up to
           20,000 with a release binary, 600 with a debug one (--large-builders).

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
    # Chains swift-syntax recurses on without a bracket (issue #35): each crashed the parser at a few thousand links.
    "let t = " + "try " * 2000 + "1\n", "let a = " + "await " * 2000 + "f()\n", "let f: " + "() -> " * 2000 + "()\n",
    "let e: " + "each " * 500 + "T\n", "let q = " + "true ? " * 1000 + "1" + " : 2" * 1000 + "\n",
    "func g() { if a {} " + "else if a {} " * 1000 + "}\n", "let c = " + "consume " * 1000 + "x\n",
    "let s = \"\\u{" + "0" * 40 + "}\"\n", "let r = #\"raw\"#\n", "let m = \"\\(\"\\(\"\\(1)\")\")\"\n",
]
# Chains of issue #46: swift-syntax parses each of them in a loop, without a bracket and without the
# recursion SyntaxDepth measures, but the tree it builds (or the one operator folding builds from a
# flat sequence) nests one level per link, so whatever walks it recursively (a SyntaxVisitor, the
# manifest evaluator, the wiring reader) recurses once per link. (shape, head, link, tail, context).
CHAINS = [
    ("force-unwrap", "x", "!", "", "expression"),          # x!!!…
    ("member", "x", ".a", "", "expression"),               # x.a.a.a…
    ("optional-chain", "x", "?.a", "", "expression"),      # x?.a?.a…
    ("call", "f", "()", "", "expression"),                 # f()()()…
    ("subscript", "x", "[0]", "", "expression"),           # x[0][0]…
    ("optional-force", "x", "?!", "", "expression"),       # x?!?!…
    ("self", "x", ".self", "", "expression"),              # x.self.self…
    ("metatype", "T", ".Type", "", "type"),                # T.Type.Type…
    ("optional-type", "Int", "?", "", "type"),             # Int???…
    ("not", "", "!", "x", "expression"),                   # !!!!x (one operator token)
    ("negate", "", "- ", "x", "expression"),               # - - - x
    ("plus", "a", " + a", "", "expression"),               # a + a + a…
    ("and", "a", " && a", "", "expression"),               # a && a && a…
    ("cast", "a", " as! T", "", "expression"),             # a as! T as! T…
    ("coalesce", "a", " ?? a", "", "expression"),          # a ?? a ?? a… (right-associative)
    ("is", "a", " is T", "", "expression"),                # a is T is T…
    ("key-path", "\\A", ".a", "", "expression"),           # \A.a.a.a…
]
# Links of the mixed chains, drawn at random.
MIXED_LINKS = {
    "mixed-postfix": ("x", ["!", ".a", "?.a", "()", "[0]", "?", ".self", "?!", "(a)", "[a: 1]"], "expression"),
    "mixed-infix": ("a", [" + a", " && a", " as! T", " ?? a", " is T", " as? T", " || a", " * a!", " - a.a", " == a()"], "expression"),
    "mixed-type": ("Int", ["?", ".Type", "!", ".Protocol", "?.Type"], "type"),
    "mixed": ("x", ["!", ".a", "?.a", "()", "[0]", " + x", " ?? x", " as! T", " is T", "?!", " && !x"], "expression"),
}
CHAIN_SHAPES = [chain[0] for chain in CHAINS] + sorted(MIXED_LINKS)
# Where a chain goes in a Swift file: `{}` is the chain; top level, in a function, a type, a closure.
CHAIN_EXPRESSION_PLACES = [
    "let v = {}\n", "func f() { _ = {} }\n", "var v: Int { {} }\n", "struct S { var v = {} }\n",
    "let b = FooBuilder().scoped { _ in {} }\n", "func g(p: Int = {}) {}\n", "#if os(Linux)\nlet v = {}\n#endif\n",
    "final class ChainBuilder: Builder { func build(with args: A) -> Screen { {} } }\n",
]
CHAIN_TYPE_PLACES = [
    "let v: {} = x\n", "func f(_ p: {}) {}\n", "typealias A = {}\n", "protocol P { var p: {} { get } }\n",
    "protocol Q { associatedtype B: Builder<{}, Screen> }\n", "struct H<P: Builder<{}, Screen>> {}\n",
]


# The size of the rare large chain, in bytes. A debug binary lexes and parses
# some 35 KB of Swift a second and measures the depth of some 115 KB a second (a 480 KB file of
# ordinary statements takes `graph --wiring` 14 s; a release binary about 1 s), so with a debug binary
# the top is 40 KB: still thousands of links, past any recursive walk, and parsed within CI's --timeout 10
# where the chain is an infix or prefix one that is not refused before the parse.
LARGE_CHAIN_BYTES = (100_000, 500_000)
DEBUG_LARGE_CHAIN_BYTES = (20_000, 40_000)


def chain_length(rng, link_bytes):
    """How many links a chain has: mostly a few, sometimes past the depths a recursive walk takes
    on a small stack, and in 1 chain of 20 enough for LARGE_CHAIN_BYTES (thousands of links at
    least), past what any recursive walker survives."""
    choice = rng.random()
    if choice < 0.05:
        return max(2_000, rng.randint(*LARGE_CHAIN_BYTES) // max(1, link_bytes))
    if choice < 0.2:
        return rng.randint(65, 3_000)
    return rng.randint(1, 64)


def hostile_chain(rng, shape=None):
    """One chain of issue #46 as (description, text, context): the description names the shape and
    the number of links (`plus, 12000 links`), the context is "expression" or "type"."""
    shape = shape or rng.choice(CHAIN_SHAPES)
    if shape in MIXED_LINKS:
        head, links, context = MIXED_LINKS[shape]
        count = chain_length(rng, 3)
        return "%s, %d links" % (shape, count), head + "".join(rng.choices(links, k=count)), context
    _, head, link, tail, context = next(chain for chain in CHAINS if chain[0] == shape)
    count = chain_length(rng, len(link))
    return "%s, %d links" % (shape, count), head + link * count + tail, context


def chain_declaration(rng, shape=None):
    """A chain of issue #46 placed where Swift reads it: a declaration of a few lines, after a
    comment naming its shape (so that a failing case says which one it holds)."""
    description, text, context = hostile_chain(rng, shape)
    place = rng.choice(CHAIN_TYPE_PLACES if context == "type" else CHAIN_EXPRESSION_PLACES)
    return "// issue #46 chain: %s\n" % description + place.replace("{}", text)


def manifest_chain(rng, kind):
    """A chain the manifest evaluator reads, of `kind`: a `String` (`"A" + "a" + …`), a list of
    dependencies (`[] + [] + …`), a `Bool` (`true && true …`, `!(!(true))`), or any chain of issue #46,
    after a comment naming it."""
    if kind == "string":
        count = chain_length(rng, 6)
        description, text = "string +, %d links" % count, swift_string(rng.choice(["App", "Core"] + HOSTILE[:3])) + ' + "a"' * count
    elif kind == "list":
        count = chain_length(rng, 5)
        description, text = "list +, %d links" % count, "[]" + rng.choice([" + []", " + shared", ' + ["Core1"]']) * count
    elif kind == "bool" and rng.random() < 0.3:
        depth = rng.randint(1, 14)
        description, text = "parenthesised !, %d deep" % depth, "!(" * depth + "true" + ")" * depth
    elif kind == "bool":
        count = chain_length(rng, 8)
        description, text = "Bool && ||, %d links" % count, "true" + rng.choice([" && true", " || false", " && !false"]) * count
    else:
        description, text, _ = hostile_chain(rng)
    return "/* issue #46 chain: %s */ %s" % (description, text)


# What a project or workspace may name: paths out of the checkout, through links, into devices.
PATH_HOSTILE = ["/", "/etc", "../../../..", "..", "/dev/zero", "/proc/self", "a/../../b", "~", "", ".", "x" * 5000, "a\nb", "\u202e"]
STDERR_LINE = re.compile(r"^(error|warning|note): |^(recorded|measure:|fix:) ")
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
        hostile = chain_declaration(rng) if rng.random() < 0.4 else rng.choice(SWIFT_HOSTILE)
        lines.insert(rng.randrange(len(lines) + 1), hostile)
    text = "\n".join(lines)
    return mutate_bytes(text, rng) if rng.random() < 0.3 else text


def swift_string(text):
    """`text` as a Swift string literal, every character outside printable ASCII as a \\u{} escape."""
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif 0x20 <= ord(ch) < 0x7F:
            out.append(ch)
        elif 0xD800 <= ord(ch) <= 0xDFFF:
            out.append("?")
        else:
            out.append("\\u{%x}" % ord(ch))
    return '"' + "".join(out) + '"'


def pbx_string(text):
    """`text` as an old-style property list string."""
    return '"' + "".join("\\" + ch if ch in '"\\' else ("\\n" if ch == "\n" else ch) for ch in text) + '"'


def generated_project(rng, names=None):
    """A project.pbxproj written from scratch: targets of every kind (named `names` when given, as
    a Podfile's targets), groups (some looping, some deep), file references anchored every way
    (absolute, `..`, build products, SDKs), synchronised folders, local and remote packages,
    subprojects, dependencies by proxy, build settings."""
    if not names:
        names = [rng.choice(["Core", "Feed", "App", "Kit"]) + str(index) for index in range(rng.randint(1, 6))]
        if rng.random() < 0.5:
            names[rng.randrange(len(names))] = rng.choice(HOSTILE)
    objects = []
    kinds = ["application", "framework", "library.static", "bundle.unit-test", "bundle.ui-testing", "app-extension", "tool", "x.y"]
    files, groups, synced = [], [], []
    for index in range(rng.randint(0, 12)):
        tree = rng.choice(['"<group>"', '"<absolute>"', "SOURCE_ROOT", "BUILT_PRODUCTS_DIR", "SDKROOT", "DEVELOPER_DIR"])
        path = rng.choice(["F%d.swift" % index, "Sources/F%d.swift" % index] + PATH_HOSTILE)
        objects.append("\t\tF%d = {isa = PBXFileReference; path = %s; sourceTree = %s; };" % (index, pbx_string(path), tree))
        objects.append("\t\tBF%d = {isa = PBXBuildFile; fileRef = F%d; };" % (index, index))
        files.append(index)
    for index in range(rng.randint(0, 6)):
        children = ", ".join("F%d" % f for f in rng.sample(files, min(len(files), rng.randint(0, 3))))
        if rng.random() < 0.3:
            children += ", G%d" % rng.randrange(6)  # possibly a loop, possibly dangling
        objects.append("\t\tG%d = {isa = PBXGroup; children = (%s); path = %s; sourceTree = \"<group>\"; };"
                       % (index, children, pbx_string(rng.choice(["Group%d" % index] + PATH_HOSTILE))))
        groups.append(index)
    for index in range(rng.randint(0, 3)):
        tree = rng.choice(['"<group>"', '"<absolute>"'])
        objects.append("\t\tS%d = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E%d, ); path = %s; sourceTree = %s; };"
                       % (index, index, pbx_string(rng.choice(["Features", "App", "Sources"] + PATH_HOSTILE)), tree))
        objects.append("\t\tE%d = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (%s, ); target = T0; };"
                       % (index, pbx_string(rng.choice(["Info.plist", "../x.swift", "/abs.swift", "/Localized/Base.lproj/x"]))))
        synced.append(index)
    packages = []
    for index in range(rng.randint(0, 3)):
        if rng.random() < 0.5:
            objects.append("\t\tL%d = {isa = XCLocalSwiftPackageReference; relativePath = %s; };"
                           % (index, pbx_string(rng.choice(["../Packages/DesignSystem", "Packages/X"] + PATH_HOSTILE))))
        else:
            objects.append("\t\tL%d = {isa = XCRemoteSwiftPackageReference; repositoryURL = %s; requirement = {kind = upToNextMajorVersion; minimumVersion = 1.0.0; }; };"
                           % (index, pbx_string(rng.choice(["https://github.com/apple/swift-collections.git", "git@evil:x.git"] + HOSTILE))))
        objects.append("\t\tPP%d = {isa = XCSwiftPackageProductDependency; package = L%d; productName = %s; };"
                       % (index, index, pbx_string(rng.choice(["Collections", "DesignSystem"] + HOSTILE))))
        packages.append(index)
    targets = []
    for index, name in enumerate(names):
        dependencies = []
        if index + 1 < len(names) and rng.random() < 0.7:
            objects.append("\t\tCP%d = {isa = PBXContainerItemProxy; containerPortal = %s; proxyType = 1; remoteGlobalIDString = T%d; remoteInfo = %s; };"
                           % (index, rng.choice(["R", "SUB", "MISSING"]), index + 1, pbx_string(names[index + 1])))
            objects.append("\t\tTD%d = {isa = PBXTargetDependency; target = T%d; targetProxy = CP%d; platformFilters = (ios, %s, ); };"
                           % (index, index + 1, index, pbx_string(rng.choice(["xros", "macos"] + HOSTILE))))
            dependencies.append("TD%d" % index)
        build_files = ", ".join("BF%d" % f for f in rng.sample(files, min(len(files), rng.randint(0, 4))))
        objects.append("\t\tB%d = {isa = PBXSourcesBuildPhase; files = (%s); };" % (index, build_files))
        setting = rng.choice(["$(TARGET_NAME)", "$(TARGET_NAME:c99extidentifier)", "$(A_$(B_$(C)))", "$(inherited)", "${X", "$(" * 50, "x" * 5000])
        objects.append("\t\tC%d = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = %s; PRODUCT_MODULE_NAME = %s; }; name = Release; };"
                       % (index, pbx_string(setting), pbx_string(rng.choice(["", name, setting]))))
        objects.append("\t\tCL%d = {isa = XCConfigurationList; buildConfigurations = (C%d, ); defaultConfigurationName = Release; };" % (index, index))
        sync = ", ".join("S%d" % f for f in rng.sample(synced, min(len(synced), rng.randint(0, 2))))
        product_deps = ", ".join("PP%d" % p for p in rng.sample(packages, min(len(packages), rng.randint(0, 2))))
        objects.append("\t\tT%d = {isa = PBXNativeTarget; name = %s; buildConfigurationList = CL%d; buildPhases = (B%d, ); dependencies = (%s); "
                       "fileSystemSynchronizedGroups = (%s); packageProductDependencies = (%s); productType = \"com.apple.product-type.%s\"; };"
                       % (index, pbx_string(name), index, index, ", ".join(dependencies), sync, product_deps, rng.choice(kinds)))
        targets.append("T%d" % index)
    main_children = ", ".join(["G%d" % g for g in groups] + ["S%d" % g for g in synced] + ["SUBREF"])
    objects.append("\t\tM = {isa = PBXGroup; children = (%s); sourceTree = \"<group>\"; };" % main_children)
    objects.append("\t\tSUBREF = {isa = PBXFileReference; path = %s; sourceTree = \"<group>\"; };"
                   % pbx_string(rng.choice(["../Features/Features.xcodeproj", "Sub.xcodeproj"] + PATH_HOSTILE)))
    objects.append("\t\tR = {isa = PBXProject; mainGroup = M; targets = (%s); packageReferences = (%s); projectReferences = ({ProductGroup = M; ProjectRef = SUBREF; }, ); %s};"
                   % (", ".join(targets), ", ".join("L%d" % p for p in packages),
                      rng.choice(["", "projectDirPath = %s; " % pbx_string(rng.choice(PATH_HOSTILE))])))
    rng.shuffle(objects)
    return ("// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = %d;\n\tobjects = {\n%s\n\t};\n\trootObject = R;\n}\n"
            % (rng.choice([46, 56, 77, 999]), "\n".join(objects)))


def generated_workspace(rng):
    """A contents.xcworkspacedata written from scratch: nested groups, every location scheme, paths
    out of the checkout; sometimes in UTF-16 or with a DTD, which must be refused at once."""
    def element(depth):
        if depth > 0 and rng.random() < 0.4:
            inner = "".join(element(depth - 1) for _ in range(rng.randint(0, 3)))
            return '<Group location = "%s" name = "g">%s</Group>\n' % (location(), inner)
        return '<FileRef location = "%s"></FileRef>\n' % location()

    def location():
        scheme = rng.choice(["group", "container", "absolute", "self", "developer", "nope", ""])
        path = rng.choice(["App/App.xcodeproj", "Features/Features.xcodeproj", "Packages/DesignSystem"] + PATH_HOSTILE)
        return (scheme + ":" if scheme else "") + path.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")

    body = "".join(element(rng.randint(0, 70 if rng.random() < 0.1 else 4)) for _ in range(rng.randint(0, 8)))
    encoding = rng.choice(["UTF-8", "UTF-8", "UTF-16", "ISO-8859-1"])
    dtd = ""
    if rng.random() < 0.15:
        dtd = '<!DOCTYPE Workspace [<!ENTITY a0 "ha">' + "".join(
            '<!ENTITY a%d "%s">' % (level, "&a%d;" % (level - 1) * 10) for level in range(1, 8)) + "]>\n"
        body += '<FileRef location = "group:&a7;"></FileRef>\n'
    text = '<?xml version="1.0" encoding="%s"?>\n%s<Workspace version = "1.0">\n%s</Workspace>\n' % (encoding, dtd, body)
    if encoding == "UTF-16":
        order = rng.choice(["utf-16-le", "utf-16-be"])
        mark = rng.choice([b"", b"\xff\xfe" if order == "utf-16-le" else b"\xfe\xff"])
        return mark + text.encode(order, "surrogatepass")
    return text.encode("utf-8", "surrogatepass")


def generated_manifest(rng):
    """A Package.swift written from scratch in the subset the evaluator reads (constants,
    concatenation, #if, products, dependencies, settings), with names that may be hostile; in 2
    of 5, chains of issue #46 (manifest_chain, hostile_chain) at top level, as the package's
    name, as a target's dependencies and as a condition."""
    def name():
        return rng.choice(HOSTILE) if rng.random() < 0.15 else rng.choice(["Core", "Feed", "App"]) + str(rng.randrange(99))
    targets = list(dict.fromkeys(name() for _ in range(rng.randint(1, 6))))
    lines = ["// swift-tools-version: %s" % rng.choice(["5.9", "5.7", "6.0", "9.9", "5"]), "import PackageDescription", ""]
    lines.append("let shared: [Target.Dependency] = [%s]" % ", ".join(swift_string(t) for t in targets[:2]))
    lines.append("let flags = [\"-DX\"] + [%s]" % swift_string(rng.choice(HOSTILE)))
    chained = rng.random() < 0.4
    if chained:
        for index in range(rng.randint(1, 2)):
            kind = rng.choice(["string", "list", "bool", "any", "any"])
            if kind != "any":
                lines.append("let chain%d = %s" % (index, manifest_chain(rng, kind)))
                continue
            description, text, context = hostile_chain(rng)
            lines.append("// issue #46 chain: " + description)
            lines.append(("let chain%d: %s = nil" if context == "type" else "let chain%d = %s") % (index, text))
        lines.append("let on = %s" % manifest_chain(rng, "bool"))
    lines += ["#if os(Linux)", "let extra: [Target] = [.target(name: %s)]" % swift_string(name()), "#else",
              "let extra: [Target] = []", "#endif"]
    declared = []
    for index, target in enumerate(targets):
        others = targets[index + 1:]
        uses = ["[%s]" % swift_string(rng.choice(others)) for _ in range(rng.randint(0, 2))] if others else []
        dependencies = " + ".join(["[]"] + uses + (["shared"] if rng.random() < 0.2 else []))
        if chained and rng.random() < 0.2:
            dependencies = manifest_chain(rng, "list")
        kind = rng.choice(["target"] * 5 + ["executableTarget", "testTarget", "testTarget", "macro", "plugin"])
        extra = rng.choice([""] * 4 + [", path: %s" % swift_string(rng.choice(PATH_HOSTILE)), ", exclude: [\"x\"]",
                            ", swiftSettings: [.define(\"A\"), .unsafeFlags(flags)]", ", resources: [.process(\"R\")]"])
        declared.append("        .%s(name: %s, dependencies: %s%s)" % (kind, swift_string(target), dependencies, extra))
    lines.append("let package = Package(")
    lines.append("    name: %s," % (manifest_chain(rng, rng.choice(["string", "any"])) if chained and rng.random() < 0.3
                                      else swift_string(name())))
    lines.append("    products: [.library(name: %s, targets: [%s])]," % (swift_string(name()), swift_string(targets[0])))
    if rng.random() < 0.3:
        lines.append("    dependencies: [.package(path: %s), .package(url: %s, from: \"1.0.0\")],"
                     % (swift_string(rng.choice(PATH_HOSTILE)), swift_string(rng.choice(["https://x.example/y.git"] + HOSTILE))))
    lines.append("    targets: [\n" + ",\n".join(declared) + "\n    ]" + rng.choice(["", " + extra"]))
    lines.append(")")
    if chained:
        lines.append("if on { package.targets += [] } else { package.targets += extra }")
    return "\n".join(lines) + "\n"


def ruby_string(text, rng):
    """`text` as a Ruby string literal: single-quoted, or double-quoted (where `#{` interpolates)."""
    if rng.random() < 0.75:
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


POD_NAMES = ["Alamofire", "Firebase/Analytics", "Firebase/Crashlytics", "SQLite.swift", "Roxas", "Harmony", "1PasswordExtension",
             "SwiftLint", "Lasso", "LassoTestUtilities", "GoogleUtilities/Environment", "RxSwift", "Kit-iOS", "Local"]


def generated_podfile(rng):
    """A Podfile written from scratch in CocoaPods' DSL, and the names of the targets it declares:
    `target`/`abstract_target` blocks (sometimes nested past the reader's 32), one-line targets,
    `def … end` called by name (sometimes calling one another past the 8 calls allowed, several
    times each), `pod` lines with every kind of option, `inherit!`, `project`, `abstract!`, hooks,
    `if` blocks, stray `end`s, hostile names; statements sometimes joined by `;`, CRLF or CR line
    ends, a byte-order mark, byte damage. In 1 case of 20 a product of pods and targets (1,000 to
    2,000 root pods and as many one-line `target 'Tn'`s, each inheriting every pod), in 1 of 10 a
    `def` of up to 2,000 pods called up to 200 times in each of up to 20 targets."""
    targets = []

    def target_name():
        name = rng.choice(HOSTILE) if rng.random() < 0.1 else rng.choice(["App", "Core", "Feed", "AppTests", "Widget"]) + str(rng.randrange(20))
        targets.append(name)
        return name

    def pod(name=None):
        name = name or (rng.choice(HOSTILE) if rng.random() < 0.1 else rng.choice(POD_NAMES))
        option = rng.choice([""] * 3 + [
            ", '~> 1.0'", ", :path => 'Local'", ", path: '../Local'", ", :git => 'https://x.example/y.git', :branch => 'main'",
            ", :configurations => ['Debug']", ", :subspecs => ['A', 'B']", ",\n    '~> 2.0'", ", :modular_headers => true",
            ", :path => " + ruby_string(rng.choice(PATH_HOSTILE), rng), ", :testspecs => ['Tests']", ", '>= 1', '< 2',"])
        return "pod %s%s" % (ruby_string(name, rng), option)

    definitions = ["shared_pods", "testing_pods", "d%d" % rng.randrange(3)]

    def block(depth):
        lines = []
        for _ in range(rng.randint(0, 6)):
            choice = rng.random()
            if choice < 0.35:
                lines.append(pod())
            elif choice < 0.5 and depth > 0:
                keyword = rng.choice(["target", "target", "abstract_target"])
                name = target_name()
                quoted = ":" + name if name.isidentifier() and rng.random() < 0.1 else ruby_string(name, rng)
                if rng.random() < 0.2:
                    lines.append("%s %s" % (keyword, quoted))
                else:
                    lines.append("%s %s do" % (keyword, quoted))
                    lines += ["  " + line for line in block(depth - 1)]
                    lines.append("end")
            elif choice < 0.58:
                lines.append("inherit! " + rng.choice([":search_paths", ":none", ":complete", ":bogus", "'none'"]))
            elif choice < 0.66:
                lines.append(rng.choice(definitions) + rng.choice(["", "", "()"]))
            elif choice < 0.7:
                lines.append(rng.choice(["project 'App.xcodeproj'", "xcodeproj 'App'", "project " + ruby_string(rng.choice(PATH_HOSTILE), rng)]))
            elif choice < 0.73:
                lines.append(rng.choice(["abstract!", "abstract! false"]))
            elif choice < 0.8:
                lines.append(rng.choice(["if ENV['CI']", "unless x", "case y", "[1].each do |i|", "begin"]))
                lines += ["  " + pod() for _ in range(rng.randint(0, 2))]
                lines.append("end")
            elif choice < 0.85:
                lines += ["post_install do |installer|", "  installer.pods_project.targets.each do |t|",
                          "    t.build_configurations.each { |c| c.build_settings['X'] = 'Y' }", "  end", "end"]
            elif choice < 0.88:
                lines.append("end")
            else:
                lines.append(rng.choice([
                    "use_frameworks!", "platform :ios, '15.0'", "inhibit_all_warnings!", "source 'https://cdn.cocoapods.org/'",
                    "workspace 'App'", "use_modular_headers!", "=begin", "=end", "pod \"Kit#{x}\"", "pod 'Unterminated",
                    "# pod 'Commented'", "install! 'cocoapods', :deterministic_uuids => false", "pod", "target", "def"]))
        return lines

    lines = []
    shape = rng.random()
    if shape < 0.05:
        # Pods × targets: every one-line target inherits every root pod.
        pods, count = rng.randint(1_000, 2_000), rng.randint(1_000, 2_000)
        lines += [pod("P%d" % index) if rng.random() < 0.01 else "pod 'P%d'" % index for index in range(pods)]
        lines += ["target 'T%d'" % index for index in range(count)]
        targets += ["T%d" % rng.randrange(count) for _ in range(6)]
    elif shape < 0.15:
        # A definition of many pods, called many times by many targets.
        lines.append("def many_pods")
        lines += ["  pod 'M%d'" % index for index in range(rng.randint(100, 2_000))]
        lines.append("end")
        for _ in range(rng.randint(1, 20)):
            lines.append("target %s do" % ruby_string(target_name(), rng))
            lines += ["  many_pods"] * rng.randint(1, 200)
            lines.append("end")
    elif shape < 0.2:
        # Definitions calling the next (or any) one several times, past the 8 calls deep allowed.
        depth, fan = rng.randint(2, 12), rng.randint(1, 10)
        for level in range(depth):
            lines += ["def d%d" % level, "  pod 'L%d'" % level]
            lines += ["  d%d" % (level + 1 if rng.random() < 0.8 else rng.randrange(depth)) for _ in range(fan)]
            lines.append("end")
        lines += ["target %s do" % ruby_string(target_name(), rng), "  d0", "end"]
    elif shape < 0.25:
        # Blocks nested past the 32 the reader allows.
        depth = rng.randint(20, 60)
        for level in range(depth):
            lines += ["  " * level + "target %s do" % ruby_string(target_name(), rng), "  " * level + "  " + pod()]
        lines += ["  " * level + "end" for level in reversed(range(depth))]
    else:
        lines += rng.choice([[], ["platform :ios, '15.0'"], ["use_frameworks!", "platform :ios, '16.0'"]])
        for name in definitions:
            if rng.random() < 0.5:
                lines += ["def %s" % name] + ["  " + line for line in block(1)] + ["end"]
        lines += block(rng.randint(1, 4))
        if not targets or rng.random() < 0.5:
            lines += ["target %s do" % ruby_string(target_name(), rng)] + ["  " + line for line in block(2)] + ["end"]
    if rng.random() < 0.2:
        # Statements joined by `;`: some runs of them, or the whole file on one line.
        joined, run, whole = [], [], rng.random() < 0.3
        for line in lines:
            run.append(line.strip())
            if not whole and rng.random() < 0.3:
                joined.append("; ".join(run))
                run = []
        lines = joined + (["; ".join(run)] if run else [])
    text = "\n".join(lines) + "\n"
    choice = rng.random()
    if choice < 0.2:
        text = text.replace("\n", "\r\n")
    elif choice < 0.23:
        text = text.replace("\n", "\r")
    if rng.random() < 0.05:
        text = "\ufeff" + text
    if rng.random() < 0.25:
        text = mutate_bytes(text, rng)
    return text, targets


def raw_identifier(text):
    """`text` as a Swift 6 raw identifier: between backticks, less what ends one."""
    return "`" + ("".join(ch for ch in text if ch not in "`\n\r\x00") or "a.b") + "`"


# Raw identifiers with dots, which read like qualified names (`Builders.Records`) or like builders.
RAW_NAMES = ["a.b.c", "Feature.%d.Builder", "Builders.Records.%d", "x.%dBuilder", "%d.Builder", "Foo %d Builder", "a..Builder",
             ".Builder", "Builder.", "...", "App.Home%dBuilder", "Swift.Int", "BuilderKit.Builder"]


def generated_builders(rng, large=600):
    """A package for the wiring reader (docs/wiring.md), as {relative path: text}, with
    `sources.wiring` on: feature modules declaring `final class FooNBuilder`s (and generic structs,
    plain classes with `build`, enums conforming to `…Builder`), dependency protocols with
    `Builder<Args, Product>` requirements (associated types, properties, generic constraints),
    namespaced builder functions (`extension Builders`), container extensions, and an app
    implementing the protocols and wiring builders (`.scoped`, constructions); in 3 of 10, names
    that are raw identifiers with dots (`` `a.b.c` ``) or hostile; in 1 of 5 a chain of issue #46
    in one file. Mostly up to 40 builders, in 1 case of 10 up to 200, and in 1 of 20 `large` / 2 to
    `large` (--large-builders) written one declaration a line, over files of at most 1,000. Builders
    cannot be refused before they are parsed, and a debug binary's parse and collection take some
    4 ms a builder on an idle machine, twice that on a busy one (1,200 builders: 5 s; 3,400: 16 s;
    20,000: over 60 s; the analysis itself about 2% of it), so a debug binary gets 600 at most."""
    choice = rng.random()
    big = choice < 0.05
    count = rng.randint(max(1, large // 2), large) if big else rng.randint(41, 200) if choice < 0.15 else rng.randint(1, 40)
    features = ["Feature%d" % index for index in range(rng.randint(1, 8))]
    arguments = rng.randint(1, 500 if big else 40)
    raw = rng.random() < 0.3
    per_file = rng.randint(200, 1_000) if big else rng.randint(10, 300)
    compact = big or rng.random() < 0.3

    def one_line(text):
        """The declarations of `text` each on one line, members joined by `;`."""
        return re.sub(r"\n +", "; ", text).replace("{; ", "{ ").replace("\n}", " }").replace("public ", "") if compact else text

    def builder_name(index):
        if raw and rng.random() < 0.3:
            return raw_identifier(rng.choice(RAW_NAMES + HOSTILE[:4]).replace("%d", str(index)))
        return "Foo%dBuilder" % index

    files = {}
    chunks = {}  # feature -> list of declarations
    app = []
    names = []
    for index in range(count):
        feature = features[index % len(features)] if rng.random() < 0.9 else rng.choice(features)
        name = builder_name(index)
        names.append(name)
        argument = "A%d" % rng.randrange(arguments)
        form = rng.random()
        if form < 0.6:
            text = ("public final class %s: Builder {\n    public init() {}\n    public func build(with args: %s) -> Screen { Screen(title: \"%d\") }\n}\n"
                    % (name, argument, index))
        elif form < 0.75:
            text = ("public protocol Deps%d { var source: %s { get } }\npublic struct %s<Deps: Deps%d>: Builder {\n"
                    "    public init() {}\n    public func build(with deps: Deps) -> Screen { Screen(title: \"\") }\n}\n" % (index, argument, name, index))
        elif form < 0.9:
            text = "public final class %s {\n    func build(_ args: %s) -> Screen { Screen(title: \"\") }\n}\n" % (name, argument)
        else:
            text = ("public enum %s: %s {\n    public static func build(with args: %s) -> Screen { Screen(title: \"\") }\n}\n"
                    % (name, rng.choice(["Builder", "ScreenBuildable", "HomeBuilder", raw_identifier("a.b.Builder")]), argument))
        requirement = rng.random()
        wanted = "A%d" % rng.randrange(arguments)
        if requirement < 0.35:
            text += ("public protocol Needs%d {\n    associatedtype B%dType: Builder<%s, Screen>\n    var b%dBuilder: B%dType { get }\n}\n"
                     % (index, index, wanted, index, index))
            if rng.random() < 0.7:
                provider = rng.choice(names)
                app.append("struct Needs%dImpl: Needs%d {\n    var b%dBuilder: %s { %s()%s }\n}\n"
                           % (index, index, index, provider, provider, rng.choice(["", ".scoped { _ in %s() }" % wanted])))
        elif requirement < 0.45:
            text += "public protocol Wants%d {\n    var next%d: any Builder<%s, Screen> { get }\n}\n" % (index, index, wanted)
        elif requirement < 0.55:
            text += "public struct Host%d<P: Builder<%s, Screen>> {\n    let p: P\n    public init(p: P) { self.p = p }\n}\n" % (index, wanted)
            if rng.random() < 0.5:
                app.append("let host%d = Host%d(p: %s())\n" % (index, index, rng.choice(names)))
        elif requirement < 0.6:
            text += ("extension Builders {\n    public enum %s%d {\n        public static func make%d(with args: %s) -> Screen { Screen(title: \"\") }\n    }\n}\n"
                     % (feature, index, index, wanted))
            app.append("let made%d = Builders.%s%d.make%d(with: %s())\n" % (index, feature, index, index, wanted))
        elif requirement < 0.62:
            text += "extension World {\n    var service%d: %s { %s() }\n}\n" % (index, wanted, wanted)
        elif requirement < 0.64:
            text += "let wired%d = %s().scoped { _ in %s() }\n" % (index, rng.choice(names), wanted)  # a vertical wiring another's builder
        chunks.setdefault(feature, []).append(one_line(text))
    app = [one_line(text) for text in app]
    if rng.random() < 0.2:
        feature = rng.choice(features)
        chunks.setdefault(feature, []).append(chain_declaration(rng))
    header = "import AppInterfaces\nimport BuilderKit\n\n"
    for feature, declarations in chunks.items():
        for start in range(0, len(declarations), per_file):
            files["Sources/%s/Builders%d.swift" % (feature, start // per_file)] = header + "".join(declarations[start:start + per_file])
    for feature in features:
        files.setdefault("Sources/%s/%s.swift" % (feature, feature), header + "public struct %sMarker {}\n" % feature)
    app_header = header + "".join("import %s\n" % feature for feature in features) + "\n"
    for start in range(0, max(1, len(app)), per_file):
        files["Sources/App/Wiring%d.swift" % (start // per_file)] = app_header + "".join(app[start:start + per_file])
    files["Sources/App/main.swift"] = "print(\"app\")\n"
    files["Sources/BuilderKit/Builder.swift"] = (
        "public protocol Builder<Args, Product> {\n    associatedtype Args\n    associatedtype Product\n    func build(with args: Args) -> Product\n}\n"
        "public struct ScopedBuilder<Base: Builder, Args>: Builder {\n    let base: Base\n    let scope: (Args) -> Base.Args\n"
        "    public func build(with args: Args) -> Base.Product { base.build(with: scope(args)) }\n}\n"
        "extension Builder {\n    public func scoped<Scope>(_ scope: @escaping (Scope) -> Args) -> ScopedBuilder<Self, Scope> {\n"
        "        ScopedBuilder(base: self, scope: scope)\n    }\n}\n")
    files["Sources/AppInterfaces/Interfaces.swift"] = (
        "public enum Builders {}\npublic final class World {}\npublic struct Screen: Equatable, Sendable {\n    public let title: String\n"
        "    public init(title: String) { self.title = title }\n}\n"
        + "".join("public struct A%d: Hashable, Sendable { public init() {} }\n" % index for index in range(arguments)))
    declared = ['        .target(name: "BuilderKit")', '        .target(name: "AppInterfaces")']
    declared += ['        .target(name: "%s", dependencies: ["AppInterfaces", "BuilderKit"])' % feature for feature in features]
    declared.append('        .executableTarget(name: "App", dependencies: [%s])'
                    % ", ".join('"%s"' % name for name in ["AppInterfaces", "BuilderKit"] + features))
    files["Package.swift"] = ('// swift-tools-version: 5.9\nimport PackageDescription\n\nlet package = Package(\n    name: "Builders",\n'
                              '    products: [.executable(name: "App", targets: ["App"])],\n    targets: [\n' + ",\n".join(declared) + "\n    ]\n)\n")
    levels = ["error", "warning", "ignore"]  # not `note`: its `::notice` annotations are not among those the inject verdict allows
    wiring = rng.choice([
        "  wiring: {}\n",
        "  wiring:\n    unprovided: %s\n    providedTwice: %s\n    unwired: %s\n    verticalWiring: %s\n    containerExtensions: %s\n"
        "    app: [App]\n    containers:\n      - type: World\n        owners: [App, AppInterfaces]\n" % tuple(rng.choice(levels) for _ in range(5)),
    ])
    files[".modgraph.yml"] = (
        "version: 1\nlayers:\n  - name: app\n    targets: [App]\n  - name: features\n    targets: [\"Feature*\"]\n    isolated: true\n"
        "  - name: core\n    targets: [AppInterfaces, BuilderKit]\nunassigned: warning\ntests: exempt\nsources:\n"
        "  interfaces: [AppInterfaces]\n  undeclaredImports: warning\n  unusedDependencies: ignore\n" + wiring)
    return files


class Fuzzer:
    def __init__(self, modgraph, out, seconds, cases, timeout, rng, large_builders=600):
        self.modgraph = modgraph
        self.large_builders = large_builders
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
        self.manifests = sorted(
            os.path.join(folder, "Package.swift") for folder, _, names in os.walk(SAMPLES)
            if "Package.swift" in names and ".build" not in folder)
        # A `swift` that prints its version (the evaluator needs it) and fails every dump at once:
        # a manifest case exercises the evaluator, and its fallback costs no compilation.
        self.fake_swift = os.path.join(self.work, "fake-swift")
        with open(self.fake_swift, "w", encoding="utf-8") as file:
            file.write('#!/bin/sh\nif [ "$1" = --version ]; then echo "Swift version 6.1 (fuzz)"; exit 0; fi\n'
                       'echo "error: fuzz: no dump-package here" >&2\nexit 1\n')
        os.chmod(self.fake_swift, 0o755)

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

    def xcode_folder(self):
        """A copy of the Xcode sample (two projects, a local package, a workspace), made once."""
        folder = os.path.join(self.work, "xcode")
        if not os.path.exists(folder):
            shutil.copytree(os.path.join(SAMPLES, "XcodeApp"), folder)
        return folder

    def write_bytes(self, path, data):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as file:
            file.write(data)
        return path

    def project_case(self):
        """A damaged or generated project.pbxproj in the Xcode sample, loaded alone, through its workspace, or checked."""
        folder = self.xcode_folder()
        relative = self.rng.choice(["App/App.xcodeproj/project.pbxproj", "Features/Features.xcodeproj/project.pbxproj"])
        path = os.path.join(folder, relative)
        with open(os.path.join(SAMPLES, "XcodeApp", relative), encoding="utf-8") as file:
            original = file.read()
        text = generated_project(self.rng) if self.rng.random() < 0.5 else original
        if self.rng.random() < 0.6:
            text = mutate_bytes(text, self.rng)
        self.write_bytes(path, text.encode("utf-8", "surrogatepass"))
        choice = self.rng.random()
        if choice < 0.4:
            arguments = ["graph", os.path.dirname(path), "--format", self.rng.choice(["text", "json", "dot"])]
        elif choice < 0.7:
            arguments = ["graph", os.path.join(folder, "XcodeApp.xcworkspace"), "--format", "json"]
        else:
            arguments = ["check", folder, "--format", self.rng.choice(["text", "github"])]
        self.run(arguments + ["--swift-executable", self.fake_swift], [path], annotations="github" in arguments)
        self.write_bytes(path, original.encode("utf-8"))

    def workspace_case(self):
        """A damaged or generated contents.xcworkspacedata (UTF-8, UTF-16, with a DTD) in the Xcode sample."""
        folder = self.xcode_folder()
        path = os.path.join(folder, "XcodeApp.xcworkspace", "contents.xcworkspacedata")
        with open(os.path.join(SAMPLES, "XcodeApp", "XcodeApp.xcworkspace", "contents.xcworkspacedata"), "rb") as file:
            original = file.read()
        data = generated_workspace(self.rng) if self.rng.random() < 0.6 else original
        if self.rng.random() < 0.4:
            data = mutate_bytes(data.decode("utf-8", "replace"), self.rng).encode("utf-8", "surrogatepass")
        self.write_bytes(path, data)
        self.run(["graph", os.path.dirname(path), "--format", self.rng.choice(["text", "json"]), "--swift-executable", self.fake_swift],
                 [path])
        self.write_bytes(path, original)

    def manifest_case(self):
        """A damaged or generated Package.swift for the manifest evaluator (dump-package, its fallback, fails at once)."""
        folder = os.path.join(self.work, "manifest")
        if os.path.exists(folder):
            shutil.rmtree(folder)
        os.makedirs(os.path.join(folder, "Sources", "Core"))
        with open(os.path.join(folder, "Sources", "Core", "Core.swift"), "w", encoding="utf-8") as file:
            file.write("public let core = 1\n")
        if self.rng.random() < 0.5:
            with open(self.rng.choice(self.manifests), encoding="utf-8") as file:
                text = file.read()
        else:
            text = generated_manifest(self.rng)
        if self.rng.random() < 0.6:
            text = swift_case(text, self.rng)
        path = self.write_bytes(os.path.join(folder, "Package.swift"), text.encode("utf-8", "surrogatepass"))
        if self.rng.random() < 0.3:
            # `fix` edits the damaged manifest: the diff (or --write's edits) from the import checks' findings.
            with open(os.path.join(folder, "Sources", "Core", "Core.swift"), "w", encoding="utf-8") as file:
                file.write("import Prelude\nimport %s\npublic let core = 1\n" % self.rng.choice(["Networking", "Core", "X"]))
            with open(os.path.join(folder, ".modgraph.yml"), "w", encoding="utf-8") as file:
                file.write("version: 1\nlayers:\n  - name: all\n    targets: [\"*\"]\nunassigned: warning\n"
                           "sources:\n  undeclaredImports: warning\n  unusedDependencies: warning\n")
            self.run(["fix", folder, "--no-cache", "--swift-executable", self.fake_swift]
                     + self.rng.choice([[], ["--write"], ["--check"]]), [path, os.path.join(folder, ".modgraph.yml")])
            return
        self.run(["graph", folder, "--no-cache", "--verbose", "--format", self.rng.choice(["text", "json"]),
                  "--swift-executable", self.fake_swift], [path])

    def podfile_case(self):
        """A generated Podfile (generated_podfile) beside a generated project whose targets are some of
        the Podfile's, sometimes with a local pod's podspec; loaded as a folder or through the project, or checked."""
        folder = os.path.join(self.work, "pods")
        if os.path.exists(folder):
            shutil.rmtree(folder)
        text, targets = generated_podfile(self.rng)
        names = list(dict.fromkeys(targets))
        names = self.rng.sample(names, min(len(names), self.rng.randint(1, 6))) if names else []
        if self.rng.random() < 0.2:
            names.append(self.rng.choice(HOSTILE))
        project = generated_project(self.rng, names)
        if self.rng.random() < 0.2:
            project = mutate_bytes(project, self.rng)
        self.write_bytes(os.path.join(folder, "App.xcodeproj", "project.pbxproj"), project.encode("utf-8", "surrogatepass"))
        self.write_bytes(os.path.join(folder, "Podfile"), text.encode("utf-8", "surrogatepass"))
        if self.rng.random() < 0.3:
            podspec = ("Pod::Spec.new do |s|\n  s.name = 'Local'\n  s.module_name = %s\n  s.dependency %s\n  s.subspec 'A' do |a|\n"
                       "    a.dependency %s\n  end\nend\n" % tuple(ruby_string(self.rng.choice(POD_NAMES + HOSTILE), self.rng) for _ in range(3)))
            self.write_bytes(os.path.join(folder, "Local", "Local.podspec"), podspec.encode("utf-8", "surrogatepass"))
        self.write_bytes(os.path.join(folder, ".modgraph.yml"), (
            "version: 1\nlayers:\n  - name: app\n    targets: [\"*\"]\n    externals: [\"pods/%s\"]\nunassigned: warning\n"
            "forbidden:\n  - from: \"*\"\n    to: \"pods/Firebase\"\n    message: fuzz\n%s"
            % (self.rng.choice(["*", "Roxas", "P1*"]), self.rng.choice(["", "sources: {}\n"]))).encode("utf-8"))
        choice = self.rng.random()
        if choice < 0.5:
            arguments = ["graph", folder, "--format", self.rng.choice(["text", "json", "dot"])]
        elif choice < 0.7:
            arguments = ["graph", os.path.join(folder, "App.xcodeproj"), "--format", self.rng.choice(["text", "json"])]
        else:
            arguments = ["check", folder, "--format", self.rng.choice(["text", "github"])]
        self.run(arguments + ["--swift-executable", self.fake_swift], [folder], annotations="github" in arguments)

    def wiring_folder(self):
        """A copy of the WiringApp sample (`sources.wiring` on), made once."""
        folder = os.path.join(self.work, "wiring")
        if not os.path.exists(folder):
            shutil.copytree(os.path.join(SAMPLES, "WiringApp"), folder)
        return folder

    def wiring_case(self):
        """A damaged Swift file of the WiringApp sample, most often holding a chain of issue #46, read by
        `graph --wiring` (which parses every file whole) or `check` (its wiring rules)."""
        folder = self.wiring_folder()
        sources = os.path.join(SAMPLES, "WiringApp", "Sources")
        source = self.rng.choice(sorted(os.path.join(where, name) for where, _, names in os.walk(sources) for name in names if name.endswith(".swift")))
        target = os.path.join(folder, os.path.relpath(source, os.path.join(SAMPLES, "WiringApp")))
        with open(source, encoding="utf-8") as file:
            original = file.read()
        text = swift_case(original, self.rng)
        if self.rng.random() < 0.7:
            lines = text.split("\n")
            lines.insert(self.rng.randrange(len(lines) + 1), chain_declaration(self.rng))
            text = "\n".join(lines)
        with open(target, "w", encoding="utf-8", errors="surrogatepass") as file:
            file.write(text)
        if self.rng.random() < 0.7:
            arguments = ["graph", folder, "--wiring", "--format", self.rng.choice(["text", "json", "dot", "mermaid"])]
        else:
            arguments = ["check", folder, "--format", self.rng.choice(["text", "github"])]
        self.run(arguments + ["--swift-executable", self.fake_swift], [folder], annotations="github" in arguments)
        with open(target, "w", encoding="utf-8") as file:
            file.write(original)

    def builders_case(self):
        """A generated package of builders and builder requirements (generated_builders), `sources.wiring`
        on, read by `graph --wiring` or checked."""
        folder = os.path.join(self.work, "builders")
        if os.path.exists(folder):
            shutil.rmtree(folder)
        for relative, text in generated_builders(self.rng, self.large_builders).items():
            self.write_bytes(os.path.join(folder, relative), text.encode("utf-8", "surrogatepass"))
        if self.rng.random() < 0.75:
            arguments = ["graph", folder, "--wiring", "--format", self.rng.choice(["text", "json", "dot", "mermaid", "html"])]
        else:
            arguments = ["check", folder, "--format", self.rng.choice(["text", "github", "sarif"])]
        self.run(arguments + ["--no-cache", "--swift-executable", self.fake_swift], [folder], annotations="github" in arguments)

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
            if kind >= 0.6:
                # Xcode projects, workspaces and manifests for the evaluator (8 cases of 100 each), Podfiles (6),
                # WiringApp's sources for the wiring reader (5) and generated builders (5).
                for case, end in [(self.project_case, 0.68), (self.workspace_case, 0.76), (self.manifest_case, 0.84),
                                  (self.podfile_case, 0.9), (self.wiring_case, 0.95), (self.builders_case, 2)]:
                    if kind < end:
                        case()
                        break
                continue
            kind /= 0.6
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
    parser.add_argument("--cases", type=int, default=0,
                        help="run exactly this many cases (default: no limit); with --seconds as the bound, running "
                             "out of time before the count is a failure, so a pass is always the same cases")
    parser.add_argument("--timeout", type=float, default=20, help="a case's time limit in seconds (default 20)")
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: from the clock, printed)")
    parser.add_argument("--out", default=None, help="where failing inputs go (default: a temporary folder)")
    parser.add_argument("--large-builders", type=int, default=None,
                        help="the most builders of the rare large wiring case (default: 20,000 for a modgraph under a "
                             "release folder, else 600, what a debug binary reads well within the time limit)")
    arguments = parser.parse_args()
    if not (0 < arguments.seconds <= 86_400 and 0 < arguments.timeout <= 600 and 0 <= arguments.cases <= 10_000_000):
        parser.error("--seconds is 0 to 86400, --timeout 0 to 600, --cases 0 to 10,000,000")
    release = "release" in os.path.abspath(arguments.modgraph).split(os.sep)
    if arguments.large_builders is None:
        arguments.large_builders = 20_000 if release else 600
    if not release:
        global LARGE_CHAIN_BYTES
        LARGE_CHAIN_BYTES = DEBUG_LARGE_CHAIN_BYTES
    if not 1 <= arguments.large_builders <= 100_000:
        parser.error("--large-builders is 1 to 100,000")
    seed = arguments.seed if arguments.seed is not None else int(time.time())
    out = arguments.out or tempfile.mkdtemp(prefix="modgraph-fuzz-failures-")
    fuzzer = Fuzzer(os.path.abspath(arguments.modgraph), os.path.abspath(out), arguments.seconds, arguments.cases,
                    arguments.timeout, random.Random(seed), arguments.large_builders)
    started = time.monotonic()
    fuzzer.loop()
    counts = fuzzer.counts
    failures = counts["crash"] + counts["hang"] + counts["inject"] + counts["stderr"]
    # A fixed count is the point of --cases: a pass cut short by the clock ran other cases than
    # the same seed runs elsewhere, so it fails rather than pass on fewer.
    short = arguments.cases and counts["cases"] < arguments.cases
    print(f"fuzz: {counts['cases']} cases in {time.monotonic() - started:.0f} s (seed {seed}): {counts['crash']} crashes, "
          f"{counts['hang']} hangs, {counts['inject']} injected commands, {counts['stderr']} malformed stderr lines"
          + (f"; inputs in {out}" if failures else ""))
    if short:
        print(f"fuzz: only {counts['cases']} of the {arguments.cases} cases ran within --seconds {arguments.seconds:g}: "
              "this machine is slower than the bound allows; raise --seconds (or lower --cases)", file=sys.stderr)
    if not failures and arguments.out is None:
        shutil.rmtree(out, ignore_errors=True)
    sys.exit(1 if failures or short else 0)


if __name__ == "__main__":
    main()
