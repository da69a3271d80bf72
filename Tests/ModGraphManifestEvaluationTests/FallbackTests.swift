import Foundation
import ModGraphSystem
import Testing
import ModGraphCore
@testable import ModGraphManifest
@testable import ModGraphManifestEvaluation

/// What the evaluator must not decide: it falls back, and the manifest is dumped.
@Suite("manifests outside the subset fall back to dump-package")
struct FallbackTests {
    private static let header = "// swift-tools-version: 5.9\nimport PackageDescription\n"

    @Test func functionDeclarationsAndCalls() throws {
        try expectFallback(
            Self.header + """
                func library(_ name: String) -> Target { .target(name: name) }
                let package = Package(name: "F", targets: [library("A")])
                """, reason: "declaration of a kind not evaluated")
    }

    /// Reads compared with `==`/`!=` are evaluated (EnvironmentEvaluationTests); `getenv` and `??` are not.
    @Test func environmentReads() throws {
        try expectFallback(
            "// swift-tools-version: 5.9\nimport PackageDescription\nimport Foundation\n" + """
                let useLocal = getenv("LOCAL") != nil
                let package = Package(name: "E", targets: [.target(name: "A")])
                """, reason: "")
        try expectFallback(
            Self.header + """
                let package = Package(name: Context.environment["NAME"] ?? "E", targets: [])
                """, reason: "")
    }

    @Test func loops() throws {
        // A loop that does more than add settings.
        try expectFallback(
            Self.header + """
                let package = Package(name: "L", targets: [.target(name: "A")])
                for target in package.targets { target.dependencies.append("B") }
                """, reason: "in a loop of another form")
        try expectFallback(
            Self.header + """
                let names = ["A", "B"]
                for name in names { }
                let package = Package(name: "L", targets: [.target(name: "A")])
                """, reason: "loop of a kind not evaluated")
        // Settings on a plugin, which dump-package rejects.
        try expectFallback(
            Self.header + """
                let package = Package(name: "L", targets: [.plugin(name: "P", capability: .buildTool())])
                for target in package.targets {
                    var settings = target.swiftSettings ?? []
                    settings.append(.define("X"))
                    target.swiftSettings = settings
                }
                """, reason: "settings to a plugin target")
        try expectFallback(
            Self.header + "let package = Package(name: \"W\")\nwhile true { }\n", reason: "statement of a kind not evaluated")
    }

    @Test func unknownAPIAndArguments() throws {
        try expectFallback(
            Self.header + """
                let package = Package(name: "U", targets: [.target(name: "A", frobnicate: true)])
                """, reason: "unknown API or arguments")
        try expectFallback(
            Self.header + """
                let package = Package(name: "U", targets: [.mysteryTarget(name: "A")])
                """, reason: "unknown API")
    }

    @Test func otherImports() throws {
        try expectFallback(
            "// swift-tools-version: 5.9\nimport PackageDescription\nimport Glibc\nlet package = Package(name: \"I\")\n",
            reason: "an import other than")
    }

    @Test func codeThatWouldNotCompile() throws {
        // A `String` constant where a `Target.Dependency` is expected: Swift rejects it.
        try expectFallback(
            Self.header + """
                let base = "Base"
                let package = Package(name: "C", targets: [.target(name: "Base"), .target(name: "A", dependencies: [base])])
                """, reason: "where a Target.Dependency is expected")
        // API newer than the manifest's tools-version.
        try expectFallback(
            "// swift-tools-version: 5.7\nimport PackageDescription\n"
                + "let package = Package(name: \"N\", platforms: [.macOS(.v14)])\n", reason: "unknown API")
        // Arguments out of order.
        try expectFallback(Self.header + "let package = Package(targets: [], name: \"O\")\n", reason: "unknown API or arguments")
    }

    @Test func manifestsDumpPackageRejects() throws {
        try expectFallback(
            Self.header + "let package = Package(name: \"D\", targets: [.target(name: \"A\"), .target(name: \"A\")])\n",
            reason: "two targets named")
        try expectFallback(
            Self.header + "let package = Package(name: \"P\", products: [.library(name: \"L\", targets: [])])\n",
            reason: "names no target")
        try expectFallback(
            Self.header + """
                let package = Package(name: "R", targets: [.target(name: "A", dependencies: [.product(name: "X", package: "nowhere")])])
                """, reason: "undeclared package")
        try expectFallback(
            Self.header + "let package = Package(name: \"V\", dependencies: [.package(url: \"https://a/b\", from: \"1.0\")])\n",
            reason: "not N.N.N")
    }

    @Test func ifStatementsOfOtherForms() throws {
        try expectFallback(Self.header + "let x: String? = nil\nif let y = x { }\nlet package = Package(name: \"I\")\n", reason: "")
        try expectFallback(Self.header + "let flag = true\nif flag { let package = Package(name: \"I\") }\n", reason: "")
        try expectFallback(
            Self.header + "let name = \"A\"\nif true { let name = \"B\" }\nlet package = Package(name: name)\n",
            reason: "declared twice")
    }

    /// Inactive code is not evaluated, but it must parse, as the compiler requires.
    @Test func inactiveCodeThatDoesNotParse() throws {
        try expectFallback(
            Self.header + "#if false\nthis is not Swift\n#endif\nlet package = Package(name: \"P\")\n",
            reason: "parser rejects")
    }

    @Test func conditionsNotDecidedExactly() throws {
        for condition in [
            "canImport(Glibc)", "canImport(FoundationEssentials)", "DEBUG", "targetEnvironment(simulator)", "os(Plan9)",
            "hasFeature(Embedded)",
        ] {
            try expectFallback(Self.header + "#if \(condition)\nlet x = 1\n#endif\nlet package = Package(name: \"C\")\n", reason: "")
        }
    }

    @Test func versionedManifestsAndOtherToolsVersionLines() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("P/Package.swift", Self.header + "let package = Package(name: \"P\")\n")
        try folder.write("P/Package@swift-5.9.swift", Self.header + "let package = Package(name: \"P\")\n")
        try folder.write("P/Package@swift-5.9.0.swift", Self.header + "let package = Package(name: \"P\")\n")
        let host = try #require(host)
        guard case let .failure(fallback) = StaticManifestEvaluator(host: host).manifest(forPackageAt: folder.path + "/P") else {
            Issue.record("a versioned manifest was evaluated")
            return
        }
        #expect(fallback.reason.contains("two version-specific manifests"))
        for line in [
            "//swift-tools-version:5.9", "// swift-tools-version: 5.3", "// swift-tools-version:4.2", "// swift-tools-version: 5.0",
            "// swift-tools-version:99.0",
            "  // swift-tools-version:5.9", "// swift-tools-version:5.9;x",
        ] {
            try expectFallback(line + "\nimport PackageDescription\nlet package = Package(name: \"T\")\n", reason: "")
        }
    }

    /// `--dump-manifests` with the cache: an entry an evaluation wrote is dumped again and replaced.
    @Test func dumpOnlyLoadsDoNotTrustEvaluatedEntries() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("P/Package.swift", Self.header + "let package = Package(name: \"P\", targets: [.target(name: \"A\")])\n")
        let cache = folder.path + "/cache"
        let evaluating = CachingManifestProvider(
            base: StaticFirstDumpSource(base: dumper, toolchainVersion: { dumper.toolchainVersion() }),
            folder: cache)
        let evaluated = try evaluating.manifest(forPackageAt: folder.path + "/P")
        let entry = try #require(evaluating.entryPath(for: folder.path + "/P"))
        #expect(
            ManifestEncoding.isEvaluated(
                try #require(FileManager.default.contents(atPath: entry)).split(separator: UInt8(ascii: "\n"), maxSplits: 1).last.map {
                    Data($0)
                } ?? Data()))
        let dumping = CachingManifestProvider(base: dumper, folder: cache, acceptsEvaluatedEntries: false)
        #expect(try dumping.manifest(forPackageAt: folder.path + "/P") == evaluated)
        let replaced = try #require(FileManager.default.contents(atPath: entry)).split(separator: UInt8(ascii: "\n"), maxSplits: 1).last.map
        { Data($0) }
        #expect(!ManifestEncoding.isEvaluated(try #require(replaced)))
    }

    /// Through ``StaticFirstDumpSource``: a manifest that falls back is dumped, one that does not is not.
    @Test func fallbacksAreDumpedOneManifestAtATime() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Static/Package.swift", Self.header + "let package = Package(name: \"Static\", targets: [.target(name: \"A\")])\n")
        try folder.write(
            "Dynamic/Package.swift",
            Self.header + """
                func make() -> [Target] { [.target(name: "B")] }
                let package = Package(name: "Dynamic", targets: make())
                """)
        let source = StaticFirstDumpSource(base: dumper, toolchainVersion: { dumper.toolchainVersion() })
        let evaluated = try source.manifest(forPackageAt: folder.path + "/Static")
        let dumped = try source.manifest(forPackageAt: folder.path + "/Dynamic")
        #expect(evaluated.targets.map(\.name) == ["A"])
        #expect(dumped.targets.map(\.name) == ["B"])
        #expect(source.sourceCounts == ManifestSourceCounts(evaluated: 1, dumped: 1))
        // The dump-shaped JSON the cache stores decodes to the same manifest.
        let json = try source.dump(forPackageAt: folder.path + "/Static")
        #expect(try ManifestDecoding.decode(json, source: "cache") == evaluated)
    }
}

/// Hostile manifests must neither crash nor hang the evaluator: they fall back.
@Suite("hostile manifests")
struct HostileManifestTests {
    @Test func deepNesting() throws {
        let nested = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        try expectFallback(
            "// swift-tools-version: 5.9\nimport PackageDescription\nlet x = \(nested)\nlet package = Package(name: \"N\")\n",
            reason: "")
        let parentheses = String(repeating: "(", count: 3_000) + "\"A\"" + String(repeating: ")", count: 3_000)
        try expectFallback(
            "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \(parentheses))\n", reason: "")
    }

    @Test func hugeLiteralsAndRepeatedConcatenation() throws {
        let huge = String(repeating: "x", count: 200_000)
        try expectFallback(
            "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"\(huge)\")\n",
            reason: "size bound")
        var doubling = "// swift-tools-version: 5.9\nimport PackageDescription\nlet a0 = [\"x\", \"y\"]\n"
        for index in 1...40 { doubling += "let a\(index) = a\(index - 1) + a\(index - 1)\n" }
        try expectFallback(doubling + "let package = Package(name: \"D\")\n", reason: "")
        let tooLarge = Data(count: 2 << 20)
        let host = try #require(host)
        #expect(throws: Never.self) { _ = StaticManifestEvaluator(host: host).manifest(source: tooLarge, directory: "/tmp/x") }
    }

    @Test func malformedInput() throws {
        let host = try #require(host)
        let evaluator = StaticManifestEvaluator(host: host)
        for bytes in [
            Data([0xFF, 0xFE, 0x00]), Data(), Data("// swift-tools-version: 5.9\nlet package = Package(".utf8),
            Data("// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"\\u{D800}\")\n".utf8),
        ] {
            guard case .failure = evaluator.manifest(source: bytes, directory: "/tmp/x") else {
                Issue.record("evaluated malformed input")
                continue
            }
        }
    }
}

extension HostileManifestTests {
    @Test func longChainsWithoutBrackets() throws {
        let chain = "let x = Target" + String(repeating: ".a", count: 30_000)
        try expectFallback(
            "// swift-tools-version: 5.9\nimport PackageDescription\n\(chain)\nlet package = Package(name: \"C\")\n", reason: "")
        let negations = "#if " + String(repeating: "!", count: 30_000) + "os(Linux)\n#endif\n"
        try expectFallback(
            "// swift-tools-version: 5.9\nimport PackageDescription\n\(negations)let package = Package(name: \"C\")\n", reason: "")
        let sum = "let x = [\"a\"]" + String(repeating: " + [\"a\"]", count: 30_000)
        _ = try evaluate("// swift-tools-version: 5.9\nimport PackageDescription\n\(sum)\nlet package = Package(name: \"C\")\n")
        let nestedIf = String(repeating: "#if os(Linux)\n", count: 3_000) + String(repeating: "#endif\n", count: 3_000)
        try expectFallback(
            "// swift-tools-version: 5.9\nimport PackageDescription\n\(nestedIf)let package = Package(name: \"C\")\n", reason: "")
    }
}

extension HostileManifestTests {
    /// SwiftParser recurses once per link of these chains, with no bracket between: 2,000 `try`
    /// overflowed the stack (SIGSEGV). Each falls back before parsing, at once.
    @Test(arguments: [
        "let x = " + String(repeating: "try ", count: 2_000) + "1",
        "let x = " + String(repeating: "try! await ", count: 2_000) + "f()",
        "let x = " + String(repeating: "consume ", count: 2_000) + "y",
        "let x: " + String(repeating: "() -> ", count: 5_000) + "()",
        "let x: " + String(repeating: "() async throws -> ", count: 5_000) + "()",
        "let x: " + String(repeating: "each ", count: 2_000) + "T",
        "let x = " + String(repeating: "true ? ", count: 2_000) + "1" + String(repeating: " : 2", count: 2_000),
        "let x = 1\nfunc f() { if true {} " + String(repeating: "else if true {} ", count: 5_000) + "}",
        "let x = " + String(repeating: "if true { 1 } else ", count: 5_000) + "{ 2 }",
    ])
    func chainsTheParserRecursesOnFallBack(_ chain: String) throws {
        let start = ContinuousClock.now
        try expectFallback(
            "// swift-tools-version: 5.9\nimport PackageDescription\n\(chain)\nlet package = Package(name: \"C\")\n",
            reason: "nested past the bound")
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    /// Issue #46: postfix chains the parser reads in a loop, but which nest the tree one level a link:
    /// a 200 KB manifest of them crashed the walk over the tree (SIGSEGV). Each falls back before parsing.
    @Test(arguments: [
        "let x = y" + String(repeating: "!", count: 20_000),
        "let x = y" + String(repeating: ".a", count: 20_000),
        "let x = y" + String(repeating: "?.a", count: 20_000),
        "let x = f" + String(repeating: "()", count: 20_000),
        "let x = y" + String(repeating: "[0]", count: 20_000),
        "let x: T" + String(repeating: ".Type", count: 20_000),
        "let x: Int" + String(repeating: "?", count: 20_000) + " = nil",
        "let e = ProcessInfo.processInfo.environment\nlet x = y" + String(repeating: "!", count: 20_000),
    ])
    func postfixChainsFallBack(_ chain: String) throws {
        let start = ContinuousClock.now
        try expectFallback(
            "// swift-tools-version: 5.9\nimport PackageDescription\n\(chain)\nlet package = Package(name: \"C\")\n",
            reason: "chains of ., !, ?, calls or subscripts nested past the bound")
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    /// What real manifests write stays evaluated: chains a few links long, many of them.
    @Test func shortChainsAreEvaluated() throws {
        let manifest =
            "// swift-tools-version: 5.9\nimport PackageDescription\n"
            + (0..<200).map { "let f\($0): (Int) -> (Int) -> Int = { a in { b in a + b } }\nlet t\($0) = true ? (false ? 1 : 2) : 3\n" }.joined()
            + "let package = Package(name: \"S\", targets: [.target(name: \"A\")])\n"
        switch try evaluate(manifest) {
        case .success: break
        case let .failure(fallback): #expect(!fallback.reason.contains("nested past the bound"), "\(fallback)")
        }
    }
}

/// Seeded random damage to the bundled samples' manifests: whatever the
/// evaluator makes of them, it returns (a manifest or a fallback) without
/// crashing or hanging. The damage mirrors scripts/fuzz's Swift cases.
@Suite("damaged manifests")
struct DamagedManifestTests {
    private static let hostile = [
        "let y = " + String(repeating: "[", count: 30) + String(repeating: "]", count: 30) + "\n",
        "let z = " + String(repeating: "(", count: 3000) + String(repeating: ")", count: 3000) + "\n",
        "import ", "#if os(Linux)\n", "#endif\n", "@_exported import Foundation\n", "/*", "\"\"\"", "\u{0}", "\u{202E}",
        "extension Int { func f() {} }\n", String(repeating: "{", count: 500), "import Nope\n",
        "package.targets += package.targets\n", "var t = [Target]()\n", "for target in package.targets { }\n",
        "if true { if false { } }\n", "#elseif compiler(>=6)\n", "#else\n", "let package = Package(name: \"Again\")\n",
    ]

    /// A small seeded generator (SplitMix64), so every run damages the same way.
    private struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(max(1, bound)))
        }
    }

    /// SwiftParser's recovery from this damage took time exponential in the brackets' depth
    /// (over 10 minutes at 32 levels): such input must fall back before parsing.
    @Test func damageThatSlowsTheParserDown() throws {
        let nested = String(repeating: "[", count: 30) + String(repeating: "]", count: 30)
        let start = ContinuousClock.now
        try expectFallback(
            "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(\n    name: \"I\",\n"
                + "    depenlet y = \(nested)\ndencies: [],\n    targets: []\n)\n", reason: "nested past the bound")
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test func randomDamageNeverCrashes() throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples")
        let manifests =
            FileManager.default.enumerator(atPath: samples.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix("Package.swift") && !$0.contains(".build") }
            .compactMap { try? Data(contentsOf: samples.appendingPathComponent($0)) } ?? []
        try #require(!manifests.isEmpty)
        let evaluator = StaticManifestEvaluator(host: try #require(host))
        // MODGRAPH_DAMAGE_SEED and MODGRAPH_DAMAGE_CASES run a longer pass by hand.
        let environment = ProcessInfo.processInfo.environment
        var random = Random(state: environment["MODGRAPH_DAMAGE_SEED"].flatMap { UInt64($0) } ?? 1)
        let cases = environment["MODGRAPH_DAMAGE_CASES"].flatMap { Int($0) } ?? 600
        var outcomes = (evaluated: 0, fellBack: 0)
        let start = ContinuousClock.now
        for _ in 0..<cases {
            var bytes = [UInt8](manifests[random.next(manifests.count)])
            for _ in 0...random.next(3) {
                switch random.next(4) {
                case 0:
                    let line = Array(Self.hostile[random.next(Self.hostile.count)].utf8)
                    bytes.insert(contentsOf: line, at: random.next(bytes.count + 1))
                case 1 where !bytes.isEmpty:
                    bytes.remove(at: random.next(bytes.count))
                case 2 where !bytes.isEmpty:
                    bytes[random.next(bytes.count)] = UInt8(random.next(256))
                default:
                    let start = random.next(bytes.count + 1)
                    let end = min(bytes.count, start + random.next(40))
                    bytes.insert(contentsOf: bytes[start..<end], at: random.next(bytes.count + 1))
                }
            }
            switch evaluator.manifest(source: Data(bytes), directory: "/tmp/damaged/Package") {
            case .success: outcomes.evaluated += 1
            case .failure: outcomes.fellBack += 1
            }
        }
        #expect(outcomes.evaluated + outcomes.fellBack == cases)
        // A few milliseconds each: the bounds keep damaged input from costing more than a real manifest.
        #expect(ContinuousClock.now - start < .seconds(60) * max(1, cases / 600))
        #expect(outcomes.fellBack > 0)
    }
}

extension HostileManifestTests {
    /// Within the bound but too deep for the stack of the thread that asks (256 KiB here): the
    /// evaluator falls back, saying why, rather than parse into a crash; on a unit's stack it evaluates.
    @Test func aManifestTooDeepForTheThreadFallsBack() throws {
        let host = try #require(host)
        let nested = String(repeating: "#if swift(>=5.0)\n", count: 45) + "let x = 1\n" + String(repeating: "#endif\n", count: 45)
        let source = Data("// swift-tools-version: 5.9\nimport PackageDescription\n\(nested)\nlet package = Package(name: \"C\")\n".utf8)
        func evaluate(stack: Int) -> Result<Manifest, EvaluationFallback> {
            let result = Locked<Result<Manifest, EvaluationFallback>?>(nil)
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                result.withLock { $0 = StaticManifestEvaluator(host: host).manifest(source: source, directory: "/tmp/c") }
                done.signal()
            }
            thread.stackSize = stack
            thread.start()
            done.wait()
            return result.withLock { $0! }
        }
        guard case let .failure(fallback) = evaluate(stack: 256 << 10) else {
            Issue.record("evaluated on a 256 KiB stack")
            return
        }
        #expect(fallback.reason.contains("more than this thread's stack has room to parse"), "\(fallback)")
        #expect((try? evaluate(stack: 8 << 20).get())?.name == "C")
    }
}
