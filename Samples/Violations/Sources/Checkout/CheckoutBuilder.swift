import Profile // Planted: one vertical importing another instead of using ProfileBuilding.
import VerticalInterfaces

public struct CheckoutBuilder: Builder {
    public struct Deps {
        public let session: any UserSessionProviding
        /// The concrete Profile feature, not `any ProfileBuilding`: this is the violation.
        public let profile: ProfileFeature

        public init(session: any UserSessionProviding, profile: ProfileFeature) {
            self.session = session
            self.profile = profile
        }
    }

    public init() {}

    public func build(using deps: Deps) -> CheckoutFeature {
        CheckoutFeature(session: deps.session, profile: deps.profile)
    }
}
