import Checkout
import DesignSystem
import Messaging
import Networking
import Onboarding
import Persistence
import Profile
import Search
import Settings
import VerticalInterfaces

/// Builds every vertical once and injects each into the others through the
/// protocols of VerticalInterfaces. The only place that imports all verticals.
struct AppContainer {
    let onboarding: OnboardingFeature
    let profile: ProfileFeature
    let settings: SettingsFeature
    let search: SearchFeature
    let checkout: CheckoutFeature
    let messaging: MessagingFeature

    init(http: any HTTPClient, store: any KeyValueStore, session: AppSession, analytics: RecordingAnalytics, theme: Theme) {
        let profileProxy = LateBoundProfile()
        messaging = MessagingBuilder().build(using: .init(http: http, store: store, profile: profileProxy))
        profile = ProfileBuilder().build(using: .init(http: http, theme: theme, messaging: messaging))
        profileProxy.target = profile

        settings = SettingsBuilder().build(using: .init(session: session, analytics: analytics))
        checkout = CheckoutBuilder().build(using: .init(http: http, store: store, analytics: analytics, session: session))
        search = SearchBuilder().build(using: .init(http: http, profile: profile, checkout: checkout))
        onboarding = OnboardingBuilder().build(
            using: .init(theme: theme, session: session, profile: profile, settings: settings)
        )
    }
}
