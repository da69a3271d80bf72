import VerticalInterfaces

public struct SettingsBuilder: Builder {
    public struct Deps {
        public let session: any UserSessionProviding
        public let analytics: any AnalyticsTracking
        public let defaults: [Preference: Bool]

        public init(
            session: any UserSessionProviding,
            analytics: any AnalyticsTracking,
            defaults: [Preference: Bool] = [.notifications: true, .darkMode: false]
        ) {
            self.session = session
            self.analytics = analytics
            self.defaults = defaults
        }
    }

    public init() {}

    public func build(using deps: Deps) -> SettingsFeature {
        SettingsFeature(session: deps.session, analytics: deps.analytics, storage: PreferenceStorage(defaults: deps.defaults))
    }
}
