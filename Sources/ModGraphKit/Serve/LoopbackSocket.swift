#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `modgraph serve`'s socket: TCP on 127.0.0.1 only, one connection at a time
/// on the calling thread (the engine is sequential; a view is laid out while
/// the browser waits), each bounded in time and size. The platform's socket
/// calls are all here.
public struct LoopbackSocket: ~Copyable {
    private let descriptor: Int32
    /// The port the socket listens on (chosen by the system when 0 was asked for).
    public let port: Int

    /// Seconds a connection may take to send its request or read the answer.
    static let timeout = 10

    /// Listens on 127.0.0.1:`port` (0: a free port the system chooses).
    public init(port: Int) throws(CommandError) {
        #if canImport(Darwin)
            let stream = SOCK_STREAM
        #else
            let stream = Int32(SOCK_STREAM.rawValue)
        #endif
        let socket = socket(AF_INET, stream, 0)
        guard socket >= 0 else { throw CommandError("serve: no socket (\(Self.reason()))") }
        var on: Int32 = 1
        _ = setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)  // 127.0.0.1, never another interface
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socket, 16) == 0 else {
            let reason = Self.reason()
            close(socket)
            throw CommandError("serve: cannot listen on 127.0.0.1:\(port) (\(reason)); choose another --port, or 0 for any")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        descriptor = socket
        self.port = Int(UInt16(bigEndian: actual.sin_port))
    }

    deinit { close(descriptor) }

    /// Accepts connections for ever, one at a time: reads a request of at most
    /// `limit` bytes (up to the blank line after its headers), writes `answer`'s
    /// bytes, closes. A connection that stalls is dropped after ``timeout`` seconds.
    public func serve(limit: Int, answer: ([UInt8]) -> [UInt8]) -> Never {
        while true {
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { continue }
            var time = timeval(tv_sec: Self.timeout, tv_usec: 0)
            _ = setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
            _ = setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
            #if canImport(Darwin)
                var quiet: Int32 = 1
                _ = setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &quiet, socklen_t(MemoryLayout<Int32>.size))
            #endif
            if let request = Self.read(connection, limit: limit) { Self.write(answer(request), to: connection) }
            close(connection)
        }
    }

    /// The request's bytes up to and including the blank line after its headers; the
    /// first `limit + 1` bytes when it is longer (the answer refuses it); nil on a stall or a close.
    private static func read(_ connection: Int32, limit: Int) -> [UInt8]? {
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while request.count <= limit {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            request += buffer[..<count]
            if ViewerServer.headerEnd(request) != nil { return request }
        }
        return Array(request.prefix(limit + 1))
    }

    private static func write(_ bytes: [UInt8], to connection: Int32) {
        #if canImport(Darwin)
            let flags: Int32 = 0
        #else
            let flags = Int32(MSG_NOSIGNAL)
        #endif
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, flags) }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
