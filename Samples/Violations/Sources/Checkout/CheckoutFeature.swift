import Prelude
import Profile
import VerticalInterfaces

public struct CheckoutFeature: CheckoutBuilding {
    let session: any UserSessionProviding
    let profile: ProfileFeature

    public func makeCheckout(cart: Cart) -> ScreenDescription {
        guard !cart.isEmpty else {
            return ScreenDescription(id: "checkout.empty", title: "Your cart is empty")
        }
        var sections = [
            ScreenSection(header: "Items", rows: cart.items.map { "\($0.quantity) × \($0.name): \($0.subtotal)" }),
            ScreenSection(header: "Total", rows: ["\(cart.total)"]),
        ]
        guard let buyer = session.currentUser else {
            return ScreenDescription(id: "checkout", title: "Checkout", sections: sections,
                                     actions: [ScreenAction(label: "Sign in to pay", route: .signIn)])
        }
        sections.append(ScreenSection(header: "Ship to", rows: [profile.shippingLabel(for: buyer)]))
        return ScreenDescription(id: "checkout", title: "Checkout", sections: sections,
                                 actions: [ScreenAction(label: "Pay \(cart.total)", route: .checkout)])
    }
}
