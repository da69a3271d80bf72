import Foundation
import Testing
import ModGraphCore
import ModGraphTestSupport
@testable import ModGraphManifest

/// The one reader must give what Foundation's decoder gives (the oracle in
/// FoundationOracle.swift), or refuse what Foundation refuses, saying what
/// is wrong and where: every document here goes through both. The oracle
/// reads only the graph's part (``Manifest/build`` is nil there), so that
/// part is compared; the build declaration has tests of its own
/// (`ManifestBuildReaderTests`).
@Suite("dump reader against Foundation")
struct ManifestReaderTests {
    /// Foundation's result, or nil when it throws.
    private func foundation(_ text: String) -> Manifest? {
        try? JSONDecoder().decode(Manifest.self, from: Data(text.utf8))
    }

    private func read(_ text: String) -> Result<Manifest, JSONReader.Refusal> {
        Array(text.utf8).withUnsafeBufferPointer { ManifestReader.manifest(from: $0, maximumDepth: ManifestDecoding.maximumDepth) }
    }

    private func fast(_ text: String) -> Manifest? {
        (try? read(text).get())?.graphPart
    }

    static let shapes = [
        // Today's toolchains, with the keys they write and some they may add.
        #"""
        {"name": "Full", "toolsVersion": {"_version": "6.1.0", "experimentalFeatures": []}, "packageKind": {"root": ["/tmp/Full"]},
         "traits": [{"name": "default", "enabledTraits": ["Fast"], "description": null}, {"name": "Fast"}, {"name": "Slow", "enabledTraits": null}],
         "dependencies": [
           {"sourceControl": [{"identity": "swift-nio", "location": {"remote": [{"urlString": "https://github.com/apple/swift-nio.git"}]},
             "nameForTargetDependencyResolutionOnly": null, "productFilter": null, "requirement": {"range": [{"lowerBound": "2.0.0", "upperBound": "3.0.0"}]},
             "traits": [{"name": "default"}, {"name": "Extra", "condition": {"traits": ["Fast"]}}, {"name": "Other", "condition": null}]}]},
           {"fileSystem": [{"identity": "core", "path": "/work/Core", "nameForTargetDependencyResolutionOnly": "CoreName", "productFilter": null}]},
           {"registry": [{"identity": "scope.name", "requirement": {"exact": ["1.0.0"]}}]},
           {"sourceControl": [{"location": {"local": ["/srv/git/Mirror"]}, "requirement": {"revision": ["abc"]}}]}
         ],
         "products": [
           {"name": "Lib", "type": {"library": ["automatic"]}, "targets": ["A", "B"], "settings": []},
           {"name": "Static", "type": {"library": ["static"]}, "targets": ["A"]},
           {"name": "Tool", "type": {"executable": null}, "targets": ["Tool"]},
           {"name": "Odd", "type": {"library": [1]}, "targets": null},
           {"name": "Plain", "type": null},
           {"name": "Empty", "type": {}}
         ],
         "targets": [
           {"name": "A", "type": "regular", "path": "Sources/Custom", "sources": ["x.swift"], "exclude": ["y"], "dependencies": [
             {"byName": ["B", null]}, {"byName": ["B"]}, {"target": ["B", {"platformNames": ["linux", "macOS"], "config": null}]},
             {"product": ["NIO", "swift-nio", null, {"platformNames": [], "traits": ["Fast"]}]},
             {"product": ["NIOCore", "swift-nio", {"NIOCore": "N"}, null]},
             {"product": ["Logging", null, {"platformNames": ["ios"]}]},
             {"product": ["Old"]}
           ], "pluginUsages": [{"plugin": ["Gen", null]}, {"plugin": ["Lint", "swiftlint"]}, {"plugin": ["Alone"]}]},
           {"name": "B", "dependencies": null, "exclude": null, "pluginUsages": null, "sources": null, "path": null, "resources": null},
           {"name": "R", "resources": [{"path": "Media", "rule": {"process": {"localization": null}}}, {"rule": {"copy": {}}, "path": "a/b.json"}, {"path": null}, {}]},
           {"name": "Tool", "type": "executable", "packageAccess": true, "resources": [], "settings": [{"tool": "swift"}]},
           {"name": "Tests", "type": "test"}, {"name": "M", "type": "macro"}, {"name": "P", "type": "plugin"},
           {"name": "Bin", "type": "binary", "url": "https://x/y.zip"}, {"name": "Sys", "type": "system"}
         ]}
        """#,
        // Plain-string locations and tools versions, 5.5's keys, an empty package kind.
        #"""
        {"name": "P", "toolsVersion": "5.10", "packageKind": {}, "targets": [], "dependencies": [
            {"scm": [{"identity": "yams", "location": "https://github.com/jpsim/Yams.git"}]},
            {"local": [{"path": "/work/Shared/"}]},
            {"sourceControl": [{"location": {"remote": ["git@github.com:apple/swift-log.git", {"urlString": "ignored"}]}}, {"extra": 1}]}
        ]}
        """#,
        // Escapes, non-ASCII names, numbers and literals in keys nobody reads.
        #"""
        {"name": "Caf\u00e9 \ud83d\ude00 \"q\" \\ \/ \b\f\n\r\t", "numbers": [0, -1, 1.5, 2e10, -0.5E-3, true, false, null],
         "packageKind": {"root": "not a list"}, "products": [],
         "targets": [{"name": "Ünïcødé", "dependencies": [{"byName": ["Zoë", {"platformNames": ["linux"], "traits": []}]}]}]}
        """#,
        #"{"name": "Minimal"}"#,
        #"  {"name": "Spaces", "targets": [ ], "packageKind": null, "toolsVersion": null}  "#,
        #"{"name": "Kind", "packageKind": {"root": ["/a", null]}}"#,
        #"{"name": "Kind", "packageKind": {"fileSystem": []}}"#,
    ]

    @Test(arguments: shapes.indices)
    func readsWhatFoundationReads(_ index: Int) throws {
        let text = Self.shapes[index]
        let expected = try #require(foundation(text))
        #expect(fast(text) == expected)
    }

    /// Older toolchains' flat dependency objects, and keys written with escapes.
    static let olderShapes = [
        #"{"name": "P", "dependencies": [{"name": "Kitura", "url": "https://github.com/IBM-Swift/Kitura.git", "requirement": {"localPackage": null}}]}"#,
        #"{"name": "P", "dependencies": [{"url": "https://github.com/a/B.git", "requirement": {"type": "localPackage"}}, {"url": "https://github.com/a/C.git", "name": null, "requirement": {"range": []}}]}"#,
        #"{"n\u0061me": "Escaped", "t\u0061rgets": [{"name": "A", "typ\u0065": "executable"}]}"#,
    ]

    @Test(arguments: olderShapes.indices)
    func readsOlderShapesAsFoundationDoes(_ index: Int) throws {
        let text = Self.olderShapes[index]
        let expected = try #require(foundation(text))
        #expect(fast(text) == expected)
    }

    /// Shapes Foundation refuses or reads by rules of its own (duplicate keys,
    /// enum objects with several keys, wrong types): the reader refuses them,
    /// with what is wrong and where.
    static let refused: [(text: String, problem: String, path: String)] = [
        (#"{"name": "P", "name": "Q"}"#, "key 'name' appears twice in one object", ""),
        (#"{"name": "P", "targets": [{"name": "A", "name": "B"}]}"#, "key 'name' appears twice in one object", "targets[0]"),
        (
            #"{"name": "P", "targets": [{"name": "A", "dependencies": [{"byName": ["B"], "target": ["C"]}]}]}"#,
            "expected an object with one key, found several", "targets[0].dependencies[0]"
        ),
        (#"{"name": "P", "packageKind": {"root": ["/a"], "fileSystem": ["/b"]}}"#, "expected an object with one key, found several", ""),
        (
            #"{"name": "P", "products": [{"name": "A", "type": {"library": ["static"], "executable": null}}]}"#,
            "expected an object with one key, found several", "products[0]"
        ),
        (#"{"name": "P", "targets": [{"name": "A", "type": "gadget"}]}"#, "unknown target type 'gadget'", "targets[0].type"),
        (#"{"name": "P", "targets": [{"name": "A", "type": "framework"}]}"#, "unknown target type 'framework'", "targets[0].type"),
        (#"{"name": "P", "targets": [{"name": 1}]}"#, "expected a string", "targets[0]"),
        (
            #"{"name": "P", "targets": [{"name": "A", "dependencies": [{"byName": ["B", "notACondition"]}]}]}"#,
            "expected a condition object or null in 'byName'", "targets[0].dependencies[0]"
        ),
        (
            #"{"name": "P", "targets": [{"name": "A", "dependencies": [{"byName": []}]}]}"#, "expected the name first in 'byName'",
            "targets[0].dependencies[0]"
        ),
        (
            #"{"name": "P", "targets": [{"name": "A", "dependencies": [{"module": ["B"]}]}]}"#, "unknown target dependency kind 'module'",
            "targets[0].dependencies[0]"
        ),
        (#"{"name": "P", "toolsVersion": {"_version": "five"}}"#, "'five' is not a tools version", "toolsVersion"),
        (#"{"name": "P", "toolsVersion": 5}"#, "expected a string", "toolsVersion"),
        (
            #"{"name": "P", "dependencies": [{"registry": [{"requirement": {}}]}]}"#, "a registry dependency needs an identity",
            "dependencies[0]"
        ),
        (#"{"name": "P", "dependencies": [{"sourceControl": [{"identity": "x"}]}]}"#, "missing key 'location'", "dependencies[0]"),
        (
            #"{"name": "P", "dependencies": [{"sourceControl": [{"location": {"remote": []}}]}]}"#, "an empty package location",
            "dependencies[0]"
        ),
        (#"{"name": "P", "dependencies": [{"fileSystem": []}]}"#, "an empty 'fileSystem' entry", "dependencies[0]"),
        (#"{"targets": []}"#, "missing key 'name'", ""),
        (#"["P"]"#, "expected an object", ""),
    ]

    @Test(arguments: refused.indices)
    func refusesWithWhatAndWhere(_ index: Int) {
        let (text, problem, path) = Self.refused[index]
        guard case .failure(let refusal) = read(text) else {
            Issue.record("read \(text)")
            return
        }
        #expect(refusal.problem == problem)
        #expect(refusal.pathText == path)
    }

    /// Text that is not JSON: the reader stops, and the decoder words the
    /// syntax error with its line and column, as Foundation's path did.
    static let notJSON = [
        #"{"name": "\ud800"}"#, #"{"name": "P",}"#, #"{"name": "P"} {}"#, #"{"name": "P", "x": 01}"#, #"{"name": "P", "x": [1,]}"#,
        #"{"name": "P", "x": tru}"#, "{\"name\": \"P\u{1}\"}",
    ]

    @Test(arguments: notJSON.indices)
    func textThatIsNotJSONIsWordedByTheSyntaxCheck(_ index: Int) throws {
        let text = Self.notJSON[index]
        // (Foundation's own parser reads some of these: trailing commas, leading zeros.)
        #expect(fast(text) == nil)
        #expect(throws: LoadError.self) { try ManifestDecoding.decode(Data(text.utf8), source: "fixture.json") }
    }

    @Test func aLogLineBeforeTheDocumentIsSkipped() throws {
        let manifest = try ManifestDecoding.decode(Data("warning: a log line\n{\"name\": \"Leaky\"}".utf8), source: "fixture.json")
        #expect(manifest.name == "Leaky")
    }

    @Test func invalidUTF8IsRefused() {
        var bytes = Array(#"{"name": "P"}"#.utf8)
        bytes[10] = 0xFF
        #expect(
            bytes.withUnsafeBufferPointer { ManifestReader.manifest(from: $0, maximumDepth: 100) }
                == .failure(.shape("the text is not UTF-8")))
        #expect(bytes.withUnsafeBufferPointer { JSONReader.isValidUTF8($0) } == false)
        #expect(Array("héllo wörld, ümlaut".utf8).withUnsafeBufferPointer { JSONReader.isValidUTF8($0) })
    }

    /// The validation gives the standard library's answer on random bytes:
    /// ASCII runs longer and shorter than eight bytes, characters of two to
    /// four bytes, and what is not UTF-8 (stray continuation bytes, truncated
    /// characters, overlong forms, surrogates, code points past U+10FFFF).
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func validationAgreesWithTheStandardLibrary(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let pieces: [[UInt8]] = [
            Array("name".utf8), Array("a longer run of plain text".utf8), Array("é".utf8), Array("模".utf8), Array("😀".utf8),
            [0x80], [0xBF], [0xC3], [0xE6, 0xA8], [0xF0, 0x9F, 0x98], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xFE],
        ]
        var invalid = 0
        for _ in 0..<2_000 {
            var bytes: [UInt8] = []
            for _ in 0..<random.next(in: 0...12) {
                // Mostly valid text, so that some inputs are valid and long.
                let piece = random.next(below: 4) == 0 ? random.next(below: pieces.count) : random.next(below: 5)
                bytes += pieces[piece]
            }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            if !expected { invalid += 1 }
            #expect(bytes.withUnsafeBufferPointer { JSONReader.isValidUTF8($0) } == expected, "\(bytes)")
        }
        #expect(invalid > 100 && invalid < 1_900)
    }

    @Test func nestingPastTheBoundIsRefused() {
        let deep = "{\"name\": \"P\", \"x\": " + String(repeating: "[", count: 120) + String(repeating: "]", count: 120) + "}"
        #expect(fast(deep) == nil)
        let shallow = "{\"name\": \"P\", \"x\": " + String(repeating: "[", count: 90) + String(repeating: "]", count: 90) + "}"
        #expect(fast(shallow) == foundation(shallow))
    }

    /// Random damage to valid dumps: whenever the reader still answers, Foundation answers the same,
    /// and whenever Foundation answers, so does the reader.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func damagedDumpsNeverDisagree(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let alphabet = Array(#"{}[]",:0-1.eE"\ nulltruefalse/u"#.utf8)
        var answered = 0
        for _ in 0..<400 {
            var bytes = Array(Self.shapes[random.next(below: Self.shapes.count)].utf8)
            for _ in 0..<random.next(in: 1...3) {
                let position = random.next(below: bytes.count)
                switch random.next(below: 3) {
                case 0: bytes[position] = alphabet[random.next(below: alphabet.count)]
                case 1: bytes.remove(at: position)
                default: bytes.insert(alphabet[random.next(below: alphabet.count)], at: position)
                }
            }
            let read = (try? bytes.withUnsafeBufferPointer { ManifestReader.manifest(from: $0, maximumDepth: 100) }.get())?.graphPart
            let oracle = try? JSONDecoder().decode(Manifest.self, from: Data(bytes))
            guard let read else {
                if let oracle, !Self.foundationReadsByItsOwnRules(bytes) {
                    Issue.record("refused what Foundation reads as \(oracle): \(String(decoding: bytes, as: UTF8.self))")
                }
                continue
            }
            answered += 1
            #expect(read == oracle, "\(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(answered > 0)
    }

    /// Damage Foundation reads by rules of its own where the reader refuses:
    /// text that is not JSON (a trailing comma, an unknown escape), a key
    /// twice in one object, an enum object with a second key.
    private static func foundationReadsByItsOwnRules(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            switch ManifestReader.manifest(from: buffer, maximumDepth: 100) {
            case .failure(let refusal):
                guard let problem = refusal.problem else { return true }
                return problem.contains("appears twice") || problem.contains("found several")
            case .success: return false
            }
        }
    }
}

extension Manifest {
    /// The manifest without what only the reader and the evaluator read, as the oracle reads it.
    var graphPart: Manifest {
        Manifest(
            name: name, toolsVersion: toolsVersion, packageDirectory: packageDirectory, targets: targets.map(\.withoutBuild),
            products: products, dependencies: dependencies.map(\.withoutRequirement), traits: traits)
    }
}
