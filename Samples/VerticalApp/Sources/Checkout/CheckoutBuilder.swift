import Networking
import Persistence
import VerticalInterfaces

public struct CheckoutBuilder: Builder {
    public struct Deps {
        public let http: any HTTPClient
        public let store: any KeyValueStore
        public let analytics: any AnalyticsTracking
        public let session: any UserSessionProviding

        public init(
            http: any HTTPClient,
            store: any KeyValueStore,
            analytics: any AnalyticsTracking,
            session: any UserSessionProviding
        ) {
            self.http = http
            self.store = store
            self.analytics = analytics
            self.session = session
        }
    }

    public init() {}

    public func build(using deps: Deps) -> CheckoutFeature {
        CheckoutFeature(deps: deps)
    }
}
