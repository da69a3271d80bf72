/// Who is signed in. Implemented by the app.
public protocol UserSessionProviding {
    var currentUser: UserID? { get }
}

/// Read access to the backend, as verticals see it. The app adapts Networking to this.
public protocol RemoteDataFetching {
    func fetch(path: String) -> String?
}

public struct UserSummary: Hashable, Sendable {
    public let id: UserID
    public let displayName: String

    public init(id: UserID, displayName: String) {
        self.id = id
        self.displayName = displayName
    }
}

public func guestSummary() -> UserSummary { // FAULT (d): a free function in the interface module.
    UserSummary(id: UserID("guest"), displayName: "Guest")
}
