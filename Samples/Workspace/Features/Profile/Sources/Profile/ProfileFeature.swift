import DesignSystem
import Networking
import Prelude
import VerticalInterfaces

/// The product of `ProfileBuilder`: everything the rest of the app may ask of Profile.
public struct ProfileFeature: ProfileBuilding {
    let http: any HTTPClient
    let theme: Theme
    let messaging: any MessagingBuilding

    public func makeProfile(userID: UserID) -> ScreenDescription {
        guard let record = load(userID) else {
            return ScreenDescription(
                id: "profile.unavailable",
                title: "Profile unavailable",
                actions: [ScreenAction(label: "Close", route: .dismiss)]
            )
        }
        var about = [record.bio.isEmpty ? "No bio yet" : record.bio]
        if let city = record.city { about.append("Lives in \(city)") }
        let unread = messaging.unreadCount(for: userID)
        return ScreenDescription(
            id: "profile.\(userID.rawValue)",
            title: record.name,
            sections: [
                ScreenSection(header: "About", rows: about),
                ScreenSection(header: "Style", rows: ["avatar \(record.name.initials) on \(theme.accent.hexString)"]),
            ],
            actions: [
                ScreenAction(label: unread > 0 ? "Messages (\(unread))" : "Messages", route: .conversation(userID)),
                ScreenAction(label: "Close", route: .dismiss),
            ]
        )
    }

    public func summary(of userID: UserID) -> UserSummary {
        UserSummary(id: userID, displayName: load(userID)?.name ?? userID.rawValue)
    }

    private func load(_ userID: UserID) -> ProfileRecord? {
        http.get(ProfileRecord.path(for: userID)).value.flatMap { ProfileRecord(id: userID, payload: $0) }
    }
}
