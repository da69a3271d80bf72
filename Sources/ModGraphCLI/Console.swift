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
