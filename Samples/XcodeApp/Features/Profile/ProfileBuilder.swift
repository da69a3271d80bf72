import Core
import VerticalInterfaces

/// Profiles, looked up by identifier.
public struct ProfileBuilder: ProfileBuilding {
    let logger: Logger

    public init(logger: Logger) {
        self.logger = logger
    }

    public func summary(of id: Identifier<ProfileSummary>) -> ProfileSummary {
        logger.log("profile \(id.rawValue)")
        return ProfileSummary(id: id, name: "Ada")
    }
}
