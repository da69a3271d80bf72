import ModGraphXcode

/// Edits a target's `dependencies:` in an XcodeGen spec (`project.yml`, or a file it includes) line
/// by line, keeping the author's layout: an item is removed with its continuation lines, and one is
/// added after the list's last item at the column of its items (`- target: Core`, or `- package:
/// Analytics` with `product: AnalyticsEvents` below it). Where the lines are comes from the load
/// (the target's key, each dependency's line), so nothing is searched for by name in the text.
///
/// Only block style is edited: a list written in flow style (`dependencies: [ … ]`), tabs in
/// indentation, an item in flow style or with several `products:`, and a dependency a template gives
/// (outside the target's own block: other targets share it) are refused with the reason. The result
/// must still parse as YAML.
public struct SpecEditor {
    /// The largest spec file edited: far more than any real one.
    public static let maximumBytes = 4 << 20

    private let lines: [Substring]

    public init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// `text` without the item at `line` (1-based), which must declare `written` (a target, or a package's
    /// product) and lie inside the block of the target whose key is at `targetLine`.
    public func removing(itemAt line: Int, written: String, targetLine: Int) throws(ManifestRefusal) -> String {
        let block = try self.block(ofKeyAt: targetLine)
        let index = line - 1
        guard block.contains(index) else {
            throw ManifestRefusal(reason: "the dependency on \"\(written)\" comes from a template other targets share: edit it by hand")
        }
        guard let item = Self.item(lines[index]) else {
            throw ManifestRefusal(reason: "line \(line) is not a `- target:` or `- package:` item written in block style")
        }
        var end = index + 1
        var fields = [item.key: item.value]
        while end < lines.count, end < block.upperBound, !Self.isBlank(lines[end]), Self.indent(lines[end]) > item.column {
            if let field = Self.field(lines[end]) { fields[field.key] = field.value }
            end += 1
        }
        guard fields["products"] == nil else {
            throw ManifestRefusal(reason: "the dependency lists several `products:`: edit it by hand")
        }
        let declared: String? =
            switch item.key {
            case "target": item.value.split(separator: "/").last.map(String.init)
            case "package": fields["product"] ?? item.value
            default: nil
            }
        guard declared == written else {
            throw ManifestRefusal(reason: "line \(line) does not declare \"\(written)\"")
        }
        var kept = lines
        kept.removeSubrange(index..<end)
        // The list's last item gone: `dependencies: []`, as an emptied array is written in a manifest (a key with
        // nothing under it would be null, which XcodeGen need not take for a list).
        if let key = (block.lowerBound..<index).last(where: { !Self.isBlank(lines[$0]) }), Self.field(lines[key])?.key == "dependencies",
            Self.field(lines[key])?.value.isEmpty == true, Self.indent(lines[key]) <= item.column
        {
            let next = kept[index...].first { !Self.isBlank($0) }
            let continues = next.map { Self.indent($0) > item.column || (Self.indent($0) == item.column && $0.dropFirst(item.column).hasPrefix("- ")) }
            if continues != true { kept[key] = kept[key] + " []" }
        }
        return try Self.parsed(kept)
    }

    /// `text` with an item of `fields` (`[("target", "Core")]`, `[("package", "Analytics"), ("product", "AnalyticsEvents")]`)
    /// at the end of the `dependencies:` of the target whose key is at `targetLine` (a list made when it has none).
    public func adding(_ fields: [(key: String, value: String)], toTargetAt targetLine: Int) throws(ManifestRefusal) -> String {
        guard let first = fields.first, fields.allSatisfy({ Self.isPlain($0.value) }) else {
            throw ManifestRefusal(reason: "a name that would need quoting in YAML: add it by hand")
        }
        let block = try self.block(ofKeyAt: targetLine)
        guard let childIndent = block.first(where: { !Self.isBlank(lines[$0]) }).map({ Self.indent(lines[$0]) }) else {
            throw ManifestRefusal(reason: "the target at line \(targetLine) has no keys written below it")
        }
        var insertion: [String]
        var at: Int
        if let list = block.first(where: { Self.indent(lines[$0]) == childIndent && Self.field(lines[$0])?.key == "dependencies" }) {
            guard Self.field(lines[list])?.value.isEmpty == true else {
                throw ManifestRefusal(reason: "the target's dependencies: are written in flow style: add it by hand")
            }
            // The items: `-` at one column (at or right of the key's), each with its deeper continuation lines.
            var column: Int?
            at = list + 1
            var index = list + 1
            while index < block.upperBound {
                let text = lines[index]
                if Self.isBlank(text) {
                    index += 1
                    continue
                }
                let indent = Self.indent(text)
                if let known = column {
                    guard indent > known || (indent == known && text.dropFirst(indent).hasPrefix("- ")) else { break }
                } else {
                    guard indent >= childIndent, text.dropFirst(indent).hasPrefix("- ") else { break }
                    column = indent
                }
                index += 1
                at = index
            }
            let dash = column ?? childIndent + 2
            insertion = [String(repeating: " ", count: dash) + "- \(first.key): \(first.value)"]
            insertion += fields.dropFirst().map { String(repeating: " ", count: dash + 2) + "\($0.key): \($0.value)" }
        } else {
            // No list yet: one at the end of the target's block.
            at = (block.last(where: { !Self.isBlank(lines[$0]) }) ?? targetLine - 1) + 1
            let pad = String(repeating: " ", count: childIndent)
            insertion = [pad + "dependencies:", pad + "  - \(first.key): \(first.value)"]
            insertion += fields.dropFirst().map { pad + "    \($0.key): \($0.value)" }
        }
        var edited = lines
        edited.insert(contentsOf: insertion.map { Substring($0) }, at: at)
        return try Self.parsed(edited)
    }

    /// The lines (0-based) below the key at `line` (1-based) that belong to it: up to the next line, not blank and not
    /// a comment, indented no deeper than the key.
    private func block(ofKeyAt line: Int) throws(ManifestRefusal) -> Range<Int> {
        let index = line - 1
        guard lines.indices.contains(index), Self.field(lines[index])?.value.isEmpty == true else {
            throw ManifestRefusal(reason: "line \(line) is not a target's key written in block style")
        }
        let keyIndent = Self.indent(lines[index])
        var end = index + 1
        while end < lines.count {
            let text = lines[end]
            if text.contains("\t") { throw ManifestRefusal(reason: "the spec indents with tabs: edit it by hand") }
            if !Self.isBlank(text), Self.indent(text) <= keyIndent { break }
            end += 1
        }
        // Blank lines after the block's last line belong to what follows.
        while end > index + 1, Self.isBlank(lines[end - 1]) { end -= 1 }
        return index + 1..<end
    }

    // MARK: Lines

    private static func indent(_ line: Substring) -> Int {
        line.prefix { $0 == " " }.count
    }

    /// Empty, spaces only, or a comment.
    private static func isBlank(_ line: Substring) -> Bool {
        let text = line.drop { $0 == " " }
        return text.isEmpty || text.hasPrefix("#")
    }

    /// `key: value` (value empty for `key:`), a comment after it dropped; nil for anything else.
    private static func field(_ line: Substring) -> (key: String, value: String)? {
        let text = line.drop { $0 == " " }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let key = text[..<colon]
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }) else { return nil }
        var value = text[text.index(after: colon)...].drop { $0 == " " }
        if value.hasPrefix("#") { value = "" }
        if let comment = value.range(of: " #") { value = value[..<comment.lowerBound] }
        return (String(key), String(value.reversed().drop { $0 == " " }.reversed()))
    }

    /// `- target: X` or `- package: P`: its key, value and the column of its `-`.
    private static func item(_ line: Substring) -> (key: String, value: String, column: Int)? {
        let column = indent(line)
        let text = line.dropFirst(column)
        guard text.hasPrefix("- "), let field = field(text.dropFirst(2)), ["target", "package"].contains(field.key), isPlain(field.value)
        else { return nil }
        return (field.key, field.value, column)
    }

    /// A scalar written bare in YAML: letters, digits, `_`, `-`, `.`, `/`, not starting with `-` or `.`.
    static func isPlain(_ value: String) -> Bool {
        guard let first = value.first, first != "-", first != "." else { return false }
        return value.utf8.count <= 256 && value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-./".contains($0)) }
    }

    /// The edited lines as text, once YAML reads them.
    private static func parsed(_ lines: [Substring]) throws(ManifestRefusal) -> String {
        let text = lines.joined(separator: "\n")
        if let problem = XcodeProject.xcodeGenSpecProblem(in: text) {
            throw ManifestRefusal(reason: "the edited spec would not parse as YAML (\(problem)); nothing was changed")
        }
        return text
    }
}
