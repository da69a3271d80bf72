import Networking
import Prelude
import VerticalInterfaces

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
        client.get(path).value
    }
}
