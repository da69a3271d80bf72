import Foundation

/// One benchmark's figures: the best and median wall time over several runs,
/// and the peak resident memory of the process after it ran.
public struct Measurement: Sendable {
    public let name: String
    public let best: Double
    public let median: Double
    public let runs: Int
    public let peakMemoryMB: Double
    /// The figure the issue sets, in seconds, when there is one.
    public let target: Double?

    public var verdict: String {
        guard let target else { return "" }
        return best <= target ? "ok (< \(Self.format(target)))" : "SLOW (target \(Self.format(target)))"
    }

    public static func format(_ seconds: Double) -> String {
        seconds < 1 ? String(format: "%.1f ms", seconds * 1000) : String(format: "%.2f s", seconds)
    }
}

/// Runs `body` `runs` times after one warm-up run and records the figures.
public func measure<Result>(_ name: String, runs: Int = 5, target: Double? = nil, _ body: () -> Result) -> Measurement {
    blackHole(body())
    var times: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        // The result goes to a sink the optimiser cannot see through, so the work is never dropped as unused.
        blackHole(body())
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    times.sort()
    return Measurement(name: name, best: times[0], median: times[times.count / 2], runs: runs,
                       peakMemoryMB: peakResidentMemoryMB(), target: target)
}

/// Peak resident set size of this process so far (`VmHWM` on Linux, `ru_maxrss` elsewhere).
public func peakResidentMemoryMB() -> Double {
    #if os(Linux)
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
       let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
       let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") {
        return kilobytes / 1024
    }
    #endif
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
    #else
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / 1024 / 1024
    #endif
}

/// Prints measurements as an aligned table.
public func printTable(_ measurements: [Measurement]) {
    let width = max(40, measurements.map(\.name.count).max() ?? 0)
    print("benchmark".padding(toLength: width, withPad: " ", startingAt: 0) + "  best        median      peak RSS   verdict")
    for entry in measurements {
        let best = Measurement.format(entry.best).padding(toLength: 10, withPad: " ", startingAt: 0)
        let median = Measurement.format(entry.median).padding(toLength: 10, withPad: " ", startingAt: 0)
        let memory = String(format: "%.0f MB", entry.peakMemoryMB).padding(toLength: 9, withPad: " ", startingAt: 0)
        print(entry.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(best)  \(median)  \(memory)  \(entry.verdict)")
    }
}

/// Keeps `value` alive as far as the optimiser can tell: an opaque call that
/// is neither inlined nor optimised, so the computation that made it stays.
@inline(never)
@_optimize(none)
public func blackHole<T>(_ value: T) {}
