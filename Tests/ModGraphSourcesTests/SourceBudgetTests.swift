import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphSyntax
import SwiftParser
import SwiftSyntax
import Testing
@testable import ModGraphSources

/// Files written to hostile ends: swift-syntax's lookahead doubles its work
/// with each nested `[` (26 deep took minutes) and its recursion has no bound
/// (5,000 deep crashed with SIGSEGV). Such a file is skipped and reported,
/// quickly, and the rest of the check goes on.
@Suite("source files over the budget")
struct SourceBudgetTests {
    private func nested(_ open: String, _ close: String, _ depth: Int) -> String {
        String(repeating: open, count: depth) + String(repeating: close, count: depth)
    }

    /// Writes `files` (name → text) under `/<tmp>/Sources/<target>/` and runs the source checks on them.
    private func check(
        _ targets: [String: [String: String]], yaml: String, graph: ModuleGraph,
        budget: SourceBudget = .standard
    ) throws -> (outcome: SourceChecker.Outcome, folder: String, elapsed: Duration) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-budget-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var sources: [TargetSources] = []
        for target in targets.keys.sorted() {
            let targetFolder = "\(folder)/Sources/\(target)"
            try FileManager.default.createDirectory(atPath: targetFolder, withIntermediateDirectories: true)
            for (name, text) in targets[target] ?? [:] {
                try text.write(toFile: "\(targetFolder)/\(name)", atomically: true, encoding: .utf8)
            }
            sources.append(
                TargetSources(
                    target: id(target), folder: targetFolder,
                    files: SourceFileLister.files(.folder(targetFolder, sources: nil, exclude: []), extensions: SourceFileLister.swift)))
        }
        let checker = SourceChecker(settings: try settings(yaml))
        let clock = ContinuousClock()
        var outcome: SourceChecker.Outcome?
        let elapsed = try clock.measure { outcome = try checker.check(graph, targets: sources, budget: budget) }
        return (try #require(outcome), folder, elapsed)
    }

    private let interfaces = "sources:\n  interfaces: [Interfaces]\n  unusedDependencies: error\n"

    @Test(.timeLimit(.minutes(1))) func anInterfaceFileNested26DeepIsSkippedQuickly() throws {
        let deep = "let y = \(nested("[", "]", 26))\n"
        let (outcome, folder, elapsed) = try check(
            ["Interfaces": ["Deep.swift": deep, "Model.swift": "public final class Cache {}\n"]],
            yaml: interfaces, graph: graph("", types: ["Interfaces": .regular]))
        #expect(elapsed < .seconds(5))
        #expect(outcome.skipped == [SkippedSource(path: "\(folder)/Sources/Interfaces/Deep.swift", excess: .bracketNesting(limit: 8))])
        #expect(
            outcome.skipped.first?.description.hasSuffix(
                "Deep.swift: not checked: square and angle brackets nest more than 8 deep within one pair of braces "
                    + "(a budget of the source checks, see docs/configuration.md); its imports and declarations are unknown") == true)
        // The module's other file is still audited.
        #expect(outcome.findings.map(\.rule) == [.interfaceContent])
    }

    @Test(.timeLimit(.minutes(1))) func nestingInTheImportRegionIsSkippedAndAfterItIsNotRead() throws {
        // Any other module's file is parsed only up to its last import: nesting above that is parsed, below it is not.
        let (outcome, folder, elapsed) = try check(
            [
                "App": [
                    "Above.swift": "import Core\nlet y = \(nested("[", "]", 26))\nimport Networking\n",
                    "Below.swift": "import Core\nlet y = \(nested("[", "]", 26))\n",
                ]
            ],
            yaml: "sources: {}\n", graph: graph("App -> Core, App -> Networking"))
        #expect(elapsed < .seconds(5))
        #expect(outcome.skipped == [SkippedSource(path: "\(folder)/Sources/App/Above.swift", excess: .bracketNesting(limit: 8))])
        // Networking is imported only by the skipped file: it is not reported unused, as nothing is known of that file.
        #expect(outcome.findings.isEmpty)
    }

    @Test(.timeLimit(.minutes(1)), arguments: [("[", "]"), ("(", ")"), ("{", "}"), ("[(", ")]"), ("A<", ">"), ("#if X\n", "#endif\n")])
    func fiveThousandDeepIsSkippedNotACrash(_ open: String, _ close: String) throws {
        let deep = "let y = \(nested(open, close, 5_000))\n"
        let (outcome, folder, _) = try check(
            ["Interfaces": ["Deep.swift": deep], "App": ["Deep.swift": deep + "import Core\n", "Fine.swift": "import Core\n"]],
            yaml: interfaces, graph: graph("App -> Core", types: ["Interfaces": .regular]))
        #expect(outcome.skipped.map(\.path) == ["\(folder)/Sources/App/Deep.swift", "\(folder)/Sources/Interfaces/Deep.swift"])
        #expect(outcome.skipped.allSatisfy { [.nesting(limit: 64), .bracketNesting(limit: 8)].contains($0.excess) })
        #expect(outcome.findings.isEmpty)
    }

    @Test func filesOverTheSizeBudgetsAreSkipped() throws {
        let declarations = String(repeating: "public struct S {}\n", count: 60_000)  // 1.1 MB, over the 1 MiB parsed
        var (outcome, folder, _) = try check(
            ["Interfaces": ["Big.swift": declarations]], yaml: interfaces,
            graph: graph("", types: ["Interfaces": .regular]))
        #expect(
            outcome.skipped == [
                SkippedSource(path: "\(folder)/Sources/Interfaces/Big.swift", excess: .parsedBytes(1_140_000, limit: 1 << 20))
            ])
        // The same file in another module is parsed only up to its imports, which are few.
        (outcome, _, _) = try check(
            ["App": ["Big.swift": "import Core\n" + declarations]], yaml: "sources: {}\n", graph: graph("App -> Core"))
        #expect(outcome.skipped.isEmpty)
        // A file over the read budget is not read at all.
        (outcome, folder, _) = try check(
            ["App": ["Big.swift": "import Core\n" + declarations]], yaml: "sources: {}\n",
            graph: graph("App -> Core"), budget: SourceBudget(maximumFileBytes: 1_000))
        #expect(outcome.skipped == [SkippedSource(path: "\(folder)/Sources/App/Big.swift", excess: .fileBytes(1_140_012, limit: 1_000))])
    }

    /// The scan cache keys a scan by the budget's fingerprint, which is kept with the bounds: changing any
    /// bound changes it, to what a budget made with that bound has, so a scan under other bounds is not reused.
    @Test func theFingerprintFollowsEveryBound() {
        let changes: [(WritableKeyPath<SourceBudget, Int>, SourceBudget)] = [
            (\.maximumFileBytes, SourceBudget(maximumFileBytes: 7)), (\.maximumParsedBytes, SourceBudget(maximumParsedBytes: 7)),
            (\.maximumNesting, SourceBudget(maximumNesting: 7)), (\.maximumBracketNesting, SourceBudget(maximumBracketNesting: 7)),
            (\.maximumTreeDepth, SourceBudget(maximumTreeDepth: 7)),
        ]
        var fingerprints: Set<String> = [SourceBudget.standard.fingerprint]
        for (bound, made) in changes {
            var budget = SourceBudget.standard
            budget[keyPath: bound] = 7
            #expect(budget.fingerprint == made.fingerprint && budget == made)
            fingerprints.insert(budget.fingerprint)
        }
        #expect(fingerprints.count == changes.count + 1)
        #expect(SourceBudget.standard.fingerprint == "33554432.1048576.64.8.512")
    }

    @Test func realisticNestingIsParsedOnEveryThread() throws {
        // 62 levels of braces, parentheses and brackets (more than real code), just within the budget,
        // in many files at once: the parser's recursion fits the worker threads' stacks.
        var body = "public struct Model {\n  var value: Int {\n"
        for level in 0..<28 { body += "f\(level)(x: {\n" }
        body += "[[String: [Int]]]()\n" + String(repeating: "})\n", count: 28) + "  }\n}\n"
        let files = Dictionary(uniqueKeysWithValues: (0..<16).map { ("F\($0).swift", body) })
        // What follows the nesting is read too (a parser stopped by its own limit drops the rest of the file).
        let (outcome, _, _) = try check(
            ["Interfaces": files.merging(["Last.swift": body + "public final class Late {}\n"]) { $1 }],
            yaml: interfaces, graph: graph("", types: ["Interfaces": .regular]))
        #expect(outcome.skipped.isEmpty)
        #expect(outcome.findings.map(\.subject) == ["Last.swift: class Late"])
    }
}

/// What the pre-scan counts: the parser's tokens, so brackets in strings,
/// comments and regex literals do not count and none can hide from it.
@Suite("the nesting the source budget counts")
struct SourceBudgetNestingTests {
    private func excess(_ text: String, _ budget: SourceBudget = SourceBudget(maximumNesting: 10, maximumBracketNesting: 3)) -> SourceBudget
        .Excess?
    {
        var text = text
        return text.withUTF8 { budget.excess(parsing: $0) }
    }

    @Test func bracketsAreCountedAsTheParserReadsThem() {
        #expect(excess("let a: [[[Int]]] = []\nlet b = [[1], [2], [3]]\n") == nil)
        #expect(excess("let a: [[[[Int]]]] = []\n") == .bracketNesting(limit: 3))
        #expect(excess("let a: Array<[Set<Int>]>\n") == nil)
        #expect(excess("let a: Array<[Set<[Int]>]>\n") == .bracketNesting(limit: 3))
        // A brace starts the count again; its nesting still counts towards the other budget.
        #expect(excess("let a = [[{ [[[1]]] }]]\n") == nil)
        #expect(excess("f(g(h(i(j(k(l(m(n(o(p(1)))))))))))\n") == .nesting(limit: 10))
        #expect(excess(String(repeating: "#if A\n", count: 11) + String(repeating: "#endif\n", count: 11)) == .nesting(limit: 10))
    }

    @Test func stringsCommentsAndRegexLiteralsHideNoBrackets() {
        #expect(excess(##"let s = "[[[[[[[[[[[[(((((((((((((("; let t = #"[[[["#; let r = #/[[[[/#"## + "\n") == nil)
        #expect(excess("// [[[[[[[[[[[[\n/* ((((((((((((((( */ let x = 1\n") == nil)
        #expect(excess(#"let s = "\([[[[1]]]])""# + "\n") == .bracketNesting(limit: 3))
        // A comment between brackets does not break the chain for the parser, nor for the count.
        #expect(excess("let a = [ /* ] */ [[[1]]]]\n") == .bracketNesting(limit: 3))
    }

    @Test func comparisonsAreDroppedWhereAGenericCannotContinue() {
        #expect(excess("if a < b { }\nif c < d { }\nif e < f { }\nif g < h { }\nlet x = [[[1]]]\n") == nil)
        #expect(excess("let p = a < b; let q = c < d; let r = e < f; let s = [[[1]]]\n") == nil)
        #expect(excess("let p = [a < b, c < d]\nlet s = [[[1]]]\n") == nil)
    }

    /// Chains the parser recurses on without a bracket count as nesting; the same constructs
    /// side by side, as real code writes them, do not add up.
    @Test func chainsWithoutBracketsCountAsNesting() {
        for chain in [
            "let x = " + String(repeating: "try ", count: 11) + "1\n",
            "let x = " + String(repeating: "await ", count: 11) + "f()\n",
            "let x = " + String(repeating: "try? ", count: 6) + String(repeating: "-", count: 1) + String(repeating: "await ", count: 5)
                + "f()\n",
            "let x: " + String(repeating: "() -> ", count: 11) + "()\n",
            "let x: " + String(repeating: "(Int) async throws -> ", count: 11) + "Int\n",
            "let x = " + String(repeating: "a ? ", count: 11) + "1" + String(repeating: " : 2", count: 11) + "\n",
            "if a {} " + String(repeating: "else if a {} ", count: 11) + "\n",
            "let x: " + String(repeating: "each ", count: 11) + "T\n",
            // Links inside brackets add to the brackets around them.
            "f(" + String(repeating: "try ", count: 5) + "g(" + String(repeating: "try ", count: 5) + "1))\n",
        ] {
            #expect(excess(chain) == .nesting(limit: 10), "\(chain)")
        }
        for code in [
            String(repeating: "try a()\n", count: 50),
            "protocol P {\n" + String(repeating: "  func a() -> Int\n  var b: () -> Void { get }\n", count: 50) + "}\n",
            String(repeating: "let x = a ? b : c ? d : e\n", count: 50),
            "func f() {\n" + String(repeating: "  if a { } else if b { } else { }\n", count: 50) + "}\n",
            String(repeating: "let x = try await f(try g(), await h()) + (try i())\n", count: 50),
            "let f: (Int) -> (Int) -> (Int) -> Int = { a in { b in { c in a + b + c } } }\n",
        ] {
            #expect(excess(code) == nil, "\(code.prefix(80))")
        }
    }
}

/// Issue #46: postfix chains, which the parser reads in a loop but which nest the tree one level a
/// link, count towards the tree's depth; a file of them is skipped before the walks over its tree
/// recurse into a crash (a 300 KB file of `x!` links crashed `graph --wiring`).
@Suite("the tree depth the source budget counts")
struct SourceBudgetTreeDepthTests {
    private let budget = SourceBudget(maximumNesting: 64, maximumBracketNesting: 8, maximumTreeDepth: 40)

    private func excess(_ text: String) -> SourceBudget.Excess? {
        var text = text
        return text.withUTF8 { budget.excess(parsing: $0) }
    }

    @Test(arguments: [
        "let x = y" + String(repeating: "!", count: 41) + "\n",
        "let x = y" + String(repeating: ".a", count: 41) + "\n",
        "let x = y" + String(repeating: "?.a", count: 21) + "\n",
        "let x = f" + String(repeating: "()", count: 41) + "\n",
        "let x = y" + String(repeating: "[0]", count: 41) + "\n",
        "let x: T" + String(repeating: ".Type", count: 41) + "\n",
        "let x: Int" + String(repeating: "?", count: 41) + "\n",
        "let x = y" + String(repeating: "?!", count: 21) + "\n",
        "let x = Text(\"a\")" + String(repeating: ".padding()", count: 21) + "\n",
        "let x = a\n" + String(repeating: "  .b { }\n", count: 41),
        "func f() { g(" + String(repeating: "y.a", count: 1) + String(repeating: ".a", count: 38) + ") }\n",
    ])
    func longPostfixChainsExceedTheTreeDepth(_ chain: String) {
        #expect(excess(chain) == .treeDepth(limit: 40), "\(chain.prefix(60))")
    }

    /// Chains side by side do not add up: each statement, operand or argument starts again.
    @Test func chainsSideBySideDoNotAddUp() {
        for code in [
            String(repeating: "let x = a.b.c.d!.e?.f()[0]\n", count: 50),
            "let x = " + Array(repeating: "a.b.c", count: 50).joined(separator: " + ") + "\n",
            "f(" + Array(repeating: "a.b.c.d", count: 50).joined(separator: ", ") + ")\n",
            String(repeating: "a.b.c()\nd.e.f()\n", count: 50),
            "let x = " + Array(repeating: "a as! T", count: 50).joined(separator: " ?? ") + "\n",
            "let k = \\A.b.c.d\nlet l = \\A.b.c.d\n",
        ] {
            #expect(excess(code) == nil, "\(code.prefix(60))")
        }
    }

    /// What the scan measures bounds the tree's real depth, walked here without recursion: one
    /// measured level is never more than ``nodesPerLevel`` nodes of the tree deep, which is what
    /// ``SyntaxStack/bytesPerLevel`` pays for.
    @Test func theMeasureBoundsTheTreesDepth() {
        for code in [
            "let x = y" + String(repeating: "!", count: 30) + "\n",
            "let x = f" + String(repeating: "()", count: 30) + ".a?.b![0]\n",
            "let v = Text(\"a\").font(.title).padding().frame(width: 1).background(Color.red.opacity(0.5))\n",
            "struct A { var b: Int??? { c.d.e } }\n",
        ] {
            var text = code
            let measured = text.withUTF8 { SyntaxDepth.measure($0).deepest.treeDepth }
            let real = Self.treeDepth(code)
            #expect(measured * Self.nodesPerLevel >= real, "\(code.prefix(60)): measured \(measured), \(real) nodes deep")
        }
    }

    private static let nodesPerLevel = 4

    /// The depth of `code`'s syntax tree in nodes, walked with a stack of our own.
    private static func treeDepth(_ code: String) -> Int {
        var deepest = 0
        var pending: [(node: Syntax, depth: Int)] = [(Syntax(Parser.parse(source: code)), 1)]
        while let (node, depth) = pending.popLast() {
            deepest = max(deepest, depth)
            pending += node.children(viewMode: .sourceAccurate).map { ($0, depth + 1) }
        }
        return deepest
    }
}
