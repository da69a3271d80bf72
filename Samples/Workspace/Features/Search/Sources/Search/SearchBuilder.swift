import Networking
import VerticalInterfaces

public struct SearchBuilder: Builder {
    public struct Deps {
        public let http: any HTTPClient
        public let profile: any ProfileBuilding
        public let checkout: any CheckoutBuilding

        public init(http: any HTTPClient, profile: any ProfileBuilding, checkout: any CheckoutBuilding) {
            self.http = http
            self.profile = profile
            self.checkout = checkout
        }
    }

    public init() {}

    public func build(using deps: Deps) -> SearchFeature {
        SearchFeature(http: deps.http, profile: deps.profile, checkout: deps.checkout)
    }
}
