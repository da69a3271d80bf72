import Checkout
import Networking
import Persistence
import Testing
import VerticalInterfaces

struct Session: UserSessionProviding {
    var currentUser: UserID?
}

final class SpyAnalytics: AnalyticsTracking {
    var events: [AnalyticsEvent] = []
    func track(_ event: AnalyticsEvent) { events.append(event) }
}

@Suite struct CheckoutTests {
    let http = InMemoryHTTPClient()
    let store = InMemoryKeyValueStore()
    let analytics = SpyAnalytics()
    let cart = Cart(items: [
        CartItem(productID: ProductID("p-1"), name: "Tea", unitPrice: Money(cents: 350), quantity: 2),
        CartItem(productID: ProductID("p-2"), name: "Mug", unitPrice: Money(cents: 1205)),
    ])

    func feature(user: String?) -> CheckoutFeature {
        CheckoutBuilder().build(using: .init(
            http: http, store: store, analytics: analytics, session: Session(currentUser: user.map(UserID.init))
        ))
    }

    @Test func screenListsItemsAndTotal() {
        let screen = feature(user: "ada").makeCheckout(cart: cart)
        #expect(screen.title == "Checkout")
        #expect(screen.sections.map(\.header) == ["Items", "Total"])
        #expect(screen.sections[0].rows == ["2 × Tea: 7.00 EUR", "1 × Mug: 12.05 EUR"])
        #expect(screen.sections[1].rows == ["19.05 EUR"])
        #expect(screen.actions == [ScreenAction(label: "Pay 19.05 EUR", route: .checkout)])
    }

    @Test func guestsAreAskedToSignIn() {
        let screen = feature(user: nil).makeCheckout(cart: cart)
        #expect(screen.actions.map(\.route) == [.onboarding])
        #expect(feature(user: nil).placeOrder(cart) == .failure(.signedOut))
    }

    @Test func placingAnOrderPostsStoresAndTracks() throws {
        http.stub(.post, "/orders", body: "A-42\n")
        let checkout = feature(user: "ada")

        let confirmation = try checkout.placeOrder(cart).get()

        #expect(confirmation.orderNumber == "A-42")
        #expect(confirmation.total == Money(cents: 1905))
        #expect(http.log.last == HTTPRequest(.post, path: "/orders", body: "ada;p-1x2;p-2x1"))
        #expect(checkout.lastOrderNumber == "A-42")
        #expect(analytics.events.map(\.name) == ["checkout.order_placed"])
        #expect(checkout.makeCheckout(cart: cart).sections.last?.rows == ["A-42"])
    }

    @Test func networkFailuresAreReported() {
        http.isOffline = true
        #expect(feature(user: "ada").placeOrder(cart) == .failure(.network(.offline)))
        #expect(store.string(forKey: "checkout.lastOrder") == nil)
        #expect(analytics.events.isEmpty)
        #expect(feature(user: "ada").placeOrder(Cart(items: [])) == .failure(.emptyCart))
    }
}
