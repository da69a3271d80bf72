import Foundation
import ModGraphCore
import ModGraphReport
import ModGraphSystem

/// What `modgraph serve` answers: a request's bytes in, a response's bytes
/// out, no I/O (``LoopbackSocket`` does that). It serves one page, the
/// viewer of one graph, and the layout of any view of it the page asks for
/// (``ViewerPage/layout(key:)``), laid out by Graphviz when asked.
///
/// Only this machine's browser should reach it, so every request must:
/// name the random token as the first part of its path (else 404, the same
/// as any unknown path, compared in constant time); carry the `Host` the
/// server was reached at, `127.0.0.1:PORT` or `localhost:PORT` (else 421:
/// a page of another site that renamed itself to 127.0.0.1 by DNS cannot
/// read anything); not come from another site (`Sec-Fetch-Site`); be a `GET`
/// of at most ``requestLimit`` bytes. Nothing is written or fetched; the
/// answers say not to be cached, sniffed or embedded elsewhere.
public struct ViewerServer: Sendable {
    /// The longest request read, headers included.
    public static let requestLimit = 16_384

    public let token: String
    public let port: Int
    private let page: ViewerPage
    private let pageBytes: [UInt8]

    /// The server of `page` (its ``ViewerPage/livePath`` is set to the token's), reached on `port`.
    public init(page: ViewerPage, token: String, port: Int, warnings: (String) -> Void = { _ in }) throws(CommandError) {
        self.token = token
        self.port = port
        var live = page
        live.livePath = "/\(token)/"
        self.page = live
        do {
            let rendered = try live.render()
            for warning in Set(rendered.warnings).sorted() { warnings("Graphviz: \(warning)") }
            pageBytes = rendered.bytes
        } catch {
            throw CommandError(error.description)
        }
    }

    /// A token of 128 random bits, as 32 hexadecimal digits.
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let word = String(generator.next() as UInt32, radix: 16)
            return String(repeating: "0", count: 8 - word.count) + word
        }.joined()
    }

    /// The page's address.
    public var address: String { "http://127.0.0.1:\(port)/\(token)/" }

    /// An answer and a line for the log (method, path without the token, status).
    public struct Response: Equatable, Sendable {
        public let status: Int
        public let bytes: [UInt8]
    }

    /// The answer to `request`, the bytes read up to the blank line that ends its headers.
    public func respond(to request: [UInt8]) -> Response {
        guard request.count <= Self.requestLimit else { return Self.plain(431, "request too large") }
        guard let end = Self.headerEnd(request) else { return Self.plain(400, "incomplete request") }
        // Requests are ASCII: anything else is refused rather than interpreted.
        guard request[..<end].allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0D || $0 == 0x0A || $0 == 0x09 }) else {
            return Self.plain(400, "not a request")
        }
        let lines = String(decoding: request[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3, requestLine[2] == "HTTP/1.1" || requestLine[2] == "HTTP/1.0" else {
            return Self.plain(400, "not a request")
        }
        var hosts: [Substring] = []
        var fetchSite: Substring?
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return Self.plain(400, "malformed header") }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "host" { hosts.append(Substring(value)) }
            if name == "sec-fetch-site" { fetchSite = Substring(value) }
        }
        guard hosts.count == 1, hosts[0] == "127.0.0.1:\(port)" || hosts[0] == "localhost:\(port)" else {
            return Self.plain(421, "this server answers requests for 127.0.0.1:\(port) only")
        }
        if let fetchSite, fetchSite != "same-origin", fetchSite != "none" {
            return Self.plain(403, "requests from other sites are refused")
        }
        guard requestLine[0] == "GET" else { return Self.plain(405, "only GET") }
        let target = requestLine[1]
        let pathEnd = target.firstIndex(of: "?") ?? target.endIndex
        let path = target[..<pathEnd]
        let query = pathEnd < target.endIndex ? target[target.index(after: pathEnd)...] : ""
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        // "/TOKEN/" or "/TOKEN/view": an empty first part, the token, the resource.
        guard parts.count == 3, parts[0].isEmpty, Self.sameBytes(Array(parts[1].utf8), Array(token.utf8)) else {
            return Self.plain(404, "not found")
        }
        switch parts[2] {
        case "":
            return Self.answer(200, type: "text/html; charset=utf-8", body: pageBytes, policy: true)
        case "view":
            guard let key = Self.queryValue("key", in: query) else { return Self.plain(400, "no view named") }
            do {
                guard let laid = try page.layout(key: key) else { return Self.plain(404, "no such view") }
                return Self.answer(200, type: "application/json", body: laid.bytes, policy: false)
            } catch {
                return Self.plain(500, "the view could not be laid out")
            }
        default:
            return Self.plain(404, "not found")
        }
    }

    /// Whether `bytes` hold a whole request: its headers and the blank line after them
    /// (the server answers GET only, which carries no body).
    public static func isWholeRequest(_ bytes: [UInt8]) -> Bool {
        headerEnd(bytes) != nil
    }

    /// The offset of the first byte after `\r\n\r\n`, nil when there is none.
    static func headerEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count
        where bytes[index] == 0x0A && bytes[index - 1] == 0x0D && bytes[index - 2] == 0x0A && bytes[index - 3] == 0x0D {
            return index + 1
        }
        return nil
    }

    /// Whether two byte strings are equal, in time that depends on their lengths only.
    static func sameBytes(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }

    /// The percent-decoded value of `name` in a query string; nil when absent or not valid UTF-8.
    static func queryValue(_ name: String, in query: Substring) -> String? {
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == name else { continue }
            var bytes: [UInt8] = []
            var iterator = Array(parts[1].utf8).makeIterator()
            while let byte = iterator.next() {
                if byte == UInt8(ascii: "%") {
                    guard let high = iterator.next(), let low = iterator.next(),
                        let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
                    else { return nil }
                    bytes.append(value)
                } else {
                    bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                }
            }
            return String(validating: bytes, as: UTF8.self)
        }
        return nil
    }

    private static func plain(_ status: Int, _ message: String) -> Response {
        answer(status, type: "text/plain; charset=utf-8", body: Array((message + "\n").utf8), policy: true)
    }

    private static let reasons = [
        200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 421: "Misdirected Request",
        431: "Request Header Fields Too Large", 500: "Internal Server Error",
    ]

    private static func answer(_ status: Int, type: String, body: [UInt8], policy: Bool) -> Response {
        var head = "HTTP/1.1 \(status) \(reasons[status] ?? "Error")\r\n"
        head += "Content-Type: \(type)\r\nContent-Length: \(body.count)\r\n"
        head += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n"
        head += "Cross-Origin-Resource-Policy: same-origin\r\nX-Frame-Options: DENY\r\n"
        // The page's own policy is in its markup; an error page may run nothing at all.
        if policy && type.hasPrefix("text/plain") { head += "Content-Security-Policy: default-src 'none'\r\n" }
        head += "Connection: close\r\n\r\n"
        return Response(status: status, bytes: Array(head.utf8) + body)
    }
}
