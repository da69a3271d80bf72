import Persistence
import VerticalInterfaces
import DesignSystem
import Prelude
#if os(Linux)
import LinuxSupport
#endif

let ada = UserID("ada")
let session = AppSession(currentUser: ada)
let analytics = RecordingAnalytics()
let store = InMemoryKeyValueStore()
let app = AppContainer(http: DemoBackend.make(), store: store, session: session, analytics: analytics, theme: .light)

#if os(Linux)
print("VerticalApp on \(LinuxPlatform.summary)")
#endif

app.messaging.saveDraft("See you Thursday?", for: UserID("alan"))
app.settings.toggle(.darkMode, for: ada)

var screens = [
    app.onboarding.makeOnboarding(),
    app.profile.makeProfile(userID: UserID("alan")),
    app.messaging.makeConversation(with: UserID("alan")),
    app.search.makeSearch(query: "engine"),
    app.settings.makeSettings(for: ada),
]
if let checkout = app.search.buyFirstProduct(matching: "engine") {
    screens.append(checkout)
}
for screen in screens {
    print(ScreenPrinter.render(screen))
}

let cart = Cart(items: [CartItem(productID: ProductID("p-2"), name: "Punch cards", unitPrice: Money(cents: 450), quantity: 3)])
let order = app.checkout.placeOrder(cart)
print(order.map { "Order \($0.orderNumber) placed: \($0.total)" }.recover { "Order failed: \($0)" })
print("Analytics: " + analytics.events.map(\.name).joined(separator: ", "))
