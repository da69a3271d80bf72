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

/// The address space a child may use, and everything it starts: `RLIMIT_AS`,
/// set in the child before it runs the program. A manifest is a program, and
/// one that doubled an array 60 times took a machine's 24 GB.
///
/// `posix_spawn` has no way to set a resource limit in the child, setting one
/// in modgraph would bound all of modgraph's threads too, and forking a
/// multithreaded Swift process to call `setrlimit` before `exec` is not safe.
/// So the child starts as modgraph itself in its limiter mode
/// (`modgraph __modgraph-limit-memory BYTES PROGRAM ARGUMENTS…`), which sets
/// the limit on itself, first thing, and `execv`s the program in the same
/// process: same process ID, session, signal settings, descriptors and
/// environment, as if it had been spawned directly. Every process the program
/// starts inherits the limit (SwiftPM's compiler and the compiled manifest);
/// it bounds each process, not their sum. Linux enforces it; macOS accepts
/// `RLIMIT_AS` and does not enforce it.
///
/// Only an executable that runs ``runIfLimiter(_:)`` first thing knows the mode,
/// so the limiter is named once by the command-line tool
/// (``startChildrenThrough(_:)``); without one (a library caller), children run
/// without a memory limit.
public enum MemoryLimit {
    /// The limiter mode's first argument: nothing a user types.
    static let mode = "__modgraph-limit-memory"
    private static let limiter = Locked<String?>(nil)

    /// Makes the executable at `path` (modgraph itself) the limiter children with a memory limit start through.
    public static func startChildrenThrough(_ path: String) {
        limiter.withLock { $0 = path }
    }

    /// When `arguments` (argv without the program's name) are the limiter
    /// mode's, sets the limit and runs the program, and never returns; else
    /// returns at once. A failure is one `error:` line and exit status 127,
    /// as a shell's for a program it cannot run.
    public static func runIfLimiter(_ arguments: [String]) {
        guard arguments.first == mode else { return }
        guard arguments.count >= 3, var bytes = rlim_t(arguments[1]), bytes > 0 else { fail("malformed limiter arguments") }
        #if canImport(Darwin)
            let resource = RLIMIT_AS
        #else
            let resource = __rlimit_resource_t(RLIMIT_AS.rawValue)
        #endif
        // A hard limit set already (ulimit -v) cannot be raised: the lower of the two holds.
        var current = rlimit()
        if getrlimit(resource, &current) == 0 { bytes = min(bytes, current.rlim_max) }
        var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
        guard setrlimit(resource, &limit) == 0 else { fail("cannot limit memory: \(SystemError.current)") }
        let program = Array(arguments.dropFirst(2))
        let argv = program.map { strdup($0) } + [nil]
        execv(program[0], argv)
        fail("cannot run \(program[0]): \(SystemError.current)")
    }

    /// Whether children with a limit get it: a limiter was named.
    public static var isApplied: Bool {
        limiter.withLock { $0 != nil }
    }

    /// Whether a failed child's standard error says an allocation failed, as the
    /// programs a load runs say it (the Swift runtime, C++'s `bad_alloc`, LLVM,
    /// `strerror(ENOMEM)`, Python): the limit shows only in how the program fails.
    public static func reportsExhaustion(_ standardError: [UInt8]) -> Bool {
        let text = String(decoding: standardError, as: UTF8.self).lowercased()
        return ["failed to allocate", "could not allocate", "out of memory", "cannot allocate memory", "bad_alloc", "memoryerror"]
            .contains { text.contains($0) }
    }

    /// The program and arguments to spawn so that `path arguments` runs within `bytes` (nil: no limit, or no limiter).
    static func wrapped(_ path: String, _ arguments: [String], bytes: Int?) -> (path: String, arguments: [String]) {
        guard let bytes, let limiter = limiter.withLock({ $0 }) else { return (path, arguments) }
        return (limiter, [mode, String(bytes), path] + arguments)
    }

    private static func fail(_ message: String) -> Never {
        let line = "error: modgraph's memory limiter: \(message)\n"
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        _exit(127)
    }
}
