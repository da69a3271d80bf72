extension Escape {
    /// Input as the message of a GitHub workflow command (`::error …::message`):
    /// ``visible(_:limit:)``, then `%` as `%25` (line breaks never remain, so
    /// the runner's `%0A` and `%0D` are not needed). The message follows the
    /// command's own `::`, so a colon in it is plain text.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func githubData(_ text: String) -> String {
        var output = ""
        for scalar in visible(text, limit: messageLimit).unicodeScalars {
            if scalar == "%" { output += "%25" } else { output.unicodeScalars.append(scalar) }
        }
        return output
    }

    /// Input as a property value of a workflow command (`file=…,title=…`):
    /// ``githubData(_:)`` with `:` and `,` also percent-encoded, as they end a value.
    public static func githubProperty(_ text: String) -> String {
        var output = ""
        for scalar in githubData(text).unicodeScalars {
            switch scalar {
            case ":": output += "%3A"
            case ",": output += "%2C"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
