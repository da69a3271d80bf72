import Networking
import VerticalInterfaces

/// The signed-in user, owned by the app and shared with features as `UserSessionProviding`.
final class AppSession: UserSessionProviding {
    var currentUser: UserID?

    init(currentUser: UserID?) {
        self.currentUser = currentUser
    }
}

enum DemoBackend {
    /// A canned backend so the demo runs without a network.
    static func make() -> InMemoryHTTPClient {
        let http = InMemoryHTTPClient(routes: [
            "/users/ada": "Ada Lovelace|Writes programs for engines|London",
            "/users/alan": "Alan Turing|Breaks codes|Wilmslow",
            "/conversations/alan": "alan: Have you seen the new engine?\nada: Only on paper.",
            "/conversations/alan/unread": "2",
            "/search/engine": "product:p-1:Difference engine kit:129900\nuser:alan\nproduct:p-2:Punch cards:450",
        ])
        http.stub(.post, "/orders", body: "A-1001")
        return http
    }
}
