extension Escape {
    /// Input shown in plain text (terminals, CI logs, standard error): ``visible(_:limit:)``,
    /// and a leading `:` (after any white space) spelled `\u{3A}`.
    ///
    /// GitHub's runner reads any line of a job's output that starts with `::`
    /// (after white space) as a workflow command, such as `::add-mask::` or
    /// `::stop-commands::`. Text that starts with input may start a line, so
    /// input never starts with a colon; together with line breaks being spelled
    /// out, no input can make an output line read as a command.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func text(_ text: String, limit: Int = nameLimit) -> String {
        if isPlain(text, limit: limit, avoiding: .backslash), !startsWithColon(text) { return text }
        let shown = visible(text, limit: limit)
        guard let first = shown.unicodeScalars.firstIndex(where: { !$0.properties.isWhitespace }),
            shown.unicodeScalars[first] == ":"
        else { return shown }
        var scalars = shown.unicodeScalars
        scalars.replaceSubrange(first...first, with: "\\u{3A}".unicodeScalars)
        return String(scalars)
    }

    /// A whole message (a finding, an error, a warning) as one line of text.
    public static func message(_ text: String) -> String {
        Self.text(text, limit: messageLimit)
    }

    /// Whether a line of output would be read by GitHub's runner as a workflow command.
    public static func isWorkflowCommand(_ line: Substring) -> Bool {
        line.unicodeScalars.drop { $0.properties.isWhitespace }.starts(with: "::".unicodeScalars)
    }
}
