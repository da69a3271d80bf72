import Prelude
import VerticalInterfaces

/// Unsent messages, one per conversation, kept for the lifetime of the feature.
final class DraftBox {
    private var drafts: [UserID: String] = [:]

    func draft(for userID: UserID) -> String? {
        drafts[userID]
    }

    func save(_ text: String?, for userID: UserID) {
        let text = text?.trimmed
        drafts[userID] = text?.isEmpty == true ? nil : text
    }

    var conversationsWithDrafts: [UserID] {
        drafts.keys.sorted { $0.rawValue < $1.rawValue }
    }
}
