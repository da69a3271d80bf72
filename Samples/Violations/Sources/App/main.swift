import Checkout
import Messaging
import Networking
import Profile
import Search
import SharedHelpers // FAULT (e): App does not declare SharedHelpers; it builds only through Search.
import VerticalInterfaces

// Wiring. Same shape as VerticalApp, except that Checkout wants the concrete ProfileFeature.
let data = HTTPDataSource(client: InMemoryHTTPClient.withProfileFixtures([
    "/conversations/alan": "alan: Have you seen the new engine?",
    "/conversations/alan/unread": "1",
    "/search/engine": "product:p-1:Difference engine kit:129900\nuser:alan",
]))
let session = AppSession(currentUser: UserID("ada"))

let profileProxy = LateBoundProfile()
let messaging = MessagingBuilder().build(using: .init(data: data, profile: profileProxy))
let profile = ProfileBuilder().build(using: .init(data: data, messaging: messaging))
profileProxy.target = profile
let checkout = CheckoutBuilder().build(using: .init(session: session, profile: profile))
let search = SearchBuilder().build(using: .init(data: data, profile: profile, checkout: checkout))

var screens = [
    profile.makeProfile(userID: UserID("alan")),
    messaging.makeConversation(with: UserID("alan")),
    search.makeSearch(query: "engine"),
]
if let checkoutScreen = search.buyFirstProduct(matching: "engine") {
    screens.append(checkoutScreen)
}
for screen in screens {
    print(ScreenPrinter.render(screen))
}
print("Share: " + ShareLinks.deepLink(section: "profile", value: "alan"))
