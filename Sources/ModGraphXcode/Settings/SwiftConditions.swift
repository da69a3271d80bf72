/// The compilation conditions an Xcode target's build settings set for Swift
/// (`#if IS_NSE`): the names in `SWIFT_ACTIVE_COMPILATION_CONDITIONS` and the
/// `-D NAME` / `-DNAME` of `OTHER_SWIFT_FLAGS`, in each of its configurations,
/// the target's level over the project's, each over the `.xcconfig` it is based on (`$(inherited)` taking
/// the level below).
///
/// A project that sets a name for some targets and not for others builds the
/// others without it (element-x-ios compiles `#if IS_MAIN_APP` files into its
/// notification extension, which sets `IS_NSE`): the source checks judge `#if`
/// by it. Where a configuration is based on an `.xcconfig` file that could not be
/// read or a value refers to a variable other than `$(inherited)`, what is set is
/// not all there is to know (``complete`` is false), and nothing is judged unset.
public struct SwiftConditions: Hashable, Sendable {
    /// Set in every configuration.
    public let always: Set<String>
    /// Set in at least one configuration (``always`` included), or under an SDK or architecture condition.
    public let sometimes: Set<String>
    /// Whether the settings read are all that set conditions.
    public let complete: Bool

    public init(always: Set<String>, sometimes: Set<String>, complete: Bool) {
        self.always = always
        self.sometimes = sometimes.union(always)
        self.complete = complete
    }

    /// Nothing known.
    public static let unknown = SwiftConditions(always: [], sometimes: [], complete: false)

    /// One level's values (a target's or a project's configuration), as tokens: `nil` where it does not set the setting.
    struct Level {
        var conditions: [String]?
        var flags: [String]?
        /// Names set under `[sdk=…]`-style conditions: only sometimes.
        var conditional: Set<String> = []

        init(conditions: [String]? = nil, flags: [String]? = nil) {
            self.conditions = conditions
            self.flags = flags
        }

        /// The level of settings named `keys`, each setting's tokens given by `tokens` (a project file's and
        /// a spec's values are read apart; what they mean is read here).
        init(keys: some Sequence<String>, tokens: (String) -> [String]?) {
            self.init(conditions: tokens("SWIFT_ACTIVE_COMPILATION_CONDITIONS"), flags: tokens("OTHER_SWIFT_FLAGS"))
            for key in keys {
                if key.hasPrefix("SWIFT_ACTIVE_COMPILATION_CONDITIONS[") {
                    conditional.formUnion(SwiftConditions.conditionNames(tokens(key) ?? []).0)
                } else if key.hasPrefix("OTHER_SWIFT_FLAGS[") {
                    conditional.formUnion(SwiftConditions.flagNames(tokens(key) ?? []).0)
                }
            }
        }
    }

    /// The conditions of a target with `configurations`, each a chain of levels, most specific first (the
    /// target's settings, its `.xcconfig`, the project's, the project's `.xcconfig`), `$(inherited)` taking the
    /// next level's value; `basedOnFiles` when a configuration is based on an `.xcconfig` that was not read.
    static func of(_ configurations: [[Level]], basedOnFiles: Bool) -> SwiftConditions {
        guard !configurations.isEmpty else { return .unknown }
        var always: Set<String>?
        var sometimes: Set<String> = []
        var complete = !basedOnFiles
        for chain in configurations {
            var names: Set<String> = []
            for pick in [\Level.conditions, \Level.flags] {
                let tokens = Self.resolved(chain.map { $0[keyPath: pick] }, from: 0)
                let (found, resolved) = pick == \Level.conditions ? Self.conditionNames(tokens) : Self.flagNames(tokens)
                names.formUnion(found)
                if !resolved { complete = false }
            }
            sometimes.formUnion(names)
            for level in chain { sometimes.formUnion(level.conditional) }
            always = always.map { $0.intersection(names) } ?? names
        }
        return SwiftConditions(always: always ?? [], sometimes: sometimes, complete: complete)
    }

    /// A setting's tokens at level `index` of a chain: the first level from there that sets it, its
    /// `$(inherited)` replaced by the value below it.
    private static func resolved(_ values: [[String]?], from index: Int) -> [String] {
        guard index < values.count else { return [] }
        guard let tokens = values[index] else { return resolved(values, from: index + 1) }
        var result: [String] = []
        for token in tokens {
            if token == "$(inherited)" || token == "${inherited}" { result += resolved(values, from: index + 1) } else { result.append(token) }
        }
        return result
    }

    /// `SWIFT_ACTIVE_COMPILATION_CONDITIONS` words; false when one is a variable.
    static func conditionNames(_ tokens: [String]) -> (Set<String>, Bool) {
        var names: Set<String> = []
        var resolved = true
        for token in tokens where !token.isEmpty {
            if token.contains("$") { resolved = false } else { names.insert(token) }
        }
        return (names, resolved)
    }

    /// `-D NAME` and `-DNAME` of `OTHER_SWIFT_FLAGS`; false when a `-D` names a variable.
    static func flagNames(_ tokens: [String]) -> (Set<String>, Bool) {
        var names: Set<String> = []
        var resolved = true
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            var name: String?
            if token == "-D", index + 1 < tokens.count {
                name = tokens[index + 1]
                index += 1
            } else if token.hasPrefix("-D"), token.count > 2 {
                name = String(token.dropFirst(2))
            } else if token.contains("$"), token != "$(inherited)" {
                // A variable may hold a `-D`.
                resolved = false
            }
            if let name {
                if name.contains("$") { resolved = false } else { names.insert(name.split(separator: "=").first.map(String.init) ?? name) }
            }
            index += 1
        }
        return (names, resolved)
    }

    /// A setting's value as tokens: an array's strings, or a string split at white space (quotes kept together).
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == " " || character == "\t" || character == "\n" {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// Whether code under `#if NAME` is compiled for the target: true (set in every configuration),
    /// false (set in none, and it is a name the project sets for other targets, and the settings are
    /// complete), or nil. Only names in `projectNames` are judged unset: a name set nowhere in the
    /// project may come from an `.xcconfig`, a preset of a generator or the command line.
    public func flags(judging projectNames: Set<String>) -> [String: Bool] {
        var flags: [String: Bool] = [:]
        for name in always { flags[name] = true }
        if complete {
            for name in projectNames where !sometimes.contains(name) { flags[name] = false }
        }
        return flags
    }
}
