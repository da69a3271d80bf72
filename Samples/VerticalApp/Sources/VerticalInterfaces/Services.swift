/// Who is signed in. Implemented by the app.
public protocol UserSessionProviding {
    var currentUser: UserID? { get }
}

/// Where verticals report analytics events. Implemented by the app.
public protocol AnalyticsTracking {
    func track(_ event: AnalyticsEvent)
}

public struct AnalyticsEvent: Hashable, Sendable {
    public let name: String
    public let properties: [String: String]

    public init(name: String, properties: [String: String] = [:]) {
        self.name = name
        self.properties = properties
    }
}

public struct UserSummary: Hashable, Sendable {
    public let id: UserID
    public let displayName: String

    public init(id: UserID, displayName: String) {
        self.id = id
        self.displayName = displayName
    }
}
