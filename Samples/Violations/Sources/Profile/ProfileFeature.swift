import Prelude
import VerticalInterfaces

public struct ProfileFeature: ProfileBuilding {
    let data: any RemoteDataFetching
    let messaging: any MessagingBuilding

    public func makeProfile(userID: UserID) -> ScreenDescription {
        guard let (name, bio) = record(userID) else {
            return ScreenDescription(id: "profile.unavailable", title: "Profile unavailable")
        }
        let unread = messaging.unreadCount(for: userID)
        return ScreenDescription(
            id: "profile.\(userID.rawValue)",
            title: name,
            sections: [ScreenSection(header: "About", rows: [bio.isEmpty ? "No bio yet" : bio])],
            actions: [ScreenAction(label: unread > 0 ? "Messages (\(unread))" : "Messages", route: .conversation(userID))]
        )
    }

    public func summary(of userID: UserID) -> UserSummary {
        UserSummary(id: userID, displayName: record(userID)?.name ?? userID.rawValue)
    }

    /// A short label other code may show for a user, e.g. "Ada Lovelace (AL)".
    public func shippingLabel(for userID: UserID) -> String {
        let name = summary(of: userID).displayName
        return "\(name) (\(name.initials))"
    }

    private func record(_ userID: UserID) -> (name: String, bio: String)? {
        guard let payload = data.fetch(path: ProfileAPI.path(forRawID: userID.rawValue)) else { return nil }
        let fields = payload.split(separator: "|", omittingEmptySubsequences: false).map { String($0).trimmed }
        return (fields[0], fields.count > 1 ? fields[1] : "")
    }
}
