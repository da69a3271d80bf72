import Profile // The planted upward dependency: a core module knowing a vertical's endpoints.

/// An HTTP client answering from a fixed routing table.
public final class InMemoryHTTPClient: HTTPClient {
    private var routes: [String: HTTPResponse]

    public init(routes: [String: String] = [:]) {
        self.routes = routes.mapValues { HTTPResponse(body: $0) }
    }

    /// A client pre-seeded with Profile's demo users. Convenient, and exactly the kind of
    /// shortcut that makes the core layer depend on a vertical.
    public static func withProfileFixtures(_ extra: [String: String] = [:]) -> InMemoryHTTPClient {
        var routes = extra
        for (rawID, payload) in ProfileAPI.demoUsers {
            routes[ProfileAPI.path(forRawID: rawID)] = payload
        }
        return InMemoryHTTPClient(routes: routes)
    }

    public func send(_ request: HTTPRequest) -> Result<HTTPResponse, NetworkError> {
        routes[request.path].map { .success($0) } ?? .failure(.notFound(path: request.path))
    }
}
