import Networking
import Persistence
import VerticalInterfaces

public struct MessagingBuilder: Builder {
    public struct Deps {
        public let http: any HTTPClient
        public let store: any KeyValueStore
        public let profile: any ProfileBuilding

        public init(http: any HTTPClient, store: any KeyValueStore, profile: any ProfileBuilding) {
            self.http = http
            self.store = store
            self.profile = profile
        }
    }

    public init() {}

    public func build(using deps: Deps) -> MessagingFeature {
        MessagingFeature(http: deps.http, drafts: DraftBox(store: deps.store), profile: deps.profile)
    }
}
