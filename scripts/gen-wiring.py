#!/usr/bin/env python3
"""A package of V verticals with B builders in all, in WiringApp's styles (docs/wiring.md), for timing the wiring
analysis (docs/performance.md, "Wiring at scale"):  scripts/gen-wiring.py OUT BUILDERS VERTICALS"""
import os, sys
out, builders, verticals = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
os.makedirs(out, exist_ok=True)
def w(path, text):
    p = os.path.join(out, path); os.makedirs(os.path.dirname(p), exist_ok=True); open(p, "w").write(text)
names = [f"V{v}" for v in range(verticals)]
targets = ['.target(name: "BuilderKit")', '.target(name: "AppInterfaces")']
targets += [f'.target(name: "{n}", dependencies: ["AppInterfaces", "BuilderKit"])' for n in names]
targets.append('.executableTarget(name: "App", dependencies: [' + ", ".join(f'"{n}"' for n in names) + ', "AppInterfaces", "BuilderKit"])')
w("Package.swift", '// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: "Gen", targets: [\n  ' + ",\n  ".join(targets) + "\n])\n")
w("Sources/BuilderKit/Builder.swift", "public protocol Builder<Args, Product> { associatedtype Args; associatedtype Product; func build(with args: Args) -> Product }\n")
w("Sources/AppInterfaces/Screen.swift", "public struct Screen { public init() {} }\npublic enum Builders {}\n" + "".join(f"public struct Src{i} {{ public init() {{}} }}\n" for i in range(builders)))
per = builders // verticals
app = ["import AppInterfaces", "import BuilderKit"] + [f"import {n}" for n in names]
for v, n in enumerate(names):
    lines = ["import AppInterfaces", "import BuilderKit"]
    for k in range(per):
        i = v * per + k
        j = (i + per) % builders
        lines.append(f"public protocol B{i}Deps {{\n    associatedtype Next: Builder<Src{j}, Screen>\n    var next: Next {{ get }}\n}}")
        lines.append(f"public struct B{i}Builder<Deps: B{i}Deps>: Builder {{\n    public init() {{}}\n    public func build(with args: Src{i}) -> Screen {{ Screen() }}\n}}")
        lines.append(f"extension Builders {{ public enum F{i} {{ public static func make{i}(with s: String) -> Screen {{ Screen() }} }} }}")
        app.append(f"struct B{i}DepsImpl: B{i}Deps {{\n    var next: B{j}Builder<B{j}DepsImpl> {{ B{j}Builder<B{j}DepsImpl>() }}\n    func f() -> Screen {{ Builders.F{j}.make{j}(with: \"x\") }}\n}}")
    w(f"Sources/{n}/{n}.swift", "\n".join(lines) + "\n")
w("Sources/App/main.swift", "\n".join(app) + "\n")
w(".modgraph.yml", "version: 1\nlayers:\n  - name: app\n    targets: [App]\n  - name: verticals\n    targets: [" + ", ".join(names) + "]\n    isolated: true\n  - name: interfaces\n    targets: [AppInterfaces]\n  - name: core\n    targets: [BuilderKit]\nsources:\n  interfaces: [AppInterfaces]\n  wiring:\n    unprovided: warning\n")
