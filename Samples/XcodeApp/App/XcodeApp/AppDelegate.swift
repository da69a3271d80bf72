import Checkout
import Core
import DesignSystem
import Feed
import Profile

/// Builds every vertical and injects them into each other through VerticalInterfaces.
public final class AppDelegate {
    public let composition: Composition

    public init() {
        let logger = Logger()
        let profile = ProfileBuilder(logger: logger)
        composition = Composition(
            feed: FeedBuilder(profiles: profile),
            profile: profile,
            checkout: CheckoutBuilder(theme: Theme.standard)
        )
    }
}
