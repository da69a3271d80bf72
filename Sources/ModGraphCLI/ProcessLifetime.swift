import Foundation
import ModGraphKit

/// What a command keeps until the process ends. A large loaded graph is
/// hundreds of thousands of objects; releasing them one by one after the
/// output is written is work the end of the process does at once. A command loads one graph, so nothing
/// piles up (in-process tests keep their small samples).
enum ProcessLifetime {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var kept: [LoadedGraph] = []

    static func keep(_ loaded: LoadedGraph) {
        lock.withLock { kept.append(loaded) }
    }
}
