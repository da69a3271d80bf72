import DesignSystem
import Prelude
import VerticalInterfaces

public struct OnboardingFeature: OnboardingBuilding {
    let deps: OnboardingBuilder.Deps

    public func makeOnboarding() -> ScreenDescription {
        guard let user = deps.session.currentUser else {
            return ScreenDescription(
                id: "onboarding.guest",
                title: "Hello!",
                sections: [ScreenSection(header: "Steps", rows: OnboardingStep.allCases.map(\.row))],
                actions: [ScreenAction(label: "Browse first", route: .search(query: ""))]
            )
        }
        let name = deps.profile.summary(of: user).displayName.trimmed
        // Show where the notification step leads: the first row of the settings screen.
        let settingsPreview = deps.settings.makeSettings(for: user).allRows.first ?? "defaults"
        return ScreenDescription(
            id: "onboarding.\(user.rawValue)",
            title: "Welcome, \(name)",
            sections: [
                ScreenSection(header: "Steps", rows: OnboardingStep.allCases.map(\.row)),
                ScreenSection(header: "Currently", rows: [settingsPreview]),
                ScreenSection(header: "Theme", rows: [deps.theme.summary]),
            ],
            actions: [
                ScreenAction(label: "Review settings", route: .settings(user)),
                ScreenAction(label: "See my profile", route: .profile(user)),
            ]
        )
    }
}
