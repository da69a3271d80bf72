import Foundation

/// A Chrome trace-event file (the Trace Event Format that `chrome://tracing`,
/// Perfetto and SwiftPM's `--experimental-trace-events-file` use), read as a
/// ``BuildRecord``. Both of the format's shapes are accepted: an array of
/// events, or an object whose `traceEvents` holds them.
///
/// Fields used, of each event:
/// - `ph`: `X` (complete: `ts` and `dur`), `B` and `E` (begin and end, paired
///   per `pid` and `tid` as a stack); every other phase (metadata, instant,
///   counters, async) is skipped.
/// - `ts`, `dur`: microseconds, as the format defines them.
/// - `name`: the task. Which target: `args.target` (or `args.targetName`,
///   `args.module`) when the event says; else the one word of the name that
///   is a target's name or module name (`Compiling Core Parser.swift`,
///   `Emitting module Core`). A name with words of two targets, or of a name
///   two targets share, is not used; a warning lists them.
/// - What the task is, from its name (case ignored): containing `emit` and
///   `module` (`Emitting module Core`, `SwiftEmitModule`) emits the module;
///   starting `compil` is a compile job; starting `link` links.
enum TraceEventFile {
    /// Whether `object` holds trace events.
    static func matches(_ object: Any) -> Bool {
        if let document = object as? [String: Any] { return document["traceEvents"] is [Any] }
        if let events = object as? [Any], let first = events.first as? [String: Any] { return first["ph"] is String }
        return false
    }

    static func record(from object: Any) -> BuildRecord {
        var record = BuildRecord(format: .traceEvents)
        let events = ((object as? [String: Any])?["traceEvents"] as? [Any]) ?? (object as? [Any]) ?? []
        // Open `B` events per thread: (name, args, start).
        var open: [String: [(name: String, args: [String: Any], start: Double)]] = [:]
        for case let event as [String: Any] in events {
            guard let phase = event["ph"] as? String else {
                record.skipped += 1
                continue
            }
            let thread = "\(threadPart(event["pid"]))\u{0}\(threadPart(event["tid"]))"
            let name = event["name"] as? String ?? ""
            let args = event["args"] as? [String: Any] ?? [:]
            switch phase {
            case "X":
                guard let ts = XCLogParserReport.number(event["ts"]), let dur = XCLogParserReport.number(event["dur"]), dur >= 0
                else {
                    record.skipped += 1
                    continue
                }
                add(name: name, args: args, start: ts / 1e6, end: (ts + dur) / 1e6, to: &record)
            case "B":
                guard let ts = XCLogParserReport.number(event["ts"]) else {
                    record.skipped += 1
                    continue
                }
                open[thread, default: []].append((name, args, ts / 1e6))
            case "E":
                guard let ts = XCLogParserReport.number(event["ts"]), let begin = open[thread]?.popLast(), ts / 1e6 >= begin.start else {
                    record.skipped += 1
                    continue
                }
                add(name: begin.name, args: begin.args.merging(args) { first, _ in first }, start: begin.start, end: ts / 1e6, to: &record)
            default:
                continue
            }
        }
        record.skipped += open.values.reduce(0) { $0 + $1.count }
        return record
    }

    private static func threadPart(_ value: Any?) -> String {
        if let number = XCLogParserReport.number(value) { return String(number) }
        return value as? String ?? ""
    }

    /// The longest name a warning quotes: a task's name may hold a whole command line.
    static let labelLength = 80

    private static func add(name: String, args: [String: Any], start: Double, end: Double, to record: inout BuildRecord) {
        let naming: BuildRecord.Naming
        if let target = ["target", "targetName", "module"].lazy.compactMap({ args[$0] as? String }).first, !target.isEmpty {
            naming = .target(name: target, project: args["project"] as? String)
        } else {
            let words = name.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "'" || $0 == "\"" || $0 == "(" || $0 == ")" })
                .map(String.init)
            let label = name.count > labelLength ? String(name.prefix(labelLength)) + "…" : name
            naming = .words(words, label: label)
        }
        record.work.append(BuildRecord.Work(naming: naming, kind: kind(of: name), start: start, end: end))
    }

    static func kind(of name: String) -> BuildRecord.Kind {
        let lower = name.lowercased()
        if lower.contains("emit"), lower.contains("module") { return .emitModule }
        if lower.hasPrefix("compil") { return .compile }
        if lower.hasPrefix("link") { return .link }
        return .other
    }
}
