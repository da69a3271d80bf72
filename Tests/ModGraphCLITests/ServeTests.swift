import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ModGraphKit
import Testing

/// `modgraph serve`'s answers, request bytes in, response bytes out (``ViewerServer``), and the
/// command itself over a real socket on 127.0.0.1.
@Suite("serve")
struct ServeTests {
    /// The server of a three-target graph: App → Feature → Core.
    static func server() throws -> ViewerServer {
        let folder = try ModGraphRunner.scratchFolder("modgraph-serve")
        defer { try? FileManager.default.removeItem(at: folder) }
        let dump = folder.appendingPathComponent("dump.json")
        try #"""
        {"name": "P", "packageKind": {"root": ["\#(folder.path)"]}, "products": [], "dependencies": [], "targets": [
          {"name": "App", "type": "executable", "dependencies": [{"byName": ["Feature", null]}]},
          {"name": "Feature", "type": "regular", "dependencies": [{"byName": ["Core", null]}]},
          {"name": "Core", "type": "regular", "dependencies": []}]}
        """#.write(to: dump, atomically: true, encoding: .utf8)
        let loaded = try GraphLoader.load(LoadRequest(paths: [dump.path], cache: .disabled))
        let page = try GraphOutput.viewerPage(
            of: loaded.graph, selection: GraphSelection(), layout: nil, layers: [:], title: "P", source: "p")
        return try ViewerServer(page: page, token: String(repeating: "ab", count: 16), port: 4321)
    }

    static func get(_ path: String, host: String = "127.0.0.1:4321", headers: [String] = [], method: String = "GET") -> [UInt8] {
        Array((["\(method) \(path) HTTP/1.1", "Host: \(host)"] + headers + ["", ""]).joined(separator: "\r\n").utf8)
    }

    static func body(_ response: ViewerServer.Response) -> String {
        let text = String(decoding: response.bytes, as: UTF8.self)
        return text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
    }

    @Test func thePageAndItsViewsAreBehindTheToken() throws {
        let server = try Self.server()
        let token = String(repeating: "ab", count: 16)
        let page = server.respond(to: Self.get("/\(token)/"))
        #expect(page.status == 200)
        #expect(Self.body(page).hasPrefix("<!DOCTYPE html>") && Self.body(page).contains("\"live\":\"/\(token)/\""))
        #expect(String(decoding: page.bytes, as: UTF8.self).contains("Cache-Control: no-store\r\n"))
        // Feature both ways, two steps: all three targets (indices in id order: App 0, Core 1, Feature 2).
        let view = server.respond(to: Self.get("/\(token)/view?key=focus%3A2%3A2%3Aboth%7Ct1x1i1"))
        #expect(view.status == 200)
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(Self.body(view).utf8)) as? [String: Any])
        #expect(layout["key"] as? String == "focus:2:2:both|t1x1i1")
        #expect(Set((layout["nodes"] as? [[Int]] ?? []).map { $0[0] }) == [0, 1, 2])
        // App to Core: one path, through Feature.
        let path = server.respond(to: Self.get("/\(token)/view?key=path:0:1:10|t1x1i1"))
        let paths = try #require(try JSONSerialization.jsonObject(with: Data(Self.body(path).utf8)) as? [String: Any])
        #expect((paths["paths"] as? [String: Any])?["list"] as? [[Int]] == [[0, 2, 1]])
        #expect(server.respond(to: Self.get("/\(token)/view?key=focus%3A9%3A1%3Aboth%7Ct1x1i1")).status == 404)
        #expect(server.respond(to: Self.get("/\(token)/view")).status == 400)
        #expect(server.respond(to: Self.get("/\(token)/view?key=%zz")).status == 400)
    }

    @Test func everythingElseIsRefused() throws {
        let server = try Self.server()
        let token = String(repeating: "ab", count: 16)
        // A wrong, short or missing token is not found, as any other path.
        for path in [
            "/" + String(repeating: "ab", count: 15) + "aa/", "/ab/", "/", "/\(token)", "/\(token)/other", "/\(token)/../\(token)/",
        ] {
            #expect(server.respond(to: Self.get(path)).status == 404, "\(path)")
        }
        // Another host (a site that made its name point here), another site's page, another method.
        #expect(server.respond(to: Self.get("/\(token)/", host: "evil.example:4321")).status == 421)
        #expect(server.respond(to: Self.get("/\(token)/", host: "127.0.0.1:80")).status == 421)
        #expect(server.respond(to: Array("GET /\(token)/ HTTP/1.1\r\n\r\n".utf8)).status == 421)
        #expect(server.respond(to: Self.get("/\(token)/", headers: ["Host: 127.0.0.1:4321"])).status == 421)  // two hosts
        #expect(server.respond(to: Self.get("/\(token)/", headers: ["Sec-Fetch-Site: cross-site"])).status == 403)
        #expect(server.respond(to: Self.get("/\(token)/", headers: ["Sec-Fetch-Site: same-origin"])).status == 200)
        #expect(server.respond(to: Self.get("/\(token)/", host: "localhost:4321")).status == 200)
        #expect(server.respond(to: Self.get("/\(token)/", method: "POST")).status == 405)
        // Not a request: too large, unfinished, not ASCII, not HTTP.
        #expect(server.respond(to: Self.get("/\(token)/", headers: ["X: " + String(repeating: "x", count: 20_000)])).status == 431)
        #expect(server.respond(to: Array("GET /\(token)/ HTTP/1.1\r\nHost: 127.0.0.1:4321\r\n".utf8)).status == 400)
        #expect(server.respond(to: Self.get("/\(token)/é")).status == 400)
        #expect(server.respond(to: Array("GET /\(token)/ SPDY/3\r\nHost: 127.0.0.1:4321\r\n\r\n".utf8)).status == 400)
        // Refusals run nothing in a browser and are not cached.
        let refused = String(decoding: server.respond(to: Self.get("/")).bytes, as: UTF8.self)
        #expect(refused.contains("Content-Security-Policy: default-src 'none'\r\n") && refused.contains("Cache-Control: no-store\r\n"))
    }

    @Test func tokensAreRandom() {
        let tokens = Set((0..<50).map { _ in ViewerServer.randomToken() })
        #expect(tokens.count == 50 && tokens.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
    }

    /// The command: its address on stdout, the page at it, on 127.0.0.1 only.
    @Test func theCommandServesOnLoopback() throws {
        let (process, port, token) = try Self.startServer()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let answer = try Self.get(port: port, request: "GET /\(token)/ HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(answer.contains("Module graph of VerticalApp"))
    }

    /// Issue #46: a client that stalls holds up no other, and one that sends a byte now and then
    /// is dropped when its connection's whole time is up (before, each read had its own 10 s, so a
    /// byte every 8 s held the one connection served for as long as the client liked).
    @Test func aStalledOrDrippingClientHoldsUpNoOther() throws {
        let (process, port, token) = try Self.startServer()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let stalled = try Self.dial(port: port)
        defer { close(stalled) }
        _ = Array("G".utf8).withUnsafeBytes { send(stalled, $0.baseAddress, $0.count, 0) }
        let dripping = try Self.dial(port: port)
        defer { close(dripping) }
        let started = Date()
        let answer = try Self.get(port: port, request: "GET /\(token)/ HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(Date().timeIntervalSince(started) < 3, "answered only after the stalled client")
        // A byte every half second never finishes a request: the server closes the connection
        // about 10 s after it took it, and the client's send then fails or its read sees the close.
        var closedAfter: Double?
        let dripStart = Date()
        while Date().timeIntervalSince(dripStart) < 16 {
            var probe = pollfd(fd: dripping, events: Int16(POLLIN), revents: 0)
            if poll(&probe, 1, 500) > 0 {
                var byte: UInt8 = 0
                if recv(dripping, &byte, 1, 0) <= 0 {
                    closedAfter = Date().timeIntervalSince(started)
                    break
                }
            }
            _ = Array("X".utf8).withUnsafeBytes { send(dripping, $0.baseAddress, $0.count, Self.noSignal) }
        }
        let closed = try #require(closedAfter, "a dripping client was never dropped")
        #expect(closed > 8 && closed < 14)
    }

    #if canImport(Darwin)
        private static let noSignal: Int32 = 0
    #else
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #endif

    /// `modgraph serve` on the VerticalApp sample, with its port and token.
    private static func startServer() throws -> (Process, UInt16, String) {
        let process = Process()
        let executable = try #require(ModGraphRunner.executable)
        process.executableURL = executable
        process.arguments = ["serve", ModGraphRunner.samples.appendingPathComponent("VerticalApp").path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let address = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = address.dropFirst("http://127.0.0.1:".count).split(separator: "/")
        guard address.hasPrefix("http://127.0.0.1:"), let port = parts.first.flatMap({ UInt16($0) }), let token = parts.dropFirst().first else {
            process.terminate()
            process.waitUntilExit()
            throw ServeTestError(address: address)
        }
        return (process, port, String(token))
    }

    private struct ServeTestError: Error {
        let address: String
    }

    /// A TCP connection to 127.0.0.1:`port`.
    private static func dial(port: UInt16) throws -> Int32 {
        #if canImport(Darwin)
            let stream = SOCK_STREAM
        #else
            let stream = Int32(SOCK_STREAM.rawValue)
        #endif
        let descriptor = socket(AF_INET, stream, 0)
        try #require(descriptor >= 0)
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw ServeTestError(address: "127.0.0.1:\(port)")
        }
        return descriptor
    }

    /// A request over TCP to 127.0.0.1:`port`, and the whole answer.
    private static func get(port: UInt16, request: String) throws -> String {
        let descriptor = try dial(port: port)
        defer { close(descriptor) }
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            answer += buffer[..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }
}
