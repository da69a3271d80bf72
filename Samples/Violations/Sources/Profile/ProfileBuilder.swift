import VerticalInterfaces

public struct ProfileBuilder: Builder {
    public struct Deps {
        public let data: any RemoteDataFetching
        public let messaging: any MessagingBuilding

        public init(data: any RemoteDataFetching, messaging: any MessagingBuilding) {
            self.data = data
            self.messaging = messaging
        }
    }

    public init() {}

    public func build(using deps: Deps) -> ProfileFeature {
        ProfileFeature(data: deps.data, messaging: deps.messaging)
    }
}
