import DesignSystem
import Networking
import VerticalInterfaces

public struct ProfileBuilder: Builder {
    public struct Deps {
        public let http: any HTTPClient
        public let theme: Theme
        public let messaging: any MessagingBuilding

        public init(http: any HTTPClient, theme: Theme, messaging: any MessagingBuilding) {
            self.http = http
            self.theme = theme
            self.messaging = messaging
        }
    }

    public init() {}

    public func build(using deps: Deps) -> ProfileFeature {
        ProfileFeature(http: deps.http, theme: deps.theme, messaging: deps.messaging)
    }
}
