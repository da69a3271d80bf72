import Foundation
import ModGraphCore
import ModGraphSystem

/// C, C++ and Objective-C targets are compiled by clang, which writes no
/// Swift statistics. SwiftPM takes the C compiler from `CC`, so `measure`
/// points `CC` at this small shell script: it runs the real compiler and,
/// for each compile (`-c`), appends `stamp output` to a log. The times are
/// the file system's: `stamp` is a file `mktemp` made as the compile
/// started, and `stamp.end` one the script made as it ended; `measure` reads
/// their modification times. POSIX `sh` has no clock finer than a second,
/// and `date +%s.%N` is GNU's alone (macOS's `date` prints `N`), so this
/// works alike on macOS and Linux, to the file system's resolution
/// (nanoseconds on APFS; on Linux a clock tick, 1 to 4 ms, as the kernel
/// stamps files). The output path (`…/<Target>.build/file.c.o`) names the module.
public struct CompileTimingWrapper: Sendable {
    /// The script's path.
    public let script: String
    /// Where it logs.
    public let log: String

    /// Writes the script into `folder`, wrapping `compiler`.
    public static func install(in folder: String, compiler: String) throws -> CompileTimingWrapper {
        let script = (folder as NSString).appendingPathComponent("modgraph-cc")
        let log = (folder as NSString).appendingPathComponent("modgraph-cc.log")
        let stamps = (folder as NSString).appendingPathComponent(stampPrefix + "XXXXXXXX")
        let text = """
            #!/bin/sh
            # Written by modgraph measure: times one C-family compile, then exits as the compiler did.
            output=""; previous=""; compiles=0
            for argument in "$@"; do
              [ "$previous" = "-o" ] && output="$argument"
              [ "$argument" = "-c" ] && compiles=1
              previous="$argument"
            done
            [ "$compiles" = 1 ] || exec \(quoted(compiler)) "$@"
            stamp=$(mktemp \(quoted(stamps))) || exec \(quoted(compiler)) "$@"
            \(quoted(compiler)) "$@"
            status=$?
            : > "$stamp.end"
            printf '%s %s\\n' "${stamp##*/}" "$output" >> \(quoted(log))
            exit $status

            """
        try FileCreation.write(Data(text.utf8), toNew: script, permissions: [.ownerReadWriteExecute, .groupReadExecute, .otherReadExecute])
        return CompileTimingWrapper(script: script, log: log)
    }

    /// The start of every stamp file's name.
    static let stampPrefix = "modgraph-cc-stamp."

    /// Seconds per module from the log and the stamps beside it; lines whose
    /// stamps are missing or whose output is not in a `<Module>.build` folder are skipped.
    public func read() -> [String: ModuleTime] {
        guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return [:] }
        let folder = (log as NSString).deletingLastPathComponent
        return Self.parse(text) { stamp in
            let path = (folder as NSString).appendingPathComponent(stamp)
            guard let start = Self.modificationTime(path), let end = Self.modificationTime(path + ".end") else { return nil }
            return (start, end)
        }
    }

    /// The log's lines, each `stamp output`, timed by `stampTimes` (seconds
    /// since the epoch at the start and end of the compile that stamp names).
    static func parse(_ text: String, stampTimes: (String) -> (start: Double, end: Double)?) -> [String: ModuleTime] {
        var times: [String: ModuleTime] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            guard fields.count == 2, fields[0].hasPrefix(stampPrefix), !fields[0].contains("/"),
                let (start, end) = stampTimes(String(fields[0])), end >= start,
                let module = moduleName(fromOutput: String(fields[1]))
            else { continue }
            times[module, default: ModuleTime()].add(start: start, seconds: end - start)
        }
        return times
    }

    /// A file's modification time in seconds since the epoch; nil when it cannot be read.
    private static func modificationTime(_ path: String) -> Double? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)?.timeIntervalSince1970
    }

    /// `CLib` from `/scratch/x86_64-unknown-linux-gnu/debug/CLib.build/add.c.o`.
    static func moduleName(fromOutput path: String) -> String? {
        let folders = path.split(separator: "/").dropLast()
        guard let folder = folders.last(where: { $0.hasSuffix(".build") }) else { return nil }
        let module = String(folder.dropLast(".build".count))
        return module.isEmpty ? nil : module
    }

    /// Single quotes for the shell, with embedded quotes closed and reopened.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
