// What each vertical lets the others ask of it. Verticals never import each other;
// they receive these through their builder's `Deps`.

public protocol OnboardingBuilding {
    func makeOnboarding() -> ScreenDescription
}

public protocol ProfileBuilding {
    func makeProfile(userID: UserID) -> ScreenDescription
    func summary(of userID: UserID) -> UserSummary
}

public protocol SettingsBuilding {
    func makeSettings(for userID: UserID) -> ScreenDescription
}

public protocol SearchBuilding {
    func makeSearch(query: String) -> ScreenDescription
}

public protocol CheckoutBuilding {
    func makeCheckout(cart: Cart) -> ScreenDescription
}

public protocol MessagingBuilding {
    func makeConversation(with userID: UserID) -> ScreenDescription
    func unreadCount(for userID: UserID) -> Int
}
