#if os(macOS) || os(iOS)
import Persistence
#endif
import VerticalInterfaces

public enum Preference: String, CaseIterable, Sendable {
    case notifications
    case darkMode
    case analytics

    var label: String {
        switch self {
        case .notifications: return "Push notifications"
        case .darkMode: return "Dark mode"
        case .analytics: return "Share usage data"
        }
    }
}

/// Per-user preferences. On Apple platforms they go through Persistence (the dependency is
/// declared only for macOS and iOS); elsewhere the vertical keeps them in a dictionary.
final class PreferenceStorage {
    private let defaults: [Preference: Bool]
    #if os(macOS) || os(iOS)
    private let store: any KeyValueStore = InMemoryKeyValueStore()
    #else
    private var values: [String: Bool] = [:]
    #endif

    init(defaults: [Preference: Bool]) {
        self.defaults = defaults
    }

    func value(_ preference: Preference, for userID: UserID) -> Bool {
        #if os(macOS) || os(iOS)
        let stored = store.bool(forKey: key(preference, userID))
        #else
        let stored = values[key(preference, userID)]
        #endif
        return stored ?? defaults[preference] ?? false
    }

    func set(_ value: Bool, _ preference: Preference, for userID: UserID) {
        #if os(macOS) || os(iOS)
        store.set(value, forKey: key(preference, userID))
        #else
        values[key(preference, userID)] = value
        #endif
    }

    private func key(_ preference: Preference, _ userID: UserID) -> String {
        "settings.\(userID.rawValue).\(preference.rawValue)"
    }
}
