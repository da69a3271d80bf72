import ModGraphCore
import ModGraphTestSupport
import Testing
@testable import ModGraphRules

@Suite("target patterns")
struct TargetPatternTests {
    private func id(_ package: String, _ name: String) -> TargetID {
        TargetID(package: PackageIdentity(package), name: name)
    }

    @Test(arguments: [
        ("Profile", "Profile", true), ("Profile", "ProfileUI", false),
        ("*UI", "ProfileUI", true), ("*UI", "UI", true), ("*UI", "ProfileUIKit", false),
        ("Feature?", "FeatureA", true), ("Feature?", "Feature", false), ("Feature?", "FeatureAB", false),
        ("*", "Anything at all", true), ("a*b*c", "aXbYc", true), ("a*b*c", "aXcYb", false),
        (#"Odd\*Name"#, "Odd*Name", true), (#"Odd\*Name"#, "OddXName", false),
    ])
    func globs(_ pattern: String, _ name: String, _ matches: Bool) throws {
        #expect((try TargetPattern(pattern).match(id("p", name)) != nil) == matches)
    }

    @Test func capturesBindAndMustAgree() throws {
        let pattern = try TargetPattern("{feature}UI")
        #expect(pattern.match(id("p", "MapsUI")) == ["feature": "Maps"])
        #expect(pattern.match(id("p", "UI")) == nil, "a capture takes at least one character")
        let twice = try TargetPattern("{x}And{x}")
        #expect(twice.match(id("p", "FooAndFoo")) == ["x": "Foo"])
        #expect(twice.match(id("p", "FooAndBar")) == nil)
        // A binding made elsewhere (by a rule's `from`) constrains the match.
        #expect(try TargetPattern("{feature}Core").match(id("p", "MapsCore"), bindings: ["feature": "Maps"]) != nil)
        #expect(try TargetPattern("{feature}Core").match(id("p", "CartCore"), bindings: ["feature": "Maps"]) == nil)
    }

    @Test func packageQualifiedPatternsMatchIdentityOrName() throws {
        let pattern = try TargetPattern("core/*")
        #expect(pattern.match(id("core", "Prelude")) != nil)
        #expect(pattern.match(id("other", "Prelude")) == nil)
        let byName = try TargetPattern("CoreKit/Prelude")
        #expect(byName.match(id("core-kit", "Prelude"), packageName: "CoreKit") != nil)
        #expect(byName.match(id("core-kit", "Prelude")) == nil)
    }

    @Test func substitutionFillsCaptures() throws {
        let pattern = try TargetPattern("{feature}Core")
        #expect(pattern.substituting(["feature": "Maps"]).text == "MapsCore")
        #expect(pattern.substituting([:]).text == "{feature}Core")
        #expect(try TargetPattern("{x}").substituting(["x": "a*b"]).match(id("p", "a*b")) != nil)
    }

    @Test(arguments: [
        ("", "pattern '' is empty"),
        ("a/b/c", "pattern 'a/b/c' has more than one '/'"),
        ("{feature", "pattern '{feature' has a '{' without its '}'"),
        ("feature}", "pattern 'feature}' has a '}' without its '{'"),
        ("{}", "pattern '{}' has a capture '{}' whose name is not a word"),
        ("[ab]", "pattern '[ab]' uses '[', which is not supported (use *, ? or {name})"),
        ("/Target", "pattern '/Target' has an empty package or target part"),
        (#"end\"#, #"pattern 'end\' ends with a lone '\'"#),
    ])
    func malformedPatternsAreExplained(_ text: String, _ message: String) {
        #expect(throws: PatternError.self) { try TargetPattern(text) }
        do {
            _ = try TargetPattern(text)
        } catch {
            #expect(error.description == message)
        }
    }
}

/// Inputs that made the old backtracking matcher take seconds to hours (it tried
/// every split of the name among the `*`s and captures): each must finish at once.
@Suite("target patterns on hostile input")
struct TargetPatternAdversarialTests {
    private func id(_ name: String, package: String = "p") -> TargetID {
        TargetID(package: PackageIdentity(package), name: name)
    }

    /// The match and how long it took.
    private func timed(_ pattern: String, _ name: String, bindings: [String: String] = [:]) throws -> ([String: String]?, Duration) {
        let compiled = try TargetPattern(pattern)
        let clock = ContinuousClock()
        var result: [String: String]?
        let elapsed = clock.measure { result = compiled.match(id(name), bindings: bindings) }
        return (result, elapsed)
    }

    // Each took 3 s to hours before (debug build); now at most 0.2 s. The bound leaves room for a loaded machine.
    private let quick = Duration.seconds(2)

    @Test(
        .timeLimit(.minutes(1)),
        arguments: [
            ("*a*a*a*a*a*a*b", String(repeating: "a", count: 40)),
            ("*a*a*a*a*a*a*b", String(repeating: "a", count: 48)),
            (String(repeating: "*a", count: 60) + "*b", String(repeating: "a", count: 300)),
            (String(repeating: "*?", count: 40) + "b", String(repeating: "a", count: 200)),
            ("{feature}UI", "Feature" + String(repeating: "x", count: 20_000)),
            ("{a}*{b}*{c}*UI", "Feature" + String(repeating: "x", count: 20_000)),
            ("*{x}*{x}*{x}*{x}*{x}*b", String(repeating: "a", count: 60)),
        ])
    func manyWaysToFailFailQuickly(_ pattern: String, _ name: String) throws {
        let (result, elapsed) = try timed(pattern, name)
        #expect(result == nil)
        #expect(elapsed < quick, "\(pattern) took \(elapsed)")
    }

    @Test(.timeLimit(.minutes(1))) func longCapturesAreFoundQuickly() throws {
        let long = "Feature" + String(repeating: "x", count: 20_000)
        var (result, elapsed) = try timed("{feature}UI", long + "UI")
        #expect(result == ["feature": long])
        #expect(elapsed < quick)
        // Shortest first: `a` takes one character, `b` the shortest run that lets the rest match.
        (result, elapsed) = try timed("{a}{b}x*UI", long + "UI")
        #expect(result == ["a": "F", "b": "eature"])
        #expect(elapsed < quick)
        // The same name twice: the halves of a 20,000-character name.
        let half = String(repeating: "ab", count: 5_000)
        (result, elapsed) = try timed("{x}{x}", half + half)
        #expect(result == ["x": half])
        #expect(elapsed < quick)
        (result, elapsed) = try timed("{x}And{x}", half + "And" + half)
        #expect(result == ["x": half])
        #expect(elapsed < quick)
        // A capture bound by a rule's `from` is found in a long name.
        (result, elapsed) = try timed("*{feature}*", String(repeating: "x", count: 20_000) + "Maps", bindings: ["feature": "xMaps"])
        #expect(result == ["feature": "xMaps"])
        #expect(elapsed < quick)
    }
}

/// The new matcher against the old one: a plain backtracking search, kept here
/// as the definition of which match wins. Small random patterns and names, so
/// every split is tried.
@Suite("target patterns against a reference matcher")
struct TargetPatternReferenceTests {
    /// Exhaustive left-to-right search: `*` and captures try their shortest run first.
    private static func reference(_ tokens: [TargetPattern.Token], _ name: [Character], _ t: Int, _ n: Int, _ bindings: [String: String])
        -> [String: String]?
    {
        if t == tokens.count { return n == name.count ? bindings : nil }
        switch tokens[t] {
        case let .literal(character):
            guard n < name.count, name[n] == character else { return nil }
            return reference(tokens, name, t + 1, n + 1, bindings)
        case .one:
            guard n < name.count else { return nil }
            return reference(tokens, name, t + 1, n + 1, bindings)
        case .any:
            for end in n...name.count {
                if let result = reference(tokens, name, t + 1, end, bindings) { return result }
            }
            return nil
        case let .capture(key):
            if let bound = bindings[key] {
                let characters = Array(bound)
                guard n + characters.count <= name.count, Array(name[n..<(n + characters.count)]) == characters else { return nil }
                return reference(tokens, name, t + 1, n + characters.count, bindings)
            }
            guard n < name.count else { return nil }
            for end in (n + 1)...name.count {
                var extended = bindings
                extended[key] = String(name[n..<end])
                if let result = reference(tokens, name, t + 1, end, extended) { return result }
            }
            return nil
        }
    }

    private static func reference(_ pattern: TargetPattern, _ id: TargetID, packageName: String?, bindings: [String: String]) -> [String:
        String]?
    {
        guard let package = pattern.package else { return reference(pattern.target, Array(id.name), 0, 0, bindings) }
        for name in [id.package.rawValue] + (packageName.map { [$0] } ?? []) {
            if let afterPackage = reference(package, Array(name), 0, 0, bindings),
                let result = reference(pattern.target, Array(id.name), 0, 0, afterPackage)
            {
                return result
            }
        }
        return nil
    }

    private static let pieces = ["a", "b", "a", "b", "*", "*", "?", "{x}", "{x}", "{y}", "{z}", #"\*"#, "e\u{301}"]

    private static func randomPattern(_ random: inout SplitMix64) -> String {
        (0..<random.next(in: 1...6)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
    }

    private static func randomName(_ random: inout SplitMix64) -> String {
        let letters = ["a", "b", "a", "b", "*", "\u{E9}"]
        return (0..<random.next(in: 0...9)).map { _ in letters[random.next(below: letters.count)] }.joined()
    }

    @Test(arguments: 1...100)
    func agreesWithTheReference(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<300 {
            let text =
                random.next(below: 4) == 0 ? "\(Self.randomPattern(&random))/\(Self.randomPattern(&random))" : Self.randomPattern(&random)
            let pattern = try TargetPattern(text)
            let id = TargetID(package: PackageIdentity(Self.randomName(&random)), name: Self.randomName(&random))
            let packageName = random.next(below: 2) == 0 ? Self.randomName(&random) : nil
            var bindings: [String: String] = [:]
            if random.next(below: 3) == 0 { bindings["x"] = ["a", "ab", "", "ba", "\u{E9}"][random.next(below: 5)] }
            if random.next(below: 4) == 0 { bindings["other"] = "kept" }
            let expected = Self.reference(pattern, id, packageName: packageName, bindings: bindings)
            #expect(
                pattern.match(id, packageName: packageName, bindings: bindings) == expected,
                "\(text) against \(id.package.rawValue)/\(id.name) (name \(packageName ?? "-")) with \(bindings)")
        }
    }

    /// The shortcuts for plain ASCII names (a literal start or end that
    /// differs, a literal, `Prefix*`, `*Suffix`, `{capture}Suffix`) give what
    /// the search gives, on random patterns and names, the Kelvin sign (which
    /// Swift takes for `K`) and a combining accent included.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func shortcutsAgreeWithTheSearch(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let pieces = ["K", "e", "y", "UI", "Data", "a", "b", "*", "?", "{f}", "{g}", "\\*", ":", " "]
        let letters = ["K", "e", "y", "U", "I", "D", "a", "t", "b", "*", ":", " ", "\u{212A}", "e\u{301}", "é"]
        var judged = 0
        for _ in 0..<3_000 {
            let text = (0..<random.next(in: 1...4)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
            guard let pattern = try? TargetPattern(text) else { continue }
            let name = (0..<random.next(in: 0...6)).map { _ in letters[random.next(below: letters.count)] }.joined()
            let bindings: [String: String] = random.next(below: 4) == 0 ? ["f": letters[random.next(below: letters.count)]] : [:]
            let target = TargetID(package: PackageIdentity("p"), name: name)
            #expect(
                pattern.match(target, bindings: bindings) == pattern.searched(target, packageName: nil, bindings: bindings),
                "\(text) against \(name) with \(bindings)")
            judged += 1
        }
        #expect(judged > 1_000)
    }

    /// A list read through its candidates claims what the whole list claims:
    /// the same entry, captures and exclusions, on random lists of entries
    /// and exclusions, package-qualified ones, names that start with the
    /// Kelvin sign (Swift's `K`), an accent, a space or nothing.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func candidatesClaimWhatTheWholeListClaims(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let pieces = ["K", "Ke", "y", "UI", "Data", "a", "b", "*", "?", "{f}", "\\*", " ", "\u{212A}", "p/"]
        let letters = ["K", "e", "y", "U", "I", "D", "a", "t", "b", "*", " ", "\u{212A}", "e\u{301}", "\u{E9}"]
        var claimed = 0
        for _ in 0..<400 {
            var list: [LocatedPattern] = []
            for line in 0..<random.next(in: 1...8) {
                let text = (0..<random.next(in: 1...3)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
                guard let pattern = try? TargetPattern(text) else { continue }
                list.append(
                    LocatedPattern(
                        pattern: pattern, location: ConfigLocation(file: ".modgraph.yml", line: line + 1),
                        isExclusion: random.next(below: 4) == 0))
            }
            let candidates = PatternCandidates(list)
            for _ in 0..<20 {
                let name = (0..<random.next(in: 0...5)).map { _ in letters[random.next(below: letters.count)] }.joined()
                let target = TargetID(package: PackageIdentity(random.next(below: 2) == 0 ? "p" : "q"), name: name)
                let whole = PatternClaim(list, target, packageName: nil)
                let narrowed = PatternClaim(candidates, target, packageName: nil)
                #expect(
                    whole.entry == narrowed.entry && whole.bindings == narrowed.bindings && whole.exclusions == narrowed.exclusions,
                    "\(list.map(\.pattern.text)) against \(target)")
                if whole.entry != nil { claimed += 1 }
            }
        }
        #expect(claimed > 100)
    }
}
