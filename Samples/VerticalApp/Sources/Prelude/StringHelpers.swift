extension String {
    /// The string without leading and trailing whitespace (no Foundation needed).
    public var trimmed: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }

    /// Upper-cased first letters of the first two words: "Ada Lovelace" -> "AL".
    public var initials: String {
        split(separator: " ")
            .prefix(2)
            .compactMap { $0.first.map { String($0).uppercased() } }
            .joined()
    }
}
