import Core

/// A post in the feed, as other verticals see it.
public struct FeedItem: Hashable, Sendable {
    public let id: Identifier<FeedItem>
    public let title: String

    public init(id: Identifier<FeedItem>, title: String) {
        self.id = id
        self.title = title
    }
}

/// What the feed offers the rest of the app.
public protocol FeedBuilding {
    func items() -> [FeedItem]
}
