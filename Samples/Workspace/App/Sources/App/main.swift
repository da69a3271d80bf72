import Analytics
import Prelude
import VerticalInterfaces

let ada = UserID("ada")
let alan = UserID("alan")
let analytics = InMemoryAnalyticsSink()
let app = AppContainer(
    http: DemoBackend.make(),
    session: AppSession(currentUser: ada),
    analytics: analytics,
    theme: .dark
)

app.messaging.saveDraft("See you Thursday?", for: alan)

var screens = [
    app.profile.makeProfile(userID: alan),
    app.messaging.makeConversation(with: alan),
    app.search.makeSearch(query: "engine"),
]
if let checkout = app.search.buyFirstProduct(matching: "engine") {
    screens.append(checkout)
}
for screen in screens {
    print(ScreenPrinter.render(screen))
}

let cart = Cart(items: [CartItem(productID: ProductID("p-2"), name: "Punch cards", unitPrice: Money(cents: 450), quantity: 3)])
print(app.checkout.placeOrder(cart).map { "Order \($0.orderNumber) placed: \($0.total)" }.recover { "Order failed: \($0)" })
print("Analytics: " + analytics.events.map(\.description).joined(separator: "; "))
