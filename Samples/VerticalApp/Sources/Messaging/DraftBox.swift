import Persistence
import VerticalInterfaces

/// Unsent messages, one per conversation, kept in the shared key-value store.
struct DraftBox {
    let store: any KeyValueStore

    func draft(for userID: UserID) -> String? {
        store.string(forKey: key(userID))
    }

    func save(_ text: String?, for userID: UserID) {
        store.set(text?.isEmpty == true ? nil : text, forKey: key(userID))
    }

    var conversationsWithDrafts: [String] {
        store.keys(in: "messaging.draft")
    }

    private func key(_ userID: UserID) -> String { "messaging.draft.\(userID.rawValue)" }
}
