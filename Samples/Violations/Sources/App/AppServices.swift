import Networking
import VerticalInterfaces
// FAULT (f): App declares Prelude in Package.swift, but no file of App imports it any more.

final class AppSession: UserSessionProviding {
    var currentUser: UserID?

    init(currentUser: UserID?) {
        self.currentUser = currentUser
    }
}

/// Adapts the core HTTP client to the read-only interface verticals use.
struct HTTPDataSource: RemoteDataFetching {
    let client: any HTTPClient

    func fetch(path: String) -> String? {
        try? client.get(path).get()
    }
}
