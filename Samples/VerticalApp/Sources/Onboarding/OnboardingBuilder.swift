import DesignSystem
import VerticalInterfaces

public struct OnboardingBuilder: Builder {
    public struct Deps {
        public let theme: Theme
        public let session: any UserSessionProviding
        public let profile: any ProfileBuilding
        public let settings: any SettingsBuilding

        public init(
            theme: Theme,
            session: any UserSessionProviding,
            profile: any ProfileBuilding,
            settings: any SettingsBuilding
        ) {
            self.theme = theme
            self.session = session
            self.profile = profile
            self.settings = settings
        }
    }

    public init() {}

    public func build(using deps: Deps) -> OnboardingFeature {
        OnboardingFeature(deps: deps)
    }
}
