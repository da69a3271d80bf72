import Foundation
import Testing
import ModGraphCore
import ModGraphTestSupport
@testable import ModGraphManifest

/// The fast reader must give what Foundation's decoder gives, or give up:
/// every document here goes through both. Foundation's path reads only the
/// graph's part (``Manifest/build`` is nil there), so that part is compared;
/// the build declaration has tests of its own (`ManifestBuildReaderTests`).
@Suite("dump reader against Foundation")
struct ManifestReaderTests {
    /// Foundation's result, or nil when it throws.
    private func foundation(_ text: String) -> Manifest? {
        try? JSONDecoder().decode(Manifest.self, from: Data(text.utf8))
    }

    /// What Foundation's path reads of what the reader read.
    private func graphPart(_ manifest: Manifest?) -> Manifest? {
        manifest.map(\.graphPart)
    }

    private func fast(_ text: String) -> Manifest? {
        Array(text.utf8).withUnsafeBufferPointer { ManifestReader.manifest(from: $0, maximumDepth: ManifestDecoding.maximumDepth) }
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
        #expect(graphPart(fast(text)) == expected)
    }

    /// Shapes the reader leaves to Foundation: older toolchains' flat objects,
    /// duplicate keys, enum objects with several keys, wrong types, bad text.
    static let givenUp = [
        #"{"name": "P", "dependencies": [{"name": "Kitura", "url": "https://github.com/IBM-Swift/Kitura.git", "requirement": {"localPackage": null}}]}"#,
        #"{"name": "P", "name": "Q"}"#,
        #"{"name": "P", "targets": [{"name": "A", "name": "B"}]}"#,
        #"{"name": "P", "targets": [{"name": "A", "dependencies": [{"byName": ["B"], "target": ["C"]}]}]}"#,
        #"{"name": "P", "packageKind": {"root": ["/a"], "fileSystem": ["/b"]}}"#,
        #"{"name": "P", "products": [{"name": "A", "type": {"library": ["static"], "executable": null}}]}"#,
        #"{"name": "P", "targets": [{"name": "A", "type": "gadget"}]}"#,
        #"{"name": "P", "targets": [{"name": "A", "type": "framework"}]}"#,
        #"{"name": "P", "targets": [{"name": 1}]}"#,
        #"{"name": "P", "targets": [{"name": "A", "dependencies": [{"byName": ["B", "notACondition"]}]}]}"#,
        #"{"name": "P", "targets": [{"name": "A", "dependencies": [{"byName": []}]}]}"#,
        #"{"name": "P", "targets": [{"name": "A", "dependencies": [{"module": ["B"]}]}]}"#,
        #"{"name": "P", "toolsVersion": {"_version": "five"}}"#,
        #"{"name": "P", "toolsVersion": 5}"#,
        #"{"name": "P", "dependencies": [{"registry": [{"requirement": {}}]}]}"#,
        #"{"name": "P", "dependencies": [{"sourceControl": [{"identity": "x"}]}]}"#,
        #"{"name": "P", "dependencies": [{"sourceControl": [{"location": {"remote": []}}]}]}"#,
        #"{"name": "P", "dependencies": [{"fileSystem": []}]}"#,
        #"{"name": "\ud800"}"#,
        #"{"name": "P",}"#,
        #"{"name": "P"} {}"#,
        #"{"name": "P", "x": 01}"#,
        #"{"name": "P", "x": [1,]}"#,
        #"{"name": "P", "x": tru}"#,
        #"["P"]"#,
        "{\"name\": \"P\u{1}\"}",
        "warning: a log line\n{\"name\": \"Leaky\"}",
    ]

    @Test(arguments: givenUp.indices)
    func leavesTheRestToFoundation(_ index: Int) throws {
        let text = Self.givenUp[index]
        #expect(fast(text) == nil)
        // The decoder as a whole still answers as Foundation's path did.
        let whole = try? ManifestDecoding.decode(Data(text.utf8), source: "fixture.json")
        if let direct = foundation(text) { #expect(whole == direct) }
    }

    @Test func invalidUTF8IsLeftToFoundation() {
        var bytes = Array(#"{"name": "P"}"#.utf8)
        bytes[10] = 0xFF
        #expect(bytes.withUnsafeBufferPointer { ManifestReader.manifest(from: $0, maximumDepth: 100) } == nil)
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

    @Test func nestingPastTheBoundIsLeftToFoundation() {
        let deep = "{\"name\": \"P\", \"x\": " + String(repeating: "[", count: 120) + String(repeating: "]", count: 120) + "}"
        #expect(fast(deep) == nil)
        let shallow = "{\"name\": \"P\", \"x\": " + String(repeating: "[", count: 90) + String(repeating: "]", count: 90) + "}"
        #expect(graphPart(fast(shallow)) == foundation(shallow))
    }

    /// Random damage to valid dumps: whenever the reader still answers, Foundation answers the same.
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
            let read = bytes.withUnsafeBufferPointer { ManifestReader.manifest(from: $0, maximumDepth: 100) }
            guard let read else { continue }
            answered += 1
            #expect(
                read.graphPart == (try? JSONDecoder().decode(Manifest.self, from: Data(bytes))), "\(String(decoding: bytes, as: UTF8.self))"
            )
        }
        #expect(answered > 0)
    }
}

extension Manifest {
    /// The manifest without what only the fast reader and the evaluator read.
    var graphPart: Manifest {
        Manifest(
            name: name, toolsVersion: toolsVersion, packageDirectory: packageDirectory, targets: targets.map(\.withoutBuild),
            products: products, dependencies: dependencies.map(\.withoutRequirement), traits: traits)
    }
}
