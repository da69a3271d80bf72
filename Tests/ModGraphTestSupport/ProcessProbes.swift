#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether `pid` is a live process, for the tests that check no child
/// outlives a timeout or an interrupt. A zombie, dead but not yet reaped by
/// whichever process inherited it, counts as gone.
public func isRunning(_ pid: pid_t) -> Bool {
    guard kill(pid, 0) == 0 || errno == EPERM else { return false }
    #if os(Linux)
        if let file = fopen("/proc/\(pid)/stat", "r") {
            defer { fclose(file) }
            var buffer = [CChar](repeating: 0, count: 512)
            if fgets(&buffer, Int32(buffer.count), file) != nil {
                let stat = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if let close = stat.lastIndex(of: ")"), let state = stat[close...].dropFirst(2).first {
                    return state != "Z" && state != "X"
                }
            }
        }
    #endif
    return true
}

/// Polls until `pid` is gone or `limit` passes; whether it is gone.
public func isGone(_ pid: pid_t, within limit: Duration = .seconds(5)) -> Bool {
    let end = ContinuousClock.now.advanced(by: limit)
    while isRunning(pid), ContinuousClock.now < end { usleep(20_000) }
    return !isRunning(pid)
}

/// What a failed test left running; never a process group, which could be the test's own.
public func killLeftovers(_ pids: [pid_t]) {
    for pid in pids where isRunning(pid) { kill(pid, SIGKILL) }
}
