import ModGraphManifest
import ModGraphSystem

/// How a command-line tool takes SIGINT and SIGTERM while the pipeline runs
/// child processes: every child's session is stopped (SIGTERM, then SIGKILL),
/// modgraph's temporary folders are removed, and the process exits with
/// 128 + the signal. A library caller decides its own signal handling, so the
/// pipeline never installs this by itself.
public enum Interrupts {
    /// Installs the handling once; later calls do nothing.
    public static func stopChildProcesses() {
        ChildProcesses.shared.stopChildrenOnInterrupt()
    }
}
