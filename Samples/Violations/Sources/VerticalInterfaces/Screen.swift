import Prelude

/// A platform-neutral description of what a screen shows; the app renders it.
public struct ScreenDescription: Equatable, Sendable {
    public let id: Identifier<ScreenDescription>
    public let title: String
    public let sections: [ScreenSection]
    public let actions: [ScreenAction]

    public init(id: String, title: String, sections: [ScreenSection] = [], actions: [ScreenAction] = []) {
        self.id = Identifier(id)
        self.title = title
        self.sections = sections
        self.actions = actions
    }

    public var allRows: [String] { sections.flatMap(\.rows) }
}

public struct ScreenSection: Equatable, Sendable {
    public let header: String
    public let rows: [String]

    public init(header: String, rows: [String]) {
        self.header = header
        self.rows = rows
    }
}

public struct ScreenAction: Equatable, Sendable {
    public let label: String
    public let route: Route

    public init(label: String, route: Route) {
        self.label = label
        self.route = route
    }
}

/// Where an action leads. Verticals name destinations; only the app resolves them.
public enum Route: Hashable, Sendable {
    case signIn
    case profile(UserID)
    case search(query: String)
    case checkout
    case conversation(UserID)
    case dismiss
}

// A class holds state and behaviour, which belong in an implementation module behind a protocol.
public final class ScreenCache { // FAULT (d): a class in the interface module.
    private var screens: [String: ScreenDescription] = [:]

    public init() {}

    public func screen(for id: String, orMake make: () -> ScreenDescription) -> ScreenDescription {
        if let cached = screens[id] { return cached }
        let screen = make()
        screens[id] = screen
        return screen
    }
}
