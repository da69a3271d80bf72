extension Escape {
    /// Input as the text of a quoted Mermaid label or a Gantt task name:
    /// ``visible(_:limit:)``, then every character Mermaid or the HTML it
    /// produces would read as syntax as its `#…;` entity: `"` ends a label,
    /// `:` ends a task name, `;` and `%%` end a statement or start a comment,
    /// `#…;` is an entity, `< > &` are HTML and `` ` `` starts Markdown text.
    /// An empty name shows as `""`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func mermaid(_ text: String, limit: Int = nameLimit) -> String {
        if text.isEmpty { return "#quot;#quot;" }
        if isPlain(text, limit: limit, avoiding: mermaidActive) { return text }
        var output = ""
        for scalar in visible(text, limit: limit).unicodeScalars {
            switch scalar {
            case "\"": output += "#quot;"
            case "#": output += "#35;"
            case "&": output += "#amp;"
            case "<": output += "#lt;"
            case ">": output += "#gt;"
            case "`": output += "#96;"
            case ":": output += "#58;"
            case ";": output += "#59;"
            case "%": output += "#37;"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Input as a chart's title in Mermaid's front matter (`title: "…"`), a
    /// double-quoted YAML scalar where Mermaid decodes no entities:
    /// ``text(_:limit:)``, then quotes, backslashes and control characters dropped,
    /// so the scalar cannot end early, escape anything or break the line.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func mermaidTitle(_ text: String, limit: Int = messageLimit) -> String {
        let kept = Self.text(text, limit: limit).unicodeScalars
            .filter { $0 != "\"" && $0 != "\\" && $0.value >= 0x20 && $0.value != 0x7F }
        return "\"" + String(String.UnicodeScalarView(kept)) + "\""
    }

    /// What ``mermaid(_:limit:)`` spells out, and the backslash ``visible(_:limit:)`` does.
    private static let mermaidActive = ASCIISet("\"#&<>`:;%\\")
}
