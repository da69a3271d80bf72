import Foundation
import ModGraphKit
import ModGraphOutput

/// A one-line progress bar on standard error while a workspace loads:
/// packages done / found, and the one being loaded. It appears only after
/// `delay` (a fast load shows nothing), is redrawn at most every `interval`,
/// and is erased when loading ends, so the warnings and errors after it
/// start on a clean line.
final class ProgressBar: Sendable {
    /// What the timer and the loader share.
    private struct State {
        var latest: LoadProgress?
        var drawn: String?
        var isFinished = false
        var timer: (any DispatchSourceTimer)?
    }

    private let delay: Double
    private let write: @Sendable (String) -> Void
    private let now: @Sendable () -> Double
    private let width: Int
    private let start: Double
    private let state = Locked(State())

    /// A bar on standard error when a person is watching it: standard error is
    /// a terminal and this is not a CI run. `nil` otherwise.
    static func onStandardErrorIfWatched(environment: [String: String] = ProcessInfo.processInfo.environment) -> ProgressBar? {
        guard isWanted(standardErrorIsTerminal: isatty(STDERR_FILENO) == 1, environment: environment) else { return nil }
        let bar = ProgressBar(width: terminalWidth()) { Console.writeError($0) }
        bar.startTimer(interval: 0.1)
        return bar
    }

    /// CI logs are files, not screens: `CI` set to anything but `false`/`0` keeps the bar away, as does `TERM=dumb`.
    static func isWanted(standardErrorIsTerminal: Bool, environment: [String: String]) -> Bool {
        guard standardErrorIsTerminal, environment["TERM"] != "dumb" else { return false }
        let ci = environment["CI"]?.lowercased() ?? ""
        return ci.isEmpty || ci == "false" || ci == "0"
    }

    init(
        width: Int, delay: Double = 1, now: @escaping @Sendable () -> Double = ProgressBar.monotonicSeconds,
        write: @escaping @Sendable (String) -> Void
    ) {
        self.width = max(20, width)
        self.delay = delay
        self.now = now
        self.write = write
        self.start = now()
    }

    /// The loader's callback: remembers the news, which the timer draws.
    func update(_ progress: LoadProgress) {
        state.withLock { $0.latest = progress }
    }

    /// Draws the latest state if the delay has passed and it changed.
    func tick() {
        state.withLock { state in
            guard !state.isFinished, now() - start >= delay, let latest = state.latest else { return }
            let line = Self.line(latest, width: width)
            guard line != state.drawn else { return }
            write("\r" + line + "\u{1B}[K")
            state.drawn = line
        }
    }

    /// Stops drawing and erases the bar if it was shown.
    func finish() {
        state.withLock { state in
            state.timer?.cancel()
            state.timer = nil
            guard !state.isFinished else { return }
            state.isFinished = true
            if state.drawn != nil { write("\r\u{1B}[K") }
        }
    }

    /// `[########------------]  12/40  Networking (+1)`, cut to `width` columns.
    static func line(_ progress: LoadProgress, width: Int) -> String {
        let slots = 20
        let filled = progress.total == 0 ? 0 : min(slots, slots * progress.done / progress.total)
        var text = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: slots - filled) + "] "
        text += "\(progress.done)/\(progress.total) packages"
        if let current = progress.inProgress.first {
            text += "  " + Escape.text((current as NSString).lastPathComponent)
            if progress.inProgress.count > 1 { text += " (+\(progress.inProgress.count - 1))" }
        }
        // The last column stays empty: writing it makes some terminals wrap.
        return String(text.prefix(max(0, width - 1)))
    }

    private func startTimer(interval: Double) {
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        source.schedule(deadline: .now() + interval, repeating: interval)
        source.setEventHandler { [weak self] in self?.tick() }
        state.withLock { $0.timer = source }
        source.resume()
    }

    private static func terminalWidth() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    @Sendable static func monotonicSeconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
