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

/// Every child modgraph has running, each in a session of its own, and the
/// temporary folders it made, so that an interrupt can end them all.
///
/// A child's session holds everything it starts, even what it moves to a
/// process group of its own, as SwiftPM does with the compiled manifest: a
/// process group alone would let a manifest looping forever outlive
/// `swift-package`. Only a program that starts a session itself escapes.
///
/// SIGINT or SIGTERM would otherwise kill modgraph alone: its children are in
/// sessions of their own (the terminal's Ctrl-C does not reach them), so they
/// would keep running and the temporary folders would stay.
/// ``stopChildrenOnInterrupt(grace:)`` handles those signals on a dispatch
/// queue, not in a signal handler, where almost nothing is safe.
///
/// A session is signalled only while its leader, the child, is not yet
/// reaped: the kernel does not reuse the child's process ID (the session's
/// ID) until then, so a signal cannot reach a stranger's session.
public final class ChildProcesses: Sendable {
    public static let shared = ChildProcesses()

    /// What the runners and the interrupt handler share, behind one lock.
    private struct Registry {
        /// The children running, by process ID, which is also their session's.
        var sessions: Set<pid_t> = []
        var folders: Set<String> = []
        var interruption: Int32?
        var sources: [any DispatchSourceSignal] = []
    }

    private let registry = Locked(Registry())

    private init() {}

    /// On SIGINT or SIGTERM: SIGTERM to every running child's session, SIGKILL
    /// to what is still there after `grace`, the temporary folders removed, and
    /// exit with status 128 + the signal. Idempotent; for the command-line
    /// tool, not for libraries, as it changes how the process takes these signals.
    public func stopChildrenOnInterrupt(grace: Duration = .seconds(2)) {
        registry.withLock { registry in
            guard registry.sources.isEmpty else { return }
            let queue = DispatchQueue(label: "modgraph.interrupt")
            for signalNumber in [SIGINT, SIGTERM] {
                // The default action would end the process before the source runs.
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
                source.setEventHandler { [unowned self] in self.interrupted(by: signalNumber, grace: grace) }
                source.resume()
                registry.sources.append(source)
            }
        }
    }

    // MARK: Temporary folders

    /// A new, empty, private folder `prefix.XXXXXX` in `base`, removed if modgraph
    /// is interrupted before ``removeTemporaryFolder(_:)``; nil when none can be made.
    public func makeTemporaryFolder(in base: String, prefix: String) -> String? {
        registry.withLock { registry in
            guard registry.interruption == nil else { return nil }
            let made = try? FileCreation.privateFolder(in: base, prefix: prefix + ".")
            if let made { registry.folders.insert(made) }
            return made
        }
    }

    /// Removes `folder` if modgraph is interrupted before ``removeTemporaryFolder(_:)``.
    public func removeOnInterrupt(_ folder: String) {
        registry.withLock { _ = $0.folders.insert(folder) }
    }

    /// Removes the folder now, and forgets it.
    public func removeTemporaryFolder(_ folder: String) {
        registry.withLock { registry in
            try? FileManager.default.removeItem(atPath: folder)
            registry.folders.remove(folder)
        }
    }

    // MARK: Children

    /// A started child: its pipes, and its process ID, which is also its session's.
    struct Child {
        let pid: pid_t
        let standardOutput: Int32?
        let standardError: Int32?

        /// Whether the child has ended; it is left to ``reap()``, so its session stays signallable.
        func hasExited() -> Bool {
            var info = siginfo_t()
            let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
            // ECHILD: reaped already, which only this runner does; nothing to wait for.
            return result == 0 ? info.si_signo == SIGCHLD : errno == ECHILD
        }

        /// SIGTERM to the session, then up to `grace` for the child to end.
        func stop(grace: Duration) {
            Session.signal(pid, SIGTERM)
            let end = ContinuousClock.now.advanced(by: grace)
            while !hasExited(), ContinuousClock.now < end { usleep(10_000) }
        }

        /// SIGKILL to whatever is left of the session (what a finished child
        /// left behind, too), then collects the child's status.
        /// Its status, and the CPU seconds (user and system) it and the descendants it waited for used.
        func reap() -> (status: ProcessRunner.Status, cpuSeconds: Double) {
            Session.kill(pid)
            while !hasExited() { usleep(1_000) }
            return ChildProcesses.shared.forget(pid)
        }
    }

    /// Starts a child in a new session; nil once modgraph is being interrupted.
    /// The pipes are made and the child registered under the lock, so that an
    /// interrupt sees every child and no other child inherits these pipes.
    func spawn(
        _ path: String, arguments: [String], environment: [String: String],
        output: ProcessRunner.Output
    ) throws(ProcessRunner.Failure) -> Child? {
        try registry.withLock { (registry: inout Registry) throws(ProcessRunner.Failure) -> Child? in
            try spawnRegistered(path, arguments: arguments, environment: environment, output: output, in: &registry)
        }
    }

    /// ``spawn(_:arguments:environment:output:)`` with the registry held.
    private func spawnRegistered(
        _ path: String, arguments: [String], environment: [String: String],
        output: ProcessRunner.Output, in registry: inout Registry
    ) throws(ProcessRunner.Failure) -> Child? {
        guard registry.interruption == nil else { return nil }
        var pipes: [Int32] = []
        var keep: [Int32] = []
        defer { for fd in pipes where !keep.contains(fd) { close(fd) } }
        var actions = SpawnActions()
        defer { actions.destroy() }
        actions.open(0, "/dev/null", O_RDONLY)
        switch output {
        case .capture:
            for target in [Int32(1), 2] {
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else { throw .cannotStart(executable: path, reason: Self.reason(errno)) }
                pipes += ends
                for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
                actions.duplicate(ends[1], as: target)
            }
        case let .file(log):
            actions.open(1, log, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, mode: 0o644)
            actions.duplicate(1, as: 2)
        }
        var attributes = SpawnAttributes()
        defer { attributes.destroy() }

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        var result = posix_spawn(&pid, path, &actions.value, &attributes.value, argv, envp)
        // ETXTBSY: the executable was just written and another thread's fork still
        // holds it open for writing; that fork execs or exits within moments.
        var attempts = 0
        while result == ETXTBSY, attempts < 40 {
            attempts += 1
            usleep(25_000)
            result = posix_spawn(&pid, path, &actions.value, &attributes.value, argv, envp)
        }
        guard result == 0 else { throw .cannotStart(executable: path, reason: Self.reason(result)) }
        registry.sessions.insert(pid)
        if case .capture = output {
            keep = [pipes[0], pipes[2]]
            return Child(pid: pid, standardOutput: pipes[0], standardError: pipes[2])
        }
        return Child(pid: pid, standardOutput: nil, standardError: nil)
    }

    /// Reaps an ended child and forgets its session.
    private func forget(_ pid: pid_t) -> (status: ProcessRunner.Status, cpuSeconds: Double) {
        let (status, usage) = registry.withLock { registry -> (Int32, rusage) in
            var status: Int32 = 0
            var usage = rusage()
            // wait4's usage counts the child and every descendant it waited for (a build's compilers).
            while wait4(pid, &status, 0, &usage) == -1, errno == EINTR {}
            registry.sessions.remove(pid)
            return (status, usage)
        }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        // The low seven bits are the signal that ended it, or 0 for an exit.
        let signalNumber = status & 0x7F
        return (
            signalNumber == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signalNumber),
            seconds(usage.ru_utime) + seconds(usage.ru_stime)
        )
    }

    /// Once modgraph is being interrupted, a runner does not return (its child's
    /// end would read as a failed manifest): the interrupt ends the process with its own status.
    func parkIfInterrupted() {
        if registry.withLock({ $0.interruption != nil }) { park() }
    }

    func park() -> Never {
        while true { sleep(60) }
    }

    private func interrupted(by signalNumber: Int32, grace: Duration) {
        let running = registry.withLock { registry -> Bool in
            if registry.interruption == nil { registry.interruption = signalNumber }
            for session in registry.sessions { Session.signal(session, SIGTERM) }
            return !registry.sessions.isEmpty
        }
        if running {
            // Runners reap their children as they end (killing what is left of
            // their sessions); what is left after the grace gets SIGKILL here.
            waitForNoSessions(until: ContinuousClock.now.advanced(by: grace))
            registry.withLock { for session in $0.sessions { Session.kill(session) } }
            waitForNoSessions(until: ContinuousClock.now.advanced(by: .seconds(1)))
        }
        registry.withLock { registry in
            for folder in registry.folders { try? FileManager.default.removeItem(atPath: folder) }
            registry.folders.removeAll()
        }
        _exit(128 + signalNumber)
    }

    private func waitForNoSessions(until end: ContinuousClock.Instant) {
        while registry.withLock({ !$0.sessions.isEmpty }), ContinuousClock.now < end { usleep(10_000) }
    }

    private static func reason(_ code: Int32) -> String {
        SystemError.description(code)
    }
}

/// `posix_spawn`'s file actions: standard input, output and error of the child.
private struct SpawnActions {
    #if canImport(Darwin)
        var value: posix_spawn_file_actions_t?
    #else
        var value = posix_spawn_file_actions_t()
    #endif

    init() { posix_spawn_file_actions_init(&value) }

    mutating func open(_ fd: Int32, _ path: String, _ flags: Int32, mode: mode_t = 0) {
        posix_spawn_file_actions_addopen(&value, fd, path, flags, mode)
    }

    mutating func duplicate(_ fd: Int32, as target: Int32) {
        posix_spawn_file_actions_adddup2(&value, fd, target)
    }

    mutating func destroy() { posix_spawn_file_actions_destroy(&value) }
}

/// `posix_spawn`'s attributes: a new session, and the signals a child must start with. Dispositions set to ignore are inherited across `exec`, as
/// is the signal mask, and modgraph ignores SIGINT and SIGTERM (see
/// ``ChildProcesses/stopChildrenOnInterrupt(grace:)``): without resetting
/// them, SIGTERM could not stop a child.
private struct SpawnAttributes {
    #if canImport(Darwin)
        var value: posix_spawnattr_t?
    #else
        var value = posix_spawnattr_t()
    #endif

    init() {
        posix_spawnattr_init(&value)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signalNumber in [SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGPIPE] { sigaddset(&defaults, signalNumber) }
        posix_spawnattr_setsigdefault(&value, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&value, &mask)
        // A new session is a new process group too (setpgid would then fail).
        var flags = Int32(POSIX_SPAWN_SETSIGDEF) | Int32(POSIX_SPAWN_SETSIGMASK)
        #if canImport(Darwin)
            flags |= Int32(POSIX_SPAWN_SETSID)
            // Only the three standard streams reach the child.
            flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
            // glibc's POSIX_SPAWN_SETSID (2.26 and later), which Swift does not import.
            flags |= 0x80
        #endif
        posix_spawnattr_setflags(&value, Int16(flags))
    }

    mutating func destroy() { posix_spawnattr_destroy(&value) }
}

/// The processes of a child's session: the child, and everything it started
/// that did not start a session of its own.
enum Session {
    /// `signal` to every live process of session `id`.
    static func signal(_ id: pid_t, _ signalNumber: Int32) {
        sendSignal(-id, signalNumber)
        for member in members(of: id) { sendSignal(member, signalNumber) }
    }

    /// SIGKILL to every live process of session `id`, again until none is left
    /// (a process can fork between the listing and the signal), at most 50 rounds.
    static func kill(_ id: pid_t) {
        sendSignal(-id, SIGKILL)
        for _ in 0..<50 {
            let live = members(of: id)
            if live.isEmpty { return }
            for member in live { sendSignal(member, SIGKILL) }
            usleep(2_000)
        }
    }

    /// The live processes (not zombies) whose session is `id`.
    static func members(of id: pid_t) -> [pid_t] {
        #if canImport(Darwin)
            var mib: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_SESSION, id]
            var size = 0
            guard sysctl(&mib, 4, nil, &size, nil, 0) == 0 else { return [] }
            let stride = MemoryLayout<kinfo_proc>.stride
            var processes = [kinfo_proc](repeating: kinfo_proc(), count: size / stride + 16)
            size = processes.count * stride
            guard sysctl(&mib, 4, &processes, &size, nil, 0) == 0 else { return [] }
            return processes.prefix(size / stride).filter { Int32($0.kp_proc.p_stat) != SZOMB }.map(\.kp_proc.p_pid)
        #else
            // Every process's /proc/PID/stat is read after each child ends: a descriptor and a buffer, not a
            // Foundation string per file.
            guard let folder = opendir("/proc") else { return [] }
            defer { closedir(folder) }
            var found: [pid_t] = []
            var buffer = [UInt8](repeating: 0, count: 256)
            while let entry = readdir(folder) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard let pid = pid_t(name), let fields = statFields(of: pid, buffer: &buffer) else { continue }
                if fields.state != UInt8(ascii: "Z"), fields.state != UInt8(ascii: "X"), fields.session == id { found.append(pid) }
            }
            return found
        #endif
    }

    #if !canImport(Darwin)
        /// The state and the session of process `pid`, from the start of /proc/PID/stat: `pid (name) state ppid
        /// pgrp session …`. The name may hold spaces and parentheses but is at most 15 bytes, so its closing
        /// parenthesis, the last in the line, is within the first bytes read, and no later field holds one.
        static func statFields(of pid: pid_t, buffer: inout [UInt8]) -> (state: UInt8, session: pid_t)? {
            let file = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
            guard file >= 0 else { return nil }
            defer { close(file) }
            let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            return parseStat(buffer[0..<count])
        }

        /// ``statFields(of:buffer:)``'s reading of the line's start.
        static func parseStat(_ line: ArraySlice<UInt8>) -> (state: UInt8, session: pid_t)? {
            guard let close = line.lastIndex(of: UInt8(ascii: ")")) else { return nil }
            let fields = line[(close + 1)...].split(separator: UInt8(ascii: " "), maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count > 4, fields[0].count == 1, let state = fields[0].first,
                let session = pid_t(String(decoding: fields[3], as: UTF8.self))
            else { return nil }
            return (state, session)
        }
    #endif
}

/// `kill(2)`, under a name that ``Session/kill(_:)`` does not hide.
private func sendSignal(_ pid: pid_t, _ signalNumber: Int32) {
    _ = kill(pid, signalNumber)
}
