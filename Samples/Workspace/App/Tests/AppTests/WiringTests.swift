import Analytics
import Checkout
import Messaging
import Networking
import Profile
import Search
import Testing
import VerticalInterfaces

struct Session: UserSessionProviding {
    var currentUser: UserID?
}

/// Forwards to a Profile feature that is built after Messaging (they need each other).
final class ProfileSlot: ProfileBuilding {
    var feature: ProfileFeature?
    func makeProfile(userID: UserID) -> ScreenDescription { feature!.makeProfile(userID: userID) }
    func summary(of userID: UserID) -> UserSummary { feature!.summary(of: userID) }
}

/// Wires the real feature packages exactly like the app does and checks what crosses the seams.
@Suite struct WiringTests {
    let http = InMemoryHTTPClient(routes: [
        "/users/alan": "Alan Turing|Breaks codes|",
        "/conversations/alan": "alan: hi",
        "/conversations/alan/unread": "4",
        "/search/tea": "product:t-1:Earl Grey:650\nuser:alan",
    ])
    let analytics = InMemoryAnalyticsSink()
    let alan = UserID("alan")

    func wire() -> (ProfileFeature, MessagingFeature, SearchFeature, CheckoutFeature) {
        let slot = ProfileSlot()
        let messaging = MessagingBuilder().build(using: .init(http: http, profile: slot))
        let profile = ProfileBuilder().build(using: .init(http: http, theme: .light, messaging: messaging))
        slot.feature = profile
        let checkout = CheckoutBuilder().build(using: .init(http: http, analytics: analytics, session: Session(currentUser: alan)))
        let search = SearchBuilder().build(using: .init(http: http, profile: profile, checkout: checkout))
        return (profile, messaging, search, checkout)
    }

    @Test func profileShowsUnreadCountFromMessaging() {
        let (profile, _, _, _) = wire()
        #expect(profile.makeProfile(userID: alan).actions.first?.label == "Messages (4)")
    }

    @Test func messagingTitlesConversationWithProfileName() {
        let (_, messaging, _, _) = wire()
        messaging.saveDraft("  later  ", for: alan)
        let screen = messaging.makeConversation(with: alan)
        #expect(screen.title == "Chat with Alan Turing")
        #expect(screen.sections.map(\.header) == ["Messages", "Draft"])
        #expect(screen.sections.last?.rows == ["later"])
    }

    @Test func searchUsesProfileNamesAndHandsOverToCheckout() throws {
        let (_, _, search, _) = wire()
        let results = search.makeSearch(query: " tea ")
        #expect(results.sections.map(\.rows) == [["Earl Grey — 6.50 EUR"], ["Alan Turing"]])
        #expect(results.actions == [ScreenAction(label: "Alan Turing", route: .profile(alan))])

        let checkout = try #require(search.buyFirstProduct(matching: "tea"))
        #expect(checkout.title == "Checkout")
        #expect(checkout.actions.first?.label == "Pay 6.50 EUR")
        #expect(search.buyFirstProduct(matching: "nothing") == nil)
    }
}
