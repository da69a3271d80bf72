import Foundation

/// Where swift-syntax's work runs, so that its recursion has room whatever
/// thread asks. SwiftParser and the visitors over its trees recurse once per
/// level of ``SyntaxDepth``, which bounds the levels before the parse; a
/// secondary thread's default stack is 512 KiB on macOS and 8 MiB on Linux,
/// and a level costs up to about 4 KiB in a debug build. Text no deeper than
/// ``inlineDepth`` (real code measures 10 to 25) is parsed where it is asked
/// for; deeper text, within the bound, on a thread of ``size`` bytes of stack
/// (starting one costs about 50 µs, which every file would otherwise pay).
/// The one place that makes such a thread.
public enum SyntaxStack {
    /// Room for the deepest text ``SyntaxDepth`` lets through, many times over, in a debug build.
    public static let size = 16 << 20
    /// At most 128 KiB of recursion in a debug build: room on any thread's stack.
    public static let inlineDepth = 32

    /// `body`'s result, for text of ``SyntaxDepth/depth`` `depth`: computed on
    /// this thread up to ``inlineDepth``, else on a thread of ``size`` bytes of
    /// stack, which the caller waits for.
    public static func run<Result>(depth: Int, _ body: () -> Result) -> Result {
        depth <= inlineDepth ? body() : onLargeStack(body)
    }

    private static func onLargeStack<Result>(_ body: () -> Result) -> Result {
        withoutActuallyEscaping(body) { body in
            // The caller waits for the thread, so the closure and the box outlive it.
            let box = Box(body)
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                box.run()
                done.signal()
            }
            thread.stackSize = size
            thread.start()
            done.wait()
            guard let result = box.result else { preconditionFailure("the syntax thread ended without a result") }
            return result
        }
    }

    /// The work and its result, handed to the thread and back; only one thread touches it at a time.
    /// The work is let go of once done: the thread may outlive the call, the closure must not.
    private final class Box<Result>: @unchecked Sendable {
        private var body: (() -> Result)?
        var result: Result?

        init(_ body: @escaping () -> Result) {
            self.body = body
        }

        func run() {
            result = body?()
            body = nil
        }
    }
}
