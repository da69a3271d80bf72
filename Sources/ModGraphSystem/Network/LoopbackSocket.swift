#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("ModGraphSystem calls the C library: a port adds its module here and checks each call of this file")
#endif

/// `modgraph serve`'s socket: TCP on 127.0.0.1 only, served on the calling
/// thread (the engine is sequential; a view is laid out while the browser
/// waits). Connections are read side by side in one `poll` loop, so one that
/// stalls (a browser's idle pre-connection, or a client sending a byte every
/// few seconds) holds up no other; each has ``timeout`` seconds in all, from
/// its accept to the last byte of its answer, and at most ``maximumConnections``
/// are open at once. The platform's socket calls are all here.
public struct LoopbackSocket: ~Copyable {
    private let descriptor: Int32
    /// The port the socket listens on (chosen by the system when 0 was asked for).
    public let port: Int

    /// Seconds a connection may take in all, to send its request and read the answer.
    static let timeout = 10
    /// Connections open at once; more wait in the listening queue.
    static let maximumConnections = 64

    /// Listens on 127.0.0.1:`port` (0: a free port the system chooses).
    public init(port: Int) throws(SystemFailure) {
        #if canImport(Darwin)
            let stream = SOCK_STREAM
        #else
            let stream = Int32(SOCK_STREAM.rawValue)
        #endif
        let socket = socket(AF_INET, stream, 0)
        guard socket >= 0 else { throw SystemFailure("serve: no socket (\(Self.reason()))") }
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
        guard bound == 0, listen(socket, 16) == 0, Self.setNonBlocking(socket) else {
            let reason = Self.reason()
            close(socket)
            throw SystemFailure("serve: cannot listen on 127.0.0.1:\(port) (\(reason)); choose another --port, or 0 for any")
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

    /// One open connection: what it sent, then what it is sent.
    private struct Connection {
        let descriptor: Int32
        /// When it is dropped, answered or not (``LoopbackSocket/now()``, seconds).
        let deadline: Double
        var request: [UInt8] = []
        /// The answer, once the request is whole; nil while it is read.
        var answer: [UInt8]?
        var sent = 0
    }

    /// Accepts connections for ever: reads each one's request, of at most `limit`
    /// bytes (until `isWhole` says it has all of it: for HTTP, the blank line after its
    /// headers), writes `answer`'s bytes, closes. A connection not done within
    /// ``timeout`` seconds is dropped.
    public func serve(limit: Int, isWhole: ([UInt8]) -> Bool, answer: ([UInt8]) -> [UInt8]) {
        var connections: [Connection] = []
        while true {
            let now = Self.now()
            // Drop what ran out of time.
            connections.removeAll { connection in
                guard connection.deadline <= now else { return false }
                close(connection.descriptor)
                return true
            }
            var polled = connections.map { pollfd(fd: $0.descriptor, events: Int16($0.answer == nil ? POLLIN : POLLOUT), revents: 0) }
            let listening = connections.count < Self.maximumConnections
            if listening { polled.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
            // Until the soonest deadline; with no connection open, until one comes.
            let wait = connections.map(\.deadline).min().map { Int32((max(0, $0 - now) * 1_000).rounded(.up)) } ?? -1
            guard poll(&polled, nfds_t(polled.count), wait) > 0 else { continue }
            var done: Set<Int32> = []
            for index in connections.indices where polled[index].revents != 0 {
                if Self.advance(
                    &connections[index], events: Int32(polled[index].revents), limit: limit, isWhole: isWhole, answer: answer)
                {
                    close(connections[index].descriptor)
                    done.insert(connections[index].descriptor)
                }
            }
            connections.removeAll { done.contains($0.descriptor) }
            if listening, polled.last?.revents ?? 0 != 0 {
                accept(into: &connections, deadline: Self.now() + Double(Self.timeout))
            }
        }
    }

    /// Takes the connections waiting, up to ``maximumConnections`` open.
    private func accept(into connections: inout [Connection], deadline: Double) {
        while connections.count < Self.maximumConnections {
            let connection = acceptConnection(descriptor)
            guard connection >= 0 else { return }
            guard Self.setNonBlocking(connection) else {
                close(connection)
                continue
            }
            #if canImport(Darwin)
                var quiet: Int32 = 1
                _ = setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &quiet, socklen_t(MemoryLayout<Int32>.size))
            #endif
            connections.append(Connection(descriptor: connection, deadline: deadline))
        }
    }

    /// Reads or writes what `connection` is ready for; whether it is done (answered, closed, or failed).
    private static func advance(
        _ connection: inout Connection, events: Int32, limit: Int, isWhole: ([UInt8]) -> Bool, answer: ([UInt8]) -> [UInt8]
    ) -> Bool {
        if events & Int32(POLLERR | POLLNVAL) != 0 { return true }
        guard let bytes = connection.answer else {
            var buffer = [UInt8](repeating: 0, count: 4_096)
            let count = buffer.withUnsafeMutableBytes { recv(connection.descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return count == 0 || !wouldBlock() }
            connection.request += buffer[..<count]
            if connection.request.count > limit {
                // The first `limit + 1` bytes: the answer refuses it.
                connection.answer = answer(Array(connection.request.prefix(limit + 1)))
            } else if isWhole(connection.request) {
                connection.answer = answer(connection.request)
            }
            return false
        }
        #if canImport(Darwin)
            let flags: Int32 = 0
        #else
            let flags = Int32(MSG_NOSIGNAL)
        #endif
        let sent = bytes[connection.sent...].withUnsafeBytes { send(connection.descriptor, $0.baseAddress, $0.count, flags) }
        guard sent > 0 else { return !wouldBlock() }
        connection.sent += sent
        return connection.sent >= bytes.count
    }

    /// Seconds on the monotonic clock.
    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func wouldBlock() -> Bool { errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }

    private static func setNonBlocking(_ descriptor: Int32) -> Bool {
        let flags = fcntl(descriptor, F_GETFL)
        return flags >= 0 && fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0
    }

    private static func reason() -> String { SystemError.current }
}

/// `accept` without an address, outside the type whose method of the same name would hide it.
private func acceptConnection(_ descriptor: Int32) -> Int32 {
    accept(descriptor, nil, nil)
}
