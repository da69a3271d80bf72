import Foundation

/// C, C++ and Objective-C targets are compiled by clang, which writes no
/// Swift statistics. SwiftPM takes the C compiler from `CC`, so `measure`
/// points `CC` at this small shell script: it runs the real compiler and,
/// for each compile (`-c`), appends `start end output` to a log, with wall
/// clock times from `date +%s.%N` (GNU date: Linux). The output path
/// (`…/<Target>.build/file.c.o`) names the module.
public struct CompileTimingWrapper: Sendable {
    /// The script's path.
    public let script: String
    /// Where it logs.
    public let log: String

    /// Writes the script into `folder`, wrapping `compiler`.
    public static func install(in folder: String, compiler: String) throws -> CompileTimingWrapper {
        let script = (folder as NSString).appendingPathComponent("modgraph-cc")
        let log = (folder as NSString).appendingPathComponent("modgraph-cc.log")
        let text = """
            #!/bin/sh
            # Written by modgraph measure: times one C-family compile, then exits as the compiler did.
            output=""; previous=""; compiles=0
            for argument in "$@"; do
              [ "$previous" = "-o" ] && output="$argument"
              [ "$argument" = "-c" ] && compiles=1
              previous="$argument"
            done
            start=$(date +%s.%N)
            \(quoted(compiler)) "$@"
            status=$?
            end=$(date +%s.%N)
            [ "$compiles" = 1 ] && printf '%s %s %s\\n' "$start" "$end" "$output" >> \(quoted(log))
            exit $status

            """
        try text.write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        return CompileTimingWrapper(script: script, log: log)
    }

    /// Seconds per module from the log; lines the script could not time
    /// (no GNU date) or whose output is not in a `<Module>.build` folder are skipped.
    public func read() -> [String: ModuleTime] {
        guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return [:] }
        return Self.parse(text)
    }

    static func parse(_ text: String) -> [String: ModuleTime] {
        var times: [String: ModuleTime] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let start = Double(fields[0]), let end = Double(fields[1]), end >= start,
                let module = moduleName(fromOutput: String(fields[2]))
            else { continue }
            times[module, default: ModuleTime()].add(start: start, seconds: end - start)
        }
        return times
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
