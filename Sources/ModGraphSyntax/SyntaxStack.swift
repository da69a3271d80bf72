import ModGraphSystem

/// Whether swift-syntax's work has room on the calling thread. SwiftParser and
/// the visitors over its trees recurse once per level of ``SyntaxDepth``, which
/// bounds the levels before the parse; a level costs up to about 4 KiB of
/// stack in a debug build. The engine starts no thread for it: the units that
/// parse run on the executor's threads or the main thread, with a known stack
/// (`UnitRunner.minimumStackSize`), and text too deep for the thread it is asked
/// on (a library caller's pool thread has 512 KiB on Darwin) is refused, for the
/// caller to skip or fall back, never parsed into a crash.
public enum SyntaxStack {
    /// Stack one level of the parser's or a visitor's recursion may take, with room to spare.
    public static let bytesPerLevel = 8 << 10
    /// What the work needs besides its levels: the parse's and the caller's own frames.
    public static let baseBytes = 128 << 10

    /// `body`'s result for text of ``SyntaxDepth/depth`` `depth`, computed on this
    /// thread; nil, without running it, when this thread's stack has no room for it.
    public static func run<Result>(depth: Int, _ body: () -> Result) -> Result? {
        guard hasRoom(depth: depth) else { return nil }
        return body()
    }

    /// Whether text `depth` deep fits on the calling thread's stack.
    public static func hasRoom(depth: Int) -> Bool {
        guard let remaining = StackRoom.remaining() else { return true }
        return remaining >= baseBytes + depth * bytesPerLevel
    }
}
