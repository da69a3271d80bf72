/// The build settings of one target in one configuration, evaluated as Xcode
/// evaluates them, for the few settings modgraph needs (the product and
/// module names).
///
/// Levels, most specific first: the target's configuration, the project's
/// configuration of the same name, then built-in defaults (`TARGET_NAME`,
/// `PROJECT_NAME`, `CONFIGURATION`, `PRODUCT_NAME` = `$(TARGET_NAME)`,
/// `PRODUCT_MODULE_NAME` = `$(PRODUCT_NAME:c99extidentifier)`). A value may
/// refer to settings as `$(NAME)` or `${NAME}`, with operators
/// (`$(NAME:c99extidentifier:lower)`, `$(NAME:default=value)`), and to the
/// level below as `$(inherited)`. A setting set nowhere reads as empty, as in
/// Xcode, and is listed in ``unresolved``. An `.xcconfig` a configuration is based on is a level
/// of its own, below the configuration's settings (``ConfigFiles``);
/// settings with conditions (`NAME[sdk=iphoneos*]`) are not used.
///
/// Values are input, so evaluation is bounded: each (setting, level) is
/// evaluated once and remembered, a setting that refers to itself reads as
/// empty, references nest at most ``maximumDepth`` deep (a setting naming a
/// setting counts as one level, as does `$(` inside `$(`), a value longer
/// than ``maximumInputLength`` is not evaluated and a result is cut at
/// ``maximumLength`` characters; what is cut or not evaluated is listed in
/// ``unresolved`` and reads as empty.
struct BuildSettings {
    static let maximumDepth = 32
    static let maximumLength = 1_024
    /// A value longer than this (in UTF-8 bytes) is not evaluated: no name is that long.
    static let maximumInputLength = 4 * maximumLength

    private struct Key: Hashable {
        let name: String
        let level: Int
    }

    private let levels: [PropertyListDictionary]
    private let builtIns: [String: String]
    private var evaluated: [Key: String] = [:]
    private var inProgress: Set<Key> = []
    /// Settings referred to but set nowhere, refer to themselves, or nest too deep, in the order met.
    private(set) var unresolved: [String] = []

    /// - Parameters:
    ///   - levels: `buildSettings` dictionaries, most specific first.
    init(levels: [PropertyListDictionary], targetName: String, projectName: String, configuration: String) {
        self.levels = levels
        builtIns = [
            "TARGET_NAME": targetName,
            "TARGETNAME": targetName,
            "PROJECT_NAME": projectName,
            "CONFIGURATION": configuration,
            // Xcode's own default is empty (and the build then fails); the target name is what every template sets.
            "PRODUCT_NAME": "$(TARGET_NAME)",
            "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)",
        ]
    }

    /// The evaluated value of `name`; `nil` when no level sets it.
    mutating func value(of name: String) -> String? {
        value(of: name, from: 0, depth: 0)
    }

    private mutating func value(of name: String, from level: Int, depth: Int) -> String? {
        for index in level...levels.count {
            let raw: String?
            if index < levels.count {
                raw = levels[index][name].map(Self.text)
            } else {
                raw = builtIns[name]
            }
            guard let raw else { continue }
            let key = Key(name: name, level: index)
            if let known = evaluated[key] { return known }
            guard !inProgress.contains(key), depth < Self.maximumDepth else {
                note(name)
                return ""
            }
            inProgress.insert(key)
            let result = expand(raw, setting: name, level: index, depth: depth)
            inProgress.remove(key)
            evaluated[key] = result
            return result
        }
        return nil
    }

    /// A setting's value as one string: arrays (`OTHER_LDFLAGS = (a, b)`) joined with spaces.
    private static func text(_ value: PropertyList) -> String {
        switch value {
        case let .string(string): string
        case let .array(items): items.compactMap(\.string).joined(separator: " ")
        case .dictionary, .data: ""
        }
    }

    private mutating func note(_ name: String) {
        if !unresolved.contains(name) { unresolved.append(name) }
    }

    /// `raw` with every `$(…)` and `${…}` replaced.
    ///
    /// - Complexity: O(n) in the length of `raw`, plus the settings it refers to the first time they are met.
    private mutating func expand(_ raw: String, setting: String, level: Int, depth: Int) -> String {
        guard depth < Self.maximumDepth, raw.utf8.count <= Self.maximumInputLength else {
            note(setting)
            return ""
        }
        let scalars = Array(raw.unicodeScalars)
        let closers = Self.closers(scalars)
        var output = String.UnicodeScalarView()
        var length = 0
        var index = 0
        while index < scalars.count, length < Self.maximumLength {
            guard scalars[index] == "$", index + 1 < scalars.count, let close = closers[index + 1] else {
                output.append(scalars[index])
                length += 1
                index += 1
                continue
            }
            let inner = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
            for scalar in reference(inner, setting: setting, level: level, depth: depth + 1).unicodeScalars
            where length < Self.maximumLength {
                output.append(scalar)
                length += 1
            }
            index = close + 1
        }
        if index < scalars.count { note(setting) }
        return String(output)
    }

    /// The value of one reference, `NAME[:operator…]`, whose parts may themselves hold references.
    private mutating func reference(_ inner: String, setting: String, level: Int, depth: Int) -> String {
        let parts = Self.splitAtTopLevelColons(inner)
        let name = expand(parts[0], setting: setting, level: level, depth: depth)
        var result: String
        if name == "inherited" {
            result = level < levels.count ? value(of: setting, from: level + 1, depth: depth) ?? "" : ""
        } else if let found = value(of: name, from: 0, depth: depth) {
            result = found
        } else {
            if !parts.dropFirst().contains(where: { $0.hasPrefix("default=") }) { note(name) }
            result = ""
        }
        for part in parts.dropFirst() {
            if part.hasPrefix("default=") {
                if result.isEmpty {
                    result = expand(String(part.dropFirst("default=".count)), setting: setting, level: level, depth: depth)
                }
            } else {
                result = Self.apply(part, to: result)
            }
        }
        return result
    }

    /// The retrieval operators of Xcode's setting language that make sense for names; others leave the value as it is.
    private static func apply(_ operation: String, to value: String) -> String {
        switch operation {
        case "c99extidentifier": IdentifierMangling.c99Extended(value)
        case "identifier": IdentifierMangling.c(value)
        case "rfc1034identifier": IdentifierMangling.rfc1034(value)
        case "lower": value.lowercased()
        case "upper": value.uppercased()
        case "file": XcodePath.lastComponent(value)
        case "base": XcodePath.baseName(value)
        case "suffix": XcodePath.pathExtension(value).isEmpty ? "" : "." + XcodePath.pathExtension(value)
        case "dir": XcodePath.parent(value).isEmpty ? "./" : XcodePath.parent(value) + "/"
        case "standardizepath": XcodePath.normalised(value)
        default: value
        }
    }

    /// For each `(` and `{`, the index of the bracket that closes it, pairs of each kind nesting
    /// on their own stack; unclosed ones have none.
    ///
    /// - Complexity: O(n) in the number of scalars.
    private static func closers(_ scalars: [Unicode.Scalar]) -> [Int: Int] {
        var closers: [Int: Int] = [:]
        var parentheses: [Int] = []
        var braces: [Int] = []
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "(": parentheses.append(index)
            case "{": braces.append(index)
            case ")": if let open = parentheses.popLast() { closers[open] = index }
            case "}": if let open = braces.popLast() { closers[open] = index }
            default: break
            }
        }
        return closers
    }

    /// `A:b:c=$(D:e)` as `A`, `b`, `c=$(D:e)`: colons inside nested references do not split.
    private static func splitAtTopLevelColons(_ text: String) -> [String] {
        var parts: [String] = []
        var current = String.UnicodeScalarView()
        var depth = 0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "(", "{": depth += 1
            case ")", "}": depth = max(0, depth - 1)
            default: break
            }
            if scalar == ":", depth == 0 {
                parts.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        parts.append(String(current))
        return parts
    }
}
