import Prelude

/// Text conventions of the messaging vertical.
public enum MessageFormatter {
    public static let maximumPreviewLength = 40

    /// A message that shares something: "Look at this: <title> <link>".
    public static func shareText(title: String, link: String) -> String {
        "Look at this: \(preview(title)) \(link)"
    }

    public static func preview(_ text: String) -> String {
        let text = text.trimmed
        guard text.count > maximumPreviewLength else { return text }
        return String(text.prefix(maximumPreviewLength - 1)) + "…"
    }
}
