/// Namespaced builder functions: `Builders.Records.makeHistory(with:)`, found by typing `Builders.`.
public enum Builders {}

/// What a screen shows, without a UI framework.
public struct Screen: Equatable, Sendable {
    public let title: String
    public let rows: [String]

    public init(title: String, rows: [String] = []) {
        self.title = title
        self.rows = rows
    }
}

/// Where a paywall was opened from: what Home hands the paywall builder.
public struct PaywallSource: Hashable, Sendable {
    public let origin: String

    public init(origin: String) {
        self.origin = origin
    }
}

public protocol PurchasesService {
    func isSubscribed() -> Bool
}

public protocol MessagingBuilding {
    func makeInbox(unread: Int) -> Screen
}
