import CGraphviz
import Foundation
import ModGraphCore
import ModGraphSystem

/// The process's one Graphviz context, and the lock around it.
///
/// Graphviz keeps global state (its error channel, the parser, plugin
/// tables) and is not thread-safe, so every call goes through this lock. The
/// context loads the plugin registry once and is reused for every diagram.
final class GraphvizSession: Sendable {
    static let shared = GraphvizSession()

    /// Made on first use; every call holds this lock.
    private let context = Locked<OpaquePointer?>(nil)

    private init() {}

    /// Runs `body` with the context, Graphviz's messages captured instead of
    /// printed to standard error.
    func withContext<Result>(_ body: (OpaquePointer, inout GraphvizMessages) throws(GraphvizError) -> Result) throws(GraphvizError)
        -> Result
    {
        try self.context.withLock { (context: inout OpaquePointer?) throws(GraphvizError) -> Result in
            if context == nil { context = gvContext() }
            guard let context else { throw .noContext }
            var messages = GraphvizMessages()
            messages.beginCapture()
            defer { messages.endCapture() }
            return try body(context, &messages)
        }
    }

    /// The plugin names of one kind (`layout`, `device`, …), sorted and without duplicates.
    func pluginNames(_ context: OpaquePointer, kind: String) -> [String] {
        var count: Int32 = 0
        guard let list = modgraph_gvPluginList(context, kind, &count) else { return [] }
        var names = Set<String>()
        for index in 0..<Int(count) {
            if let name = list[index] {
                // Entries may read `png:cairo`; the part before the colon is what callers ask for.
                names.insert(String(String(cString: name).prefix { $0 != ":" }))
                free(name)
            }
        }
        free(list)
        return names.sorted()
    }
}

/// What Graphviz reported during one call. Graphviz sends its messages through
/// `agerr` in pieces (`Error`, `: `, the text); the handler installed with
/// `agseterrf` gathers them into lines here instead of standard error.
struct GraphvizMessages {
    // Only touched while `GraphvizSession`'s lock is held.
    nonisolated(unsafe) fileprivate static var buffer = ""

    private var previousHandler: agusererrf?
    private var previousLevel: agerrlevel_t = AGWARN

    mutating func beginCapture() {
        Self.buffer = ""
        previousHandler = agseterrf { piece in
            if let piece { GraphvizMessages.buffer += String(cString: piece) }
            return 0
        }
        // Report warnings and errors alike through the handler.
        previousLevel = agseterr(AGWARN)
        _ = agreseterrors()
    }

    mutating func endCapture() {
        _ = agseterrf(previousHandler)
        _ = agseterr(previousLevel)
    }

    /// Whether an error-level message was reported since the capture began.
    var hasErrors: Bool { agerrors() >= Int32(AGERR.rawValue) }

    /// Every message line, in order, as Graphviz wrote it (`Error: …`, `Warning: …`).
    var lines: [String] {
        Self.buffer.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// The error lines without their `Error: ` prefix, joined into one line;
    /// all lines when none is marked as an error.
    var errorSummary: String {
        let errors = lines.filter { $0.hasPrefix("Error") }.map { line in
            line.hasPrefix("Error: ") ? String(line.dropFirst(7)) : line
        }
        let chosen = errors.isEmpty ? lines : errors
        return chosen.isEmpty ? "no message from Graphviz" : chosen.joined(separator: "; ")
    }

    /// The warning lines without their `Warning: ` prefix.
    var warnings: [String] {
        lines.filter { $0.hasPrefix("Warning") }.map { line in
            line.hasPrefix("Warning: ") ? String(line.dropFirst(9)) : line
        }
    }
}
