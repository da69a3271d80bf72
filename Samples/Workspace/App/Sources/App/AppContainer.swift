import Analytics
import Checkout
import DesignSystem
import Messaging
import Networking
import Profile
import Search
import VerticalInterfaces

/// Builds every feature once and injects each into the others through the protocols of
/// VerticalInterfaces. The only module that imports all feature packages.
struct AppContainer {
    let profile: ProfileFeature
    let search: SearchFeature
    let checkout: CheckoutFeature
    let messaging: MessagingFeature

    init(http: any HTTPClient, session: AppSession, analytics: any AnalyticsSink, theme: Theme) {
        let profileProxy = LateBoundProfile()
        messaging = MessagingBuilder().build(using: .init(http: http, profile: profileProxy))
        profile = ProfileBuilder().build(using: .init(http: http, theme: theme, messaging: messaging))
        profileProxy.target = profile

        checkout = CheckoutBuilder().build(using: .init(http: http, analytics: analytics, session: session))
        search = SearchBuilder().build(using: .init(http: http, profile: profile, checkout: checkout))
    }
}
