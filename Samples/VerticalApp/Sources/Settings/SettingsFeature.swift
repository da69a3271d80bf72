import VerticalInterfaces

public struct SettingsFeature: SettingsBuilding {
    let session: any UserSessionProviding
    let analytics: any AnalyticsTracking
    let storage: PreferenceStorage

    public func makeSettings(for userID: UserID) -> ScreenDescription {
        let rows = Preference.allCases.map { preference in
            "\(preference.label): \(storage.value(preference, for: userID) ? "on" : "off")"
        }
        let isSelf = session.currentUser == userID
        return ScreenDescription(
            id: "settings.\(userID.rawValue)",
            title: isSelf ? "Your settings" : "Settings",
            sections: [ScreenSection(header: "Preferences", rows: rows)],
            actions: isSelf
                ? [ScreenAction(label: "Redo onboarding", route: .onboarding), ScreenAction(label: "Done", route: .dismiss)]
                : [ScreenAction(label: "Done", route: .dismiss)]
        )
    }

    /// Flips a preference and returns its new value.
    @discardableResult
    public func toggle(_ preference: Preference, for userID: UserID) -> Bool {
        let newValue = !storage.value(preference, for: userID)
        storage.set(newValue, preference, for: userID)
        analytics.track(AnalyticsEvent(
            name: "settings.toggle",
            properties: ["preference": preference.rawValue, "value": String(newValue)]
        ))
        return newValue
    }
}
