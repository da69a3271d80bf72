import Prelude

/// The only thing features know about the network.
public protocol HTTPClient {
    func send(_ request: HTTPRequest) -> Result<HTTPResponse, NetworkError>
}

extension HTTPClient {
    /// GET `path` and return the body of a 2xx response.
    public func get(_ path: String) -> Result<String, NetworkError> {
        send(HTTPRequest(.get, path: path)).flatMap { response in
            response.isSuccess ? .success(response.body) : .failure(.server(status: response.status))
        }
    }

    /// POST `body` to `path`, returning the response body.
    public func post(_ path: String, body: String) -> Result<String, NetworkError> {
        send(HTTPRequest(.post, path: path, body: body)).flatMap { response in
            response.isSuccess ? .success(response.body) : .failure(.server(status: response.status))
        }
    }

    /// GET with a fallback body when anything goes wrong.
    public func get(_ path: String, orElse fallback: String) -> String {
        get(path).recover { _ in fallback }
    }
}
