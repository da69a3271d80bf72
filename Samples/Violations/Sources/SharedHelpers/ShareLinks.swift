import Messaging // Planted: a "shared" helper that reaches into a vertical.
import Prelude

/// Deep links and share texts, meant to be reusable by any vertical.
public enum ShareLinks {
    public static func deepLink(section: String, value: String) -> String {
        let slug = value.trimmed.lowercased().split(separator: " ").joined(separator: "-")
        return "app://\(section)/\(slug)"
    }

    /// A ready-to-send message, formatted the way Messaging formats shares.
    public static func shareMessage(title: String, section: String, value: String) -> String {
        MessageFormatter.shareText(title: title, link: deepLink(section: section, value: value))
    }
}
