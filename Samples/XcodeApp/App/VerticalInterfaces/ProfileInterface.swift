import Core

/// A user's public profile.
public struct ProfileSummary: Hashable, Sendable {
    public let id: Identifier<ProfileSummary>
    public let name: String

    public init(id: Identifier<ProfileSummary>, name: String) {
        self.id = id
        self.name = name
    }
}

/// What the profile vertical offers the rest of the app.
public protocol ProfileBuilding {
    func summary(of id: Identifier<ProfileSummary>) -> ProfileSummary
}
