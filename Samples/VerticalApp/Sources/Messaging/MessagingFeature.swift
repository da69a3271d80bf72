import Networking
import Prelude
import VerticalInterfaces

public struct MessagingFeature: MessagingBuilding {
    let http: any HTTPClient
    let drafts: DraftBox
    let profile: any ProfileBuilding

    public func makeConversation(with userID: UserID) -> ScreenDescription {
        let partner = profile.summary(of: userID)
        let transcript = http.get("/conversations/\(userID.rawValue)", orElse: "")
            .split(separator: "\n")
            .map { String($0).trimmed }
            .filter { !$0.isEmpty }
        var sections = [ScreenSection(header: "Messages", rows: transcript.isEmpty ? ["Say hello!"] : transcript)]
        if let draft = drafts.draft(for: userID) {
            sections.append(ScreenSection(header: "Draft", rows: [draft]))
        }
        return ScreenDescription(
            id: "messaging.\(userID.rawValue)",
            title: "Chat with \(partner.displayName)",
            sections: sections,
            actions: [ScreenAction(label: "View profile", route: .profile(userID))]
        )
    }

    public func unreadCount(for userID: UserID) -> Int {
        Int(http.get("/conversations/\(userID.rawValue)/unread", orElse: "0").trimmed) ?? 0
    }

    /// Stores or clears the unsent text for a conversation.
    public func saveDraft(_ text: String?, for userID: UserID) {
        drafts.save(text, for: userID)
    }
}
