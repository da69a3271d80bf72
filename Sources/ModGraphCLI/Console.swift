import Foundation

/// Standard output for results, standard error for everything else, so that
/// `modgraph graph > graph.json` never captures a warning.
enum Console {
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func error(_ message: String) {
        writeError("error: \(message)\n")
    }

    static func warning(_ message: String) {
        writeError("warning: \(message)\n")
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
