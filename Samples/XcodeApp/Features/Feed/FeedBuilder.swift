import Collections
import Core
import VerticalInterfaces

/// The feed: posts, newest first, each by a profile it asks the profile vertical about.
public struct FeedBuilder: FeedBuilding {
    let profiles: any ProfileBuilding

    public init(profiles: any ProfileBuilding) {
        self.profiles = profiles
    }

    public func items() -> [FeedItem] {
        var items = Deque<FeedItem>()
        let author = profiles.summary(of: Identifier("me"))
        items.prepend(FeedItem(id: Identifier("1"), title: "Hello from \(author.name)"))
        return Array(items)
    }
}
