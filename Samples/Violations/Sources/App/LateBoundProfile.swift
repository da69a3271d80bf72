import VerticalInterfaces

/// Profile and Messaging need each other. Messaging is built first with this stand-in,
/// which forwards to the real Profile feature once that exists.
final class LateBoundProfile: ProfileBuilding {
    var target: (any ProfileBuilding)?

    private var resolved: any ProfileBuilding {
        guard let target else { preconditionFailure("Profile used before the app finished wiring") }
        return target
    }

    func makeProfile(userID: UserID) -> ScreenDescription {
        resolved.makeProfile(userID: userID)
    }

    func summary(of userID: UserID) -> UserSummary {
        resolved.summary(of: userID)
    }
}
