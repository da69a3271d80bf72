import Analytics
import Networking
import VerticalInterfaces

public struct CheckoutBuilder: Builder {
    public struct Deps {
        public let http: any HTTPClient
        public let analytics: any AnalyticsSink
        public let session: any UserSessionProviding

        public init(http: any HTTPClient, analytics: any AnalyticsSink, session: any UserSessionProviding) {
            self.http = http
            self.analytics = analytics
            self.session = session
        }
    }

    public init() {}

    public func build(using deps: Deps) -> CheckoutFeature {
        CheckoutFeature(deps: deps, history: OrderHistory())
    }
}
