enum OnboardingStep: Int, CaseIterable {
    case welcome = 1
    case notifications
    case profile

    var text: String {
        switch self {
        case .welcome: return "Welcome to the app"
        case .notifications: return "Choose what we may notify you about"
        case .profile: return "Tell people who you are"
        }
    }

    var row: String { "\(rawValue)/\(Self.allCases.count) \(text)" }
}
