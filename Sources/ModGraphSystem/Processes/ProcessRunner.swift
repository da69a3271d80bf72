import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("ModGraphSystem calls the C library: a port adds its module here and checks each call of this file")
#endif

/// Runs one program to its end, for `dump-package` and for measured builds.
///
/// The program starts from an argument vector (`posix_spawn`, never a shell)
/// in a session of its own, so that it and everything it starts (SwiftPM runs
/// the compiler, then the compiled manifest in a process group of its own) can
/// be stopped together: a manifest can loop forever, and its processes outlive
/// a killed parent. Standard output and standard error are read together, so
/// neither pipe can fill and stall the child, and each is bounded in memory.
/// Past the deadline the session gets SIGTERM, then SIGKILL after `grace`, and
/// the child is reaped; what a child leaves running when it ends gets SIGKILL.
/// While it runs, the child is known to ``ChildProcesses``, which stops it if
/// modgraph itself is interrupted.
public struct ProcessRunner: Sendable {
    /// How long the program may run, from start to exit.
    public var timeout: Duration
    /// Between SIGTERM and SIGKILL when the program is stopped.
    public var grace: Duration
    /// The address space the program and each process it starts may use, in bytes (``MemoryLimit``); nil: no limit.
    public var memoryLimit: Int?

    public init(timeout: Duration, grace: Duration = .seconds(2), memoryLimit: Int? = nil) {
        self.timeout = timeout
        self.grace = grace
        self.memoryLimit = memoryLimit
    }

    /// Where the program's output goes.
    public enum Output: Sendable, Equatable {
        /// Kept: standard output up to `limit` bytes (more stops the program),
        /// standard error as a head of `errorHead` bytes and a count of the rest.
        case capture(limit: Int, errorHead: Int)
        /// Both streams appended to this file, which is created or emptied first.
        case file(String)
    }

    /// How the program ended.
    public enum Status: Sendable, Equatable {
        case exited(Int32)
        case signalled(Int32)

        public var isSuccess: Bool { self == .exited(0) }

        /// The shell's convention: the exit code, or 128 plus the signal.
        public var code: Int32 {
            switch self {
            case let .exited(code): code
            case let .signalled(signal): 128 + signal
            }
        }
    }

    public struct Result: Sendable {
        public let status: Status
        /// Empty with ``Output/file(_:)``.
        public let standardOutput: Data
        /// Empty with ``Output/file(_:)``.
        public let standardError: HeadCapture
        /// User and system CPU seconds of the program and of every descendant it waited for.
        public var cpuSeconds: Double = 0
    }

    /// Why the program did not run to its end.
    public enum Failure: Error, Equatable, Sendable {
        /// Neither an executable file nor a name found on `PATH`.
        case notFound(executable: String)
        /// The system refused to start it (`reason` says why).
        case cannotStart(executable: String, reason: String)
        /// Still running at the deadline; it and everything it started were stopped.
        case timedOut(Duration)
        /// Printed more than the limit on standard output; it and everything it started were stopped.
        case outputTooLarge(limit: Int)
    }

    /// Runs `executable` (a path, or a name looked up on `PATH`) with `arguments`
    /// and exactly `environment`; standard input is `/dev/null`.
    public func run(
        _ executable: String, _ arguments: [String], environment: [String: String],
        output: Output
    ) throws(Failure) -> Result {
        guard let path = Self.locate(executable) else { throw .notFound(executable: executable) }
        let started = ContinuousClock.now
        let (program, programArguments) = MemoryLimit.wrapped(path, arguments, bytes: memoryLimit)
        guard
            let child = try ChildProcesses.shared.spawn(program, arguments: programArguments, environment: environment, output: output)
        else {
            ChildProcesses.shared.park()
        }
        var standardOutput = Data()
        var standardError = HeadCapture(limit: 0)
        if case let .capture(_, errorHead) = output { standardError = HeadCapture(limit: errorHead) }
        var streams: [Stream] = []
        if let fd = child.standardOutput { streams.append(Stream(fd: fd, isError: false)) }
        if let fd = child.standardError { streams.append(Stream(fd: fd, isError: true)) }
        defer { for stream in streams where stream.fd >= 0 { close(stream.fd) } }

        let deadline = started.advanced(by: timeout)
        var outcome: Failure?
        // Once both pipes are closed the child is about to end: look again soon, then less often.
        var idle = 1
        while !child.hasExited() {
            if ContinuousClock.now >= deadline {
                outcome = .timedOut(timeout)
                break
            }
            let isReading = streams.contains { $0.fd >= 0 }
            let wait = min(Self.milliseconds(until: deadline), isReading ? 50 : idle)
            if !isReading { idle = min(idle * 2, 50) }
            if Self.pump(&streams, wait: wait, output: &standardOutput, errors: &standardError),
                case let .capture(limit, _) = output, standardOutput.count > limit
            {
                outcome = .outputTooLarge(limit: limit)
                break
            }
        }
        if outcome != nil { child.stop(grace: grace) }
        let (status, cpuSeconds) = child.reap()
        // What the child wrote before it ended; its session is gone, so the pipes
        // reach their end unless something escaped the session, hence the bound.
        let drainEnd = ContinuousClock.now.advanced(by: .seconds(1))
        while outcome == nil, streams.contains(where: { $0.fd >= 0 }), ContinuousClock.now < drainEnd {
            _ = Self.pump(&streams, wait: Self.milliseconds(until: drainEnd), output: &standardOutput, errors: &standardError)
            if case let .capture(limit, _) = output, standardOutput.count > limit { outcome = .outputTooLarge(limit: limit) }
        }
        ChildProcesses.shared.parkIfInterrupted()
        if let outcome { throw outcome }
        return Result(status: status, standardOutput: standardOutput, standardError: standardError, cpuSeconds: cpuSeconds)
    }

    /// A path with a slash is taken as is; a bare name is searched on `PATH`.
    public static func locate(_ executable: String) -> String? {
        let files = FileManager.default
        if executable.contains("/") {
            return files.isExecutableFile(atPath: executable) ? executable : nil
        }
        guard !executable.isEmpty else { return nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = (String(folder) as NSString).appendingPathComponent(executable)
            if files.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    private struct Stream {
        var fd: Int32
        let isError: Bool
    }

    /// Waits up to `wait` ms for output and reads what there is; true when standard output grew.
    private static func pump(_ streams: inout [Stream], wait: Int, output: inout Data, errors: inout HeadCapture) -> Bool {
        var polled = streams.filter { $0.fd >= 0 }.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        if polled.isEmpty {
            _ = poll(nil, 0, Int32(wait))
            return false
        }
        guard poll(&polled, nfds_t(polled.count), Int32(wait)) > 0 else { return false }
        var grew = false
        var buffer = [UInt8](repeating: 0, count: 65_536)
        for entry in polled where entry.revents != 0 {
            guard let index = streams.firstIndex(where: { $0.fd == entry.fd }) else { continue }
            let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
            if count > 0 {
                let bytes = buffer[..<count]
                if streams[index].isError {
                    errors.append(bytes)
                } else {
                    output.append(contentsOf: bytes)
                    grew = true
                }
            } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                close(entry.fd)
                streams[index].fd = -1
            }
        }
        return grew
    }

    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int {
        let left = ContinuousClock.now.duration(to: deadline).components
        return max(0, Int(min(left.seconds, 86_400)) * 1000 + Int(left.attoseconds / 1_000_000_000_000_000))
    }
}

/// The first bytes of a stream, and how much came after them: what a person
/// can read of a compiler's diagnostics, kept in bounded memory however much
/// (or however long) the child writes.
public struct HeadCapture: Sendable, Equatable {
    /// How many bytes are kept.
    public let limit: Int
    public private(set) var head: [UInt8] = []
    /// Every byte written, kept or not.
    public private(set) var totalBytes = 0
    /// Line feeds among them.
    public private(set) var lineFeeds = 0
    /// Whether the last byte written was a line feed.
    public private(set) var endsWithLineFeed = false

    public init(limit: Int) {
        self.limit = max(0, limit)
    }

    public mutating func append<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) {
        guard !bytes.isEmpty else { return }
        let room = limit - head.count
        if room > 0 { head.append(contentsOf: bytes.prefix(room)) }
        totalBytes += bytes.count
        lineFeeds += bytes.withContiguousStorageIfAvailable(Self.lineFeeds(in:)) ?? Self.lineFeeds(in: Array(bytes))
        endsWithLineFeed = bytes.last == 0x0A
    }

    private static func lineFeeds(in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        guard var position = UnsafeRawPointer(buffer.baseAddress) else { return 0 }
        let end = position + buffer.count
        var count = 0
        while position < end, let found = memchr(position, 0x0A, end - position) {
            count += 1
            position = UnsafeRawPointer(found) + 1
        }
        return count
    }

    private static func lineFeeds(in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer(lineFeeds(in:))
    }

    /// Lines written in all, the last one counted even without a line feed.
    public var lineCount: Int {
        totalBytes == 0 ? 0 : lineFeeds + (endsWithLineFeed ? 0 : 1)
    }
}
