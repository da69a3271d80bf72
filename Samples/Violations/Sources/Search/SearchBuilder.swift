import VerticalInterfaces

public struct SearchBuilder: Builder {
    public struct Deps {
        public let data: any RemoteDataFetching
        public let profile: any ProfileBuilding
        public let checkout: any CheckoutBuilding

        public init(data: any RemoteDataFetching, profile: any ProfileBuilding, checkout: any CheckoutBuilding) {
            self.data = data
            self.profile = profile
            self.checkout = checkout
        }
    }

    public init() {}

    public func build(using deps: Deps) -> SearchFeature {
        SearchFeature(data: deps.data, profile: deps.profile, checkout: deps.checkout)
    }
}
