import Networking
import VerticalInterfaces

public struct MessagingBuilder: Builder {
    public struct Deps {
        public let http: any HTTPClient
        public let profile: any ProfileBuilding

        public init(http: any HTTPClient, profile: any ProfileBuilding) {
            self.http = http
            self.profile = profile
        }
    }

    public init() {}

    public func build(using deps: Deps) -> MessagingFeature {
        MessagingFeature(http: deps.http, drafts: DraftBox(), profile: deps.profile)
    }
}
