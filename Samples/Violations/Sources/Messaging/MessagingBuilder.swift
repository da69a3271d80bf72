import VerticalInterfaces

public struct MessagingBuilder: Builder {
    public struct Deps {
        public let data: any RemoteDataFetching
        public let profile: any ProfileBuilding

        public init(data: any RemoteDataFetching, profile: any ProfileBuilding) {
            self.data = data
            self.profile = profile
        }
    }

    public init() {}

    public func build(using deps: Deps) -> MessagingFeature {
        MessagingFeature(data: deps.data, profile: deps.profile)
    }
}
