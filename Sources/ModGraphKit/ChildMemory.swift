import Foundation
import ModGraphManifest
import ModGraphSystem

/// How the command-line tool bounds the memory of the programs it runs for a
/// load (`swift package dump-package`, and through it the compiled manifest):
/// each child starts as this very executable in a limiter mode, which sets the
/// limit and then runs the program in its place (``MemoryLimit``). A library
/// caller's executable knows no such mode, so the pipeline never assumes one.
public enum ChildMemory {
    /// First thing the executable does: when it was started as the limiter, it
    /// becomes the program it was asked to run, and this never returns.
    public static func runIfLimiter(_ arguments: [String]) {
        MemoryLimit.runIfLimiter(arguments)
    }

    /// Children with a memory limit start through this executable, which must call ``runIfLimiter(_:)`` first thing.
    public static func limitThroughThisExecutable() {
        if let path = Bundle.main.executablePath { MemoryLimit.startChildrenThrough(path) }
    }
}
