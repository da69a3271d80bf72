import Prelude
import VerticalInterfaces

public struct MessagingFeature: MessagingBuilding {
    let data: any RemoteDataFetching
    let profile: any ProfileBuilding

    public func makeConversation(with userID: UserID) -> ScreenDescription {
        let lines = (data.fetch(path: "/conversations/\(userID.rawValue)") ?? "")
            .split(separator: "\n")
            .map { MessageFormatter.preview(String($0)) }
        return ScreenDescription(
            id: "messaging.\(userID.rawValue)",
            title: "Chat with \(profile.summary(of: userID).displayName)",
            sections: [ScreenSection(header: "Messages", rows: lines.isEmpty ? ["Say hello!"] : lines)],
            actions: [ScreenAction(label: "View profile", route: .profile(userID))]
        )
    }

    public func unreadCount(for userID: UserID) -> Int {
        data.fetch(path: "/conversations/\(userID.rawValue)/unread").flatMap { Int($0.trimmed) } ?? 0
    }
}
