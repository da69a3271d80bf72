import Networking
import Persistence
import Prelude
import VerticalInterfaces

public struct CheckoutFeature: CheckoutBuilding {
    static let lastOrderKey = "checkout.lastOrder"

    let deps: CheckoutBuilder.Deps

    public func makeCheckout(cart: Cart) -> ScreenDescription {
        guard !cart.isEmpty else {
            return ScreenDescription(id: "checkout.empty", title: "Your cart is empty",
                                     actions: [ScreenAction(label: "Find something", route: .search(query: ""))])
        }
        let lines = cart.items.map { "\($0.quantity) × \($0.name): \($0.subtotal)" }
        var sections = [ScreenSection(header: "Items", rows: lines), ScreenSection(header: "Total", rows: ["\(cart.total)"])]
        if let last = lastOrderNumber {
            sections.append(ScreenSection(header: "Previous order", rows: [last]))
        }
        let pay = deps.session.currentUser == nil
            ? ScreenAction(label: "Sign in to pay", route: .onboarding)
            : ScreenAction(label: "Pay \(cart.total)", route: .checkout)
        return ScreenDescription(id: "checkout", title: "Checkout", sections: sections, actions: [pay])
    }

    public func placeOrder(_ cart: Cart) -> Result<OrderConfirmation, CheckoutError> {
        guard !cart.isEmpty else { return .failure(.emptyCart) }
        guard let buyer = deps.session.currentUser else { return .failure(.signedOut) }
        return deps.http.post("/orders", body: OrderPayload.encode(cart, buyer: buyer))
            .mapError(CheckoutError.network)
            .map { OrderConfirmation(orderNumber: $0.trimmed, total: cart.total, buyer: buyer) }
            .onSuccess { confirmation in
                deps.store.set(confirmation.orderNumber, forKey: Self.lastOrderKey)
                deps.analytics.track(AnalyticsEvent(
                    name: "checkout.order_placed",
                    properties: ["order": confirmation.orderNumber, "total": "\(confirmation.total)"]
                ))
            }
    }

    public var lastOrderNumber: String? {
        deps.store.string(forKey: Self.lastOrderKey)
    }
}
