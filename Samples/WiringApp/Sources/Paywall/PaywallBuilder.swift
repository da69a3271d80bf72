import AppInterfaces
import BuilderKit

/// What the paywall needs: where it was opened from, and the purchases.
public protocol PaywallDeps {
    var source: PaywallSource { get }
    var purchases: any PurchasesService { get }
}

public struct PaywallBuilder<Deps: PaywallDeps>: Builder {
    public init() {}

    public func build(with deps: Deps) -> Screen {
        let store = PaywallStore(with: .init(subscribed: deps.purchases.isSubscribed()))
        return PaywallScreenModule.screen(store: store, origin: deps.source.origin)
    }
}

public struct InMemoryPurchases: PurchasesService {
    public let subscribed: Bool

    public init(subscribed: Bool) {
        self.subscribed = subscribed
    }

    public func isSubscribed() -> Bool { subscribed }
}
