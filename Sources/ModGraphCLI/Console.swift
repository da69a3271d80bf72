import Foundation
import ModGraphOutput

/// Standard output for results, standard error for everything else, so that
/// `modgraph graph > graph.json` never captures a warning.
///
/// Every line this writes to standard error starts with modgraph's own words
/// (`error:`, `warning:`, `note:`, a command's name) and holds one message,
/// escaped by ``Escape/message(_:)``: a name from input can neither break
/// the line nor start one, so none can read as a CI workflow command.
enum Console {
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Raw bytes to standard error: only for text that is modgraph's own
    /// (the progress bar's redraws, argument parsing's usage lines, escaped).
    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func error(_ message: String) {
        writeError("error: \(Escape.message(message))\n")
    }

    static func warning(_ message: String) {
        writeError("warning: \(Escape.message(message))\n")
    }

    /// A detail that follows an error or a warning, such as a line of the compiler's diagnostics.
    static func note(_ message: String) {
        writeError("note: \(Escape.message(message))\n")
    }

    /// A line of progress or outcome, such as `recorded 3 findings in baseline.json`.
    static func info(_ message: String) {
        writeError(Escape.message(message) + "\n")
    }
}

extension Console {
    /// Colour only for a person at a terminal: not in files or pipes, not under `NO_COLOR` or a dumb terminal.
    static var isColourTerminal: Bool {
        let environment = ProcessInfo.processInfo.environment
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isatty(STDOUT_FILENO) != 0
    }
}
