public enum HTTPMethod: String, Sendable {
    case get = "GET"
    case post = "POST"
    case delete = "DELETE"
}

public struct HTTPRequest: Hashable, Sendable, CustomStringConvertible {
    public var method: HTTPMethod
    public var path: String
    public var body: String?

    public init(_ method: HTTPMethod = .get, path: String, body: String? = nil) {
        self.method = method
        self.path = path
        self.body = body
    }

    public var description: String { "\(method.rawValue) \(path)" }
}

public struct HTTPResponse: Equatable, Sendable {
    public var status: Int
    public var body: String

    public init(status: Int = 200, body: String) {
        self.status = status
        self.body = body
    }

    public var isSuccess: Bool { (200..<300).contains(status) }
}

public enum NetworkError: Error, Equatable {
    case notFound(path: String)
    case server(status: Int)
    case offline
}
