import Yams

/// A value of an XcodeGen spec (`project.yml`, `project.json`) with where it is
/// written: the file (an index into the spec's files) and the 1-based line, so
/// that a finding about a dependency points at its `- target:` line, in the
/// file that says it, even when an `include:` or a template brought it.
///
/// Made from Yams' node tree within bounds: a spec is a pull request's input,
/// and YAML's aliases let a few lines stand for a tree far larger than the
/// file (a "billion laughs"), which Yams shares rather than copies; reading it
/// as a tree stops at ``maximumNodes`` nodes and ``maximumDepth`` levels.
indirect enum SpecValue: Sendable {
    case text(String, SpecOrigin)
    case list([SpecValue], SpecOrigin)
    /// Keys in the order written; a later key of the same name replaces an earlier one when merged.
    case map([(key: String, value: SpecValue)], SpecOrigin)

    /// More nodes than the largest real spec expanded (a thousand targets of twenty keys are 100,000).
    static let maximumNodes = 1_000_000
    /// Deeper than any spec nests (target → settings → configs → key is five).
    static let maximumDepth = 64

    var origin: SpecOrigin {
        switch self {
        case let .text(_, origin), let .list(_, origin), let .map(_, origin): origin
        }
    }

    /// This value said to be at `line` of its file.
    func at(line: Int) -> SpecValue {
        let origin = SpecOrigin(file: origin.file, line: line)
        switch self {
        case let .text(value, _): return .text(value, origin)
        case let .list(items, _): return .list(items, origin)
        case let .map(entries, _): return .map(entries, origin)
        }
    }

    var string: String? {
        if case let .text(value, _) = self { return value }
        return nil
    }

    /// A list, or one value read as a list of one (XcodeGen accepts `sources: Sources`).
    var items: [SpecValue] {
        switch self {
        case let .list(items, _): items
        default: [self]
        }
    }

    /// A flag as XcodeGen reads one from text (`NSString.boolValue`): true when it starts, after
    /// spaces, with `Y`, `y`, `T`, `t` or a digit 1–9; anything else, `${UNSET}` included, is false.
    var flag: Bool {
        guard let first = string?.drop(while: { $0 == " " || $0 == "\t" }).first else { return false }
        return "YyTt123456789".contains(first)
    }

    var entries: [(key: String, value: SpecValue)]? {
        if case let .map(entries, _) = self { return entries }
        return nil
    }

    /// The value of `key` in a map (the last one written); `nil` otherwise.
    subscript(key: String) -> SpecValue? {
        entries?.last { $0.key == key }?.value
    }

    /// This value with every string `transform` returns for it: `${target_name}` and `$platform` substitution.
    func mapStrings(_ transform: (String) -> String) -> SpecValue {
        switch self {
        case let .text(value, origin): .text(transform(value), origin)
        case let .list(items, origin): .list(items.map { $0.mapStrings(transform) }, origin)
        case let .map(entries, origin): .map(entries.map { (transform($0.key), $0.value.mapStrings(transform)) }, origin)
        }
    }

    /// `overlay` merged onto this value as XcodeGen merges an including file onto an included one and a
    /// target onto its templates: maps key by key (recursively), lists joined (the base's items
    /// first), anything else replaced; a key written `name:REPLACE` replaces `name` whole.
    func merged(with overlay: SpecValue) -> SpecValue {
        switch (self, overlay) {
        case let (.list(base, _), .list(top, origin)):
            return .list(base + top, origin)
        case let (.map(base, _), .map(top, origin)):
            var result = base
            var index: [String: Int] = [:]
            for (position, entry) in result.enumerated() { index[entry.key] = position }
            for entry in top {
                let replaces = entry.key.hasSuffix(":REPLACE")
                let key = replaces ? String(entry.key.dropLast(":REPLACE".count)) : entry.key
                if let position = index[key] {
                    result[position] = (key, replaces ? entry.value : result[position].value.merged(with: entry.value))
                } else {
                    index[key] = result.count
                    result.append((key, entry.value))
                }
            }
            return .map(result, origin)
        default:
            return overlay
        }
    }

    /// The most keys given twice in one map that a spec is read with (each costs a parse of the file).
    static let maximumRepeatedKeys = 64

    /// Parses `text` (YAML, or JSON, which YAML reads) into a tree.
    ///
    /// A key given twice in one block map is read as XcodeGen reads it: the last one. XcodeGen's YAML reader
    /// (Yams before 6) kept the last of a map's equal keys; Yams 6 refuses the map. So each first of two is
    /// set aside (renamed on its line, so that every line keeps its number, and left out of the tree), and the text parsed again,
    /// up to ``maximumRepeatedKeys`` times; `repeated` gets each such key and its line.
    ///
    /// - Throws: ``SpecError`` with the line Yams stopped at, or when the tree is past the bounds.
    static func parse(_ text: String, file: Int, path: String, repeated: inout [(key: String, line: Int)]) throws(SpecError)
        -> SpecValue
    {
        var text = text
        var node: Node?
        while true {
            do {
                node = try Yams.compose(yaml: text)
                break
            } catch let YamlError.duplicatedKeysInMapping(duplicates, context) {
                let line = context.mark.line
                // Yams places the error at the first of the sorted keys.
                let keys = duplicates.sorted()
                guard repeated.count < maximumRepeatedKeys,
                    let shorter = Self.settingAside(keyAt: context.mark, in: text, index: repeated.count)
                else {
                    let named = keys.map { "'\($0)'" }.joined(separator: ", ")
                    throw SpecError(file: path, line: line, problem: "a map gives the key(s) \(named) more than once")
                }
                repeated.append((keys.first ?? "", line))
                text = shorter
            } catch let error as YamlError {
                throw SpecError(file: path, line: Self.line(of: error), problem: Self.problem(of: error))
            } catch {
                throw SpecError(file: path, line: nil, problem: "\(error)")
            }
        }
        guard let node else { return .map([], SpecOrigin(file: file, line: 1)) }
        var budget = maximumNodes
        return try convert(node, file: file, path: path, depth: 0, budget: &budget)
    }

    /// Parses `text`, a key given twice read as its last (``parse(_:file:path:repeated:)``).
    static func parse(_ text: String, file: Int, path: String) throws(SpecError) -> SpecValue {
        var repeated: [(key: String, line: Int)] = []
        return try parse(text, file: file, path: path, repeated: &repeated)
    }

    /// The key beside a package's `path` from an included file (made relative to that file's folder) that keeps
    /// the path as written: a NUL no spec's key holds unless written escaped.
    static let writtenPathKey = "\u{0}modgraph-written-path"

    /// The start of the keys ``settingAside(keyAt:in:index:)`` writes: a NUL no spec's key holds unless written
    /// escaped, so that no key of a spec is taken for one.
    static let setAsidePrefix = "\u{0}modgraph-repeated-"

    /// `text` with the key of the block map entry starting at `mark` renamed to the `index`th set-aside key
    /// (``setAsidePrefix``), which ``convert(_:file:path:depth:budget:)`` leaves out. Its value is still
    /// parsed, as XcodeGen's reader parsed it: the anchors it defines stay defined for the aliases after it
    /// (swiyu's wallet writes `define: &launch_arguments`, `define: &test_plans` and `define: &targets` in one
    /// map, then uses all three; leaving out the value, as this once did, left two aliases undefined). Nil
    /// where the key is not the first thing on its line (a flow map's `{a: 1, a: 2}`, a list item's `- a: 1`)
    /// or its end is not found, which is left for the parse to refuse.
    static func settingAside(keyAt mark: Mark, in text: String, index: Int) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = mark.line - 1
        guard lines.indices.contains(first), mark.column >= 1 else { return nil }
        let indent = mark.column - 1
        let line = Array(lines[first].unicodeScalars)
        guard line.count > indent, line.prefix(indent).allSatisfy({ $0 == " " }), let colon = keyEnd(line, from: indent) else {
            return nil
        }
        var renamed = String.UnicodeScalarView(line[..<indent])
        renamed.append(contentsOf: "\"\\0\(setAsidePrefix.dropFirst())\(index)\"".unicodeScalars)
        renamed.append(contentsOf: line[colon...])
        lines[first] = Substring(String(renamed))
        return lines.joined(separator: "\n")
    }

    /// Where the key starting at `start` ends: the `:` after it (past a quoted key's closing quote), or nil.
    private static func keyEnd(_ line: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        let quote = line[start]
        if quote == "\"" || quote == "'" {
            index += 1
            while index < line.count {
                if quote == "\"", line[index] == "\\" {
                    index += 2
                } else if line[index] == quote, quote == "'", index + 1 < line.count, line[index + 1] == "'" {
                    index += 2
                } else if line[index] == quote {
                    index += 1
                    break
                } else {
                    index += 1
                }
            }
            while index < line.count, line[index] == " " { index += 1 }
            return index < line.count && line[index] == ":" ? index : nil
        }
        while index < line.count {
            let next = index + 1 < line.count ? line[index + 1] : " "
            if line[index] == ":", next == " " || next == "\t" || next == "\r" { return index }
            index += 1
        }
        return nil
    }

    private static func convert(_ node: Node, file: Int, path: String, depth: Int, budget: inout Int) throws(SpecError) -> SpecValue {
        let origin = SpecOrigin(file: file, line: node.mark?.line ?? 0)
        budget -= 1
        guard budget >= 0 else {
            throw SpecError(file: path, line: origin.line, problem: "more than \(maximumNodes) values (aliases expanded); not read")
        }
        guard depth < maximumDepth else {
            throw SpecError(file: path, line: origin.line, problem: "nested more than \(maximumDepth) levels deep; not read")
        }
        switch node {
        case let .scalar(scalar):
            return .text(scalar.string, origin)
        case let .sequence(sequence):
            var items: [SpecValue] = []
            for item in sequence { items.append(try convert(item, file: file, path: path, depth: depth + 1, budget: &budget)) }
            return .list(items, origin)
        case let .mapping(mapping):
            var entries: [(key: String, value: SpecValue)] = []
            var merged: [(key: String, value: SpecValue)] = []
            for (key, value) in mapping {
                // YAML's merge key: `<<` written plain (quoted, it is a key like any other).
                if let scalar = key.scalar, scalar.string == "<<", scalar.style == .plain {
                    merged += try mergedEntries(value, file: file, path: path, depth: depth, budget: &budget)
                    continue
                }
                guard let name = key.scalar?.string else {
                    throw SpecError(file: path, line: key.mark?.line, problem: "a key that is not text")
                }
                // A key given again later in the map (``settingAside(keyAt:in:index:)``): its value was read for its anchors.
                if name.hasPrefix(setAsidePrefix) { continue }
                // A map or list is said to be where its key is (`App:`, `dependencies:`), not on the line after.
                let converted = try convert(value, file: file, path: path, depth: depth + 1, budget: &budget)
                entries.append((name, converted.at(line: key.mark?.line ?? converted.origin.line)))
            }
            guard !merged.isEmpty else { return .map(entries, origin) }
            // As XcodeGen's reader builds the map: the merged pairs, then its own, the last of each key kept.
            var seen: Set<String> = []
            let kept = (merged + entries).reversed().filter { seen.insert($0.key).inserted }
            return .map(kept.reversed(), origin)
        case .alias:
            // Yams resolves aliases while composing; an alias left is one it could not: nothing to read.
            return .text("", origin)
        }
    }

    /// The pairs a merge key (`<<: *base`) brings into its map: those of a map, or of each map of a list, the first
    /// listed winning (YAML's merge, which XcodeGen's reader applies: swiyu's wallet merges `*targets` and
    /// `*test_plans` into its schemes). Anything else merges nothing.
    private static func mergedEntries(
        _ value: Node, file: Int, path: String, depth: Int, budget: inout Int
    ) throws(SpecError) -> [(key: String, value: SpecValue)] {
        let maps: [Node]
        switch value {
        case .mapping: maps = [value]
        case let .sequence(sequence): maps = sequence.reversed()
        default: maps = []
        }
        var entries: [(key: String, value: SpecValue)] = []
        for map in maps {
            guard case .mapping = map else { continue }
            entries += try convert(map, file: file, path: path, depth: depth + 1, budget: &budget).entries ?? []
        }
        return entries
    }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case let .scanner(_, _, mark, _), let .parser(_, _, mark, _), let .composer(_, _, mark, _): mark.line
        case let .reader(_, offset?, _, yaml): yaml.utf8.prefix(offset).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        default: nil
        }
    }

    private static func problem(of error: YamlError) -> String {
        switch error {
        case let .scanner(context, problem, _, _), let .parser(context, problem, _, _), let .composer(context, problem, _, _):
            [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
        case let .reader(problem, _, _, _):
            problem
        default:
            String("\(error)".prefix { $0 != "\n" })
        }
    }
}

/// Where a spec value is written: which of the spec's files (the spec itself is 0,
/// then its `include:`s in the order read) and the 1-based line (0 when unknown).
struct SpecOrigin: Hashable, Sendable {
    let file: Int
    let line: Int
}

/// Why an XcodeGen spec could not be parsed, before it becomes an ``XcodeError/malformedSpec(file:line:problem:)``.
struct SpecError: Error {
    let file: String
    let line: Int?
    let problem: String
}
