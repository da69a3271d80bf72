import Foundation

/// How many cores this process may use: the processors it may run on, and
/// no more than a container's CPU quota allows (a CI job limited to two CPUs
/// on a 64-core host gets two). Platform code, in this one file.
public enum CoreCount {
    /// At least 1.
    public static let available: Int = {
        let processors = max(1, ProcessInfo.processInfo.activeProcessorCount)
        #if os(Linux)
            if let quota = cgroupQuota() { return max(1, min(processors, quota)) }
        #endif
        return processors
    }()

    /// The CPU quota of the control group whose files are under `root`,
    /// rounded up to whole cores; nil when there is none (no limit, nothing
    /// readable). Control groups are Linux's: only there is it asked.
    ///
    /// Reads cgroup v2's `cpu.max` (`QUOTA PERIOD`, or `max PERIOD` for no
    /// limit), else cgroup v1's `cpu.cfs_quota_us` and `cpu.cfs_period_us`
    /// (a quota of -1 for no limit), as the kernel documents them.
    static func cgroupQuota(root: String = "/sys/fs/cgroup") -> Int? {
        if let line = firstLine(of: root + "/cpu.max") {
            let fields = line.split(separator: " ")
            guard fields.count == 2, let quota = Double(fields[0]), let period = Double(fields[1]) else { return nil }
            return cores(quota: quota, period: period)
        }
        for folder in [root + "/cpu", root + "/cpu,cpuacct"] {
            if let quota = firstLine(of: folder + "/cpu.cfs_quota_us").flatMap(Double.init),
                let period = firstLine(of: folder + "/cpu.cfs_period_us").flatMap(Double.init)
            {
                return cores(quota: quota, period: period)
            }
        }
        return nil
    }

    /// Whole cores for a quota of `quota` microseconds per `period`; nil for no limit.
    static func cores(quota: Double, period: Double) -> Int? {
        guard quota > 0, period > 0 else { return nil }
        return max(1, Int((quota / period).rounded(.up)))
    }

    private static func firstLine(of path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path), data.count < 4096 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init)
    }
}
