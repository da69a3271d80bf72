/// An HTTP client answering from a fixed routing table; records every request it saw.
public final class InMemoryHTTPClient: HTTPClient {
    public private(set) var log: [HTTPRequest] = []
    private var routes: [String: HTTPResponse]
    public var isOffline = false

    public init(routes: [String: String] = [:]) {
        self.routes = routes.mapValues { HTTPResponse(body: $0) }
    }

    /// Registers or replaces the response for `method path`.
    public func stub(_ method: HTTPMethod = .get, _ path: String, status: Int = 200, body: String) {
        routes[key(method, path)] = HTTPResponse(status: status, body: body)
    }

    public func send(_ request: HTTPRequest) -> Result<HTTPResponse, NetworkError> {
        log.append(request)
        if isOffline { return .failure(.offline) }
        if let response = routes[key(request.method, request.path)] ?? routes[request.path] {
            return .success(response)
        }
        return .failure(.notFound(path: request.path))
    }

    private func key(_ method: HTTPMethod, _ path: String) -> String {
        "\(method.rawValue) \(path)"
    }
}
