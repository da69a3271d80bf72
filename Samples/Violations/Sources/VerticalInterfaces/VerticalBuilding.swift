// What each vertical lets the others ask of it. Verticals never depend on
// each other; they receive these through their builder's `Deps`.

public protocol ProfileBuilding {
    func makeProfile(userID: UserID) -> ScreenDescription
    func summary(of userID: UserID) -> UserSummary
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

extension ProfileBuilding {
    public func displayName(of userID: UserID) -> String { // FAULT (d), a warning: a default implementation.
        summary(of: userID).displayName
    }
}
