#!/usr/bin/env python3
"""An app of FILES Swift files (about 4 KB each) as modular apps write them, for timing the source
checks (docs/performance.md, "Source checks on a generated app"):

    scripts/gen-sources.py OUT [FILES]            # FILES: 5000 by default (about 20 MB)

One root package: Core, DesignSystem, Networking and BuilderKit at the bottom, VerticalInterfaces
(protocols and plain DTOs, the interface module), 24 verticals that reach one another only through
the interfaces and builders the App target injects, a test target per vertical. Files import
under `#if canImport(UIKit)`, `#if DEBUG` and `@testable`; each vertical declares a builder and
its dependencies' protocol, which the app wires (docs/wiring.md). Deterministic: the same
arguments write the same bytes. The tree has no `.modgraph.yml`: `modgraph init` writes it.
"""
import os
import sys

out = sys.argv[1]
total = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
VERTICALS = [f"Feature{v:02d}" for v in range(24)]
BASE = ["Core", "DesignSystem", "Networking", "BuilderKit"]


def write(path, text):
    full = os.path.join(out, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(text)


def body(module, index, lines=None):
    """About 4 KB of ordinary code: a model, a view model and a formatter."""
    name = f"{module}Item{index}"
    parts = [
        f"/// One of {module}'s screens' data, as a feature module keeps it.",
        f"public struct {name}: Equatable, Sendable {{",
        "    public let id: Int",
        "    public let title: String",
        "    public let subtitle: String?",
        "    public let values: [Double]",
        "",
        "    public init(id: Int, title: String, subtitle: String? = nil, values: [Double] = []) {",
        "        self.id = id",
        "        self.title = title",
        "        self.subtitle = subtitle",
        "        self.values = values",
        "    }",
        "",
        "    public var summary: String {",
        "        let total = values.reduce(0, +)",
        '        return "\\(title): \\(total) over \\(values.count)"',
        "    }",
        "}",
        "",
        f"final class {name}ViewModel {{",
        f"    private(set) var items: [{name}] = []",
        "    private var page = 0",
        "",
        f"    func load(_ more: [{name}]) {{",
        "        page += 1",
        "        items.append(contentsOf: more.filter { !$0.title.isEmpty })",
        "        items.sort { $0.id < $1.id }",
        "    }",
        "",
        "    func title(at row: Int) -> String {",
        "        guard items.indices.contains(row) else { return \"\" }",
        "        switch items[row].subtitle {",
        "        case let subtitle? where !subtitle.isEmpty:",
        '            return items[row].title + " — " + subtitle',
        "        default:",
        "            return items[row].title",
        "        }",
        "    }",
        "}",
        "",
    ]
    for k in range(lines or 8):
        parts += [
            f"extension {name} {{",
            f"    /// A derived value the screen shows ({k}).",
            f"    func measure{k}(scale: Double = {k + 1}.0) -> Double {{",
            "        var result = 0.0",
            "        for (offset, value) in values.enumerated() where value.isFinite {",
            "            result += value * scale / Double(offset + 1)",
            "        }",
            '        let label = "measure \\(result) for #\\(id)"',
            "        return label.isEmpty ? 0 : result",
            "    }",
            "}",
            "",
        ]
    return "\n".join(parts) + "\n"


def imports(names, uikit=False, debug=None):
    lines = [f"import {n}" for n in names]
    if uikit:
        lines += ["#if canImport(UIKit)", "import UIKit", "#endif"]
    if debug:
        lines += ["#if DEBUG", f"import {debug}", "#endif"]
    return "\n".join(lines) + "\n\n"


# The package: what each target depends on.
deps = {
    "Core": [],
    "DesignSystem": ["Core"],
    "Networking": ["Core"],
    "BuilderKit": [],
    "VerticalInterfaces": ["Core", "BuilderKit"],
}
for v in VERTICALS:
    deps[v] = ["VerticalInterfaces", "BuilderKit", "Core", "DesignSystem", "Networking"]
deps["App"] = VERTICALS + ["VerticalInterfaces", "BuilderKit", "Core"]
targets = []
for name, uses in deps.items():
    kind = "executableTarget" if name == "App" else "target"
    listed = ", ".join(f'"{u}"' for u in uses)
    targets.append(f'        .{kind}(name: "{name}", dependencies: [{listed}]),')
for v in VERTICALS:
    targets.append(f'        .testTarget(name: "{v}Tests", dependencies: ["{v}", "Core"]),')
write(
    "Package.swift",
    "// swift-tools-version: 5.9\nimport PackageDescription\n\nlet package = Package(\n    name: \"GeneratedApp\",\n"
    "    platforms: [.iOS(.v16), .macOS(.v13)],\n    targets: [\n" + "\n".join(targets) + "\n    ]\n)\n",
)

# The fixed files: the builder protocol, the interfaces, each vertical's builder and dependencies.
write("Sources/BuilderKit/Builder.swift", "public protocol Builder<Args, Product> {\n    associatedtype Args\n    associatedtype Product\n"
      "    func build(with args: Args) -> Product\n}\n")
interface_lines = ["import BuilderKit", "import Core", "", "public struct Screen: Sendable {", "    public let title: String",
                   "    public init(title: String) { self.title = title }", "}", ""]
for v in VERTICALS:
    interface_lines += [f"/// What opens {v}, as a plain DTO.", f"public struct {v}Source: Sendable {{", "    public let origin: String",
                        "    public init(origin: String) { self.origin = origin }", "}", ""]
write("Sources/VerticalInterfaces/Sources.swift", "\n".join(interface_lines))
fixed = 2
app = ["import BuilderKit", "import Core", "import VerticalInterfaces"] + [f"import {v}" for v in VERTICALS] + [""]
for i, v in enumerate(VERTICALS):
    nxt = VERTICALS[(i + 1) % len(VERTICALS)]
    write(
        f"Sources/{v}/{v}Builder.swift",
        imports(["BuilderKit", "VerticalInterfaces"])
        + f"/// What {v} needs: the next vertical's builder, as the app wires it.\n"
        f"public protocol {v}Deps {{\n    associatedtype NextBuilder: Builder<{nxt}Source, Screen>\n"
        f"    var next: NextBuilder {{ get }}\n}}\n\n"
        f"public struct {v}Builder<Deps: {v}Deps>: Builder {{\n    let deps: Deps\n\n    public init(deps: Deps) {{ self.deps = deps }}\n\n"
        f"    public func build(with args: {v}Source) -> Screen {{\n        let next = deps.next.build(with: {nxt}Source(origin: args.origin))\n"
        f"        return Screen(title: \"{v} then \" + next.title)\n    }}\n}}\n",
    )
    fixed += 1
    app += [f"struct {v}DepsImpl: {v}Deps {{", f"    var next: {nxt}Builder<{nxt}DepsImpl> {{ {nxt}Builder(deps: {nxt}DepsImpl()) }}", "}", ""]
write("Sources/App/main.swift", "\n".join(app) + f'print({VERTICALS[0]}Builder(deps: {VERTICALS[0]}DepsImpl()).build(with: .init(origin: "main")).title)\n')
fixed += 1

# The rest: ordinary files, spread over the targets as an app's are (most in the verticals).
shares = [("Core", 0.04), ("DesignSystem", 0.03), ("Networking", 0.03), ("VerticalInterfaces", 0.02)]
remaining = max(total - fixed, 0)
counts = {name: int(remaining * share) for name, share in shares}
tests = int(remaining * 0.1)
per_vertical = (remaining - sum(counts.values()) - tests) // len(VERTICALS)
for v in VERTICALS:
    counts[v] = per_vertical
counts["App"] = remaining - sum(counts.values()) - tests
for name, count in counts.items():
    for i in range(count):
        uses = [u for u in deps[name] if u not in ("BuilderKit",)]
        head = imports(uses[: 1 + i % max(len(uses), 1)], uikit=(i % 3 == 0), debug=("Networking" if name in VERTICALS and i % 7 == 0 else None))
        write(f"Sources/{name}/Group{i // 50}/{name}File{i}.swift", head + body(name, i))
per_test = tests // len(VERTICALS)
for n, v in enumerate(VERTICALS):
    count = per_test + (tests - per_test * len(VERTICALS) if n == 0 else 0)
    for i in range(count):
        write(f"Tests/{v}Tests/{v}Test{i}.swift", f"import XCTest\n@testable import {v}\nimport Core\n\nfinal class {v}Test{i}: XCTestCase {{\n"
              f"    func testSummary() {{\n        XCTAssertEqual({v}Item{i % max(per_vertical, 1)}(id: 1, title: \"a\").summary, \"a: 0.0 over 0\")\n    }}\n}}\n")
