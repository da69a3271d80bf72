import Foundation
import ModGraphCore
import ModGraphManifest

/// A JSON file of measured or estimated seconds per target: the document
/// `modgraph measure` writes (`{"schemaVersion": 1, "unit": "seconds",
/// "targets": {"identity/Name": 1.25, …}, …}`), or just the `targets`
/// object on its own. Keys are `identity/Name`, or a plain target name when
/// only one target of the graph has it. Schema 2 adds each target's jobs
/// (`jobs`), which a job-level schedule plans with; schema 1 files and the
/// bare object are still read. A report of XCLogParser or a Chrome
/// trace-event file is read too, and its target names matched
/// (``BuildRecord``). Described in docs/planning.md.
public enum WeightsFile {
    /// The largest weight a target may have, in seconds (or lines, for
    /// `sources`): 1,000,000 s is 11.6 days, far beyond any module's compile.
    /// The file comes with the pull request it plans; the bound keeps the
    /// sums finite (100,000 targets at most 10¹¹ s) and every conversion of
    /// a time in milliseconds to `Int` in range (10¹⁴ ≪ 9.2 × 10¹⁸), where a
    /// weight of `1e19` used to crash the renderers.
    public static let maximumWeight: Double = 1_000_000

    /// The largest file read: XCLogParser's report of a large app's build
    /// runs to tens of megabytes; a file past this is refused before it is read.
    public static let maximumBytes = 256 << 20

    /// The deepest nesting of arrays and objects read: XCLogParser's tree is
    /// four steps deep, a weights file two; Foundation's parser recurses.
    public static let maximumDepth = 64

    /// Reads `path` and matches its entries to the targets of `graph`.
    /// Entries that name no target are ignored with a warning; targets
    /// without an entry get the median (see ``TargetWeights/assemble(graph:known:unit:source:extraWarnings:)``).
    public static func weights(at path: String, for graph: ModuleGraph) throws(WeightsError) -> TargetWeights {
        try weights(from: try contents(at: path), source: path, for: graph)
    }

    /// Reads another tool's record of a build at `path` (XCLogParser's JSON
    /// report, a Chrome trace-event file) and matches its target names to
    /// `graph`: the weights, and the record's format (`xclogparser-json`,
    /// `trace-events`). A file of neither kind is an error that says which are read.
    public static func imported(at path: String, for graph: ModuleGraph) throws(WeightsError) -> (weights: TargetWeights, format: String) {
        let data = try contents(at: path)
        guard let record = importedRecord(try parse(data, source: path)) else {
            throw .malformed(
                path: path,
                problem: "neither an XCLogParser JSON report (xclogparser parse --reporter json or flatJson) nor a Chrome trace-event file")
        }
        return (try record.weights(for: graph, source: path), record.format.rawValue)
    }

    private static func contents(at path: String) throws(WeightsError) -> Data {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
            size.intValue > maximumBytes
        {
            throw .malformed(path: path, problem: "larger than \(maximumBytes >> 20) MiB")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
            throw .unreadable(path: path, reason: reason)
        }
        return data
    }

    static func weights(from data: Data, source: String, for graph: ModuleGraph) throws(WeightsError) -> TargetWeights {
        let object = try parse(data, source: source)
        if let record = importedRecord(object) { return try record.weights(for: graph, source: source) }
        let entries = try decode(object, data: data, source: source)
        var known: [Int: Double] = [:]
        var unmatched: [String] = []
        var byNameOnly: [String] = []
        for (key, seconds) in entries.sorted(by: { $0.key < $1.key }) {
            guard seconds.isFinite, seconds >= 0 else {
                throw .invalidValue(path: source, key: key, value: String(seconds))
            }
            guard seconds <= maximumWeight else {
                throw .tooLarge(path: source, key: key, value: String(seconds))
            }
            guard let (vertex, exact) = try vertex(named: key, in: graph, source: source) else {
                unmatched.append(key)
                continue
            }
            if !exact { byNameOnly.append(key) }
            guard known.updateValue(seconds, forKey: vertex) == nil else {
                throw .duplicate(path: source, target: graph.targets[vertex].id.description)
            }
        }
        if known.isEmpty, !graph.targets.isEmpty { throw .nothingMatches(path: source) }
        var warnings: [String] = []
        if !byNameOnly.isEmpty {
            warnings.append(
                "\(source): \(byNameOnly.count) entr\(byNameOnly.count == 1 ? "y" : "ies") matched by target name only, "
                    + "as no package has that identity here (\(TargetWeights.abbreviated(byNameOnly)))")
        }
        if !unmatched.isEmpty {
            warnings.append(
                "\(source): \(unmatched.count) entr\(unmatched.count == 1 ? "y names" : "ies name") no target of this graph, "
                    + "ignored (\(TargetWeights.abbreviated(unmatched)))")
        }
        var weights = TargetWeights.assemble(graph: graph, known: known, unit: .seconds, source: source, extraWarnings: warnings)
        weights.jobs = try jobs(in: object, graph: graph, source: source)
        if !weights.jobs.isEmpty {
            switch (object as? [String: Any])?["dependentsWait"] {
            case nil: weights.dependentsWait = "module"
            case let value as String where value == "interface" || value == "module": weights.dependentsWait = value
            default: throw .malformed(path: source, problem: "dependentsWait must be \"interface\" or \"module\"")
            }
            if let value = (object as? [String: Any])?["moduleStartSeconds"] {
                guard let seconds = XCLogParserReport.number(value), (0...maximumWeight).contains(seconds) else {
                    throw .malformed(
                        path: source, problem: "moduleStartSeconds must be a number of seconds from 0 to \(Int(maximumWeight))")
                }
                weights.moduleStartSeconds = seconds
            }
            weights.coreSharing = try coreSharing(in: object as? [String: Any] ?? [:], jobs: weights.jobs, source: source)
        }
        return weights
    }

    /// The file's `coreSharing` object; for a file written before it, the
    /// busy cores from its jobs' work over its `buildPhases.compiling` span,
    /// not calibrated. Nil when neither is there.
    static func coreSharing(in document: [String: Any], jobs: [Int: TargetJobTimes], source: String) throws(WeightsError)
        -> CoreSharingRecord?
    {
        // `swift build -j`, within bounds before it becomes an `Int` (a file may say 1e300).
        let buildJobs = XCLogParserReport.number(document["buildJobs"]).flatMap {
            (1...Double(CoreSharingRecord.maximumCores)).contains($0) ? Int($0) : nil
        }
        guard let value = document["coreSharing"] else {
            let work = jobs.values.reduce(0) { $0 + ($1.emitModule ?? 0) + $1.compile.reduce(0, +) + ($1.link ?? 0) }
            let span = XCLogParserReport.number((document["buildPhases"] as? [String: Any])?["compiling"]) ?? 0
            return CoreSharingRecord.busyCores(work: work, compilingSeconds: span, jobs: buildJobs).map {
                CoreSharingRecord(measuredJobs: buildJobs, busyCores: $0)
            }
        }
        func problem(_ text: String) -> WeightsError { .malformed(path: source, problem: "coreSharing: " + text) }
        guard let fields = value as? [String: Any] else { throw problem("must be an object") }
        guard let busy = XCLogParserReport.number(fields["busyCores"]),
            (1...Double(CoreSharingRecord.maximumCores)).contains(busy)
        else { throw problem("busyCores must be a number from 1 to \(CoreSharingRecord.maximumCores)") }
        var record = CoreSharingRecord(measuredJobs: nil, busyCores: busy)
        if let jobs = fields["measuredJobs"], !(jobs is NSNull) {
            guard let number = XCLogParserReport.number(jobs), number == number.rounded(),
                (1...Double(CoreSharingRecord.maximumCores)).contains(number)
            else { throw problem("measuredJobs must be a whole number from 1 to \(CoreSharingRecord.maximumCores)") }
            record.measuredJobs = Int(number)
        }
        if let slowdown = fields["slowdownPerCore"], !(slowdown is NSNull) {
            guard let number = XCLogParserReport.number(slowdown), (0...CoreSharingLimit.maximumSlowdownPerCore).contains(number) else {
                throw problem("slowdownPerCore must be a number from 0 to \(Int(CoreSharingLimit.maximumSlowdownPerCore))")
            }
            record.slowdownPerCore = number
        }
        if let calibration = fields["calibration"], !(calibration is NSNull) {
            guard let text = calibration as? String, text.utf8.count <= 1_000 else {
                throw problem("calibration must be a string of at most 1,000 bytes")
            }
            record.calibration = text
        }
        return record
    }

    /// The record of another tool that `object` is, when it is one.
    static func importedRecord(_ object: Any) -> BuildRecord? {
        if TraceEventFile.matches(object) { return TraceEventFile.record(from: object) }
        if XCLogParserReport.matches(object) { return XCLogParserReport.record(from: object) }
        return nil
    }

    /// The JSON value in `data`, within the size and depth bounds.
    static func parse(_ data: Data, source: String) throws(WeightsError) -> Any {
        guard data.count <= maximumBytes else { throw .malformed(path: source, problem: "larger than \(maximumBytes >> 20) MiB") }
        if let failure = JSONSyntaxCheck.firstError(in: Array(data), maximumDepth: maximumDepth) {
            throw .malformed(
                path: source,
                problem: failure.isTooDeep
                    ? "nested deeper than \(maximumDepth) levels at line \(failure.line), column \(failure.column)"
                    : "malformed JSON at line \(failure.line), column \(failure.column): \(failure.problem)")
        }
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw .malformed(path: source, problem: "malformed JSON")
        }
    }

    /// Schema 2's `jobs` (with `dependentsWait`: `interface` or `module`, the
    /// default, what SwiftPM's native build waits for): per key, `emitModule` and `link` seconds and
    /// `compile`, an array of seconds. Keys match as `targets`' do.
    private static func jobs(in object: Any, graph: ModuleGraph, source: String) throws(WeightsError) -> [Int: TargetJobTimes] {
        guard let entries = (object as? [String: Any])?["jobs"] else { return [:] }
        // A number (or null) is schema 1's `swift build -j`, which `measure` wrote as `jobs` until it was
        // `buildJobs`: not target jobs.
        if entries is NSNull || XCLogParserReport.number(entries) != nil { return [:] }
        guard let byKey = entries as? [String: Any] else {
            throw .malformed(path: source, problem: "jobs must be an object of target → jobs")
        }
        func seconds(_ value: Any?, key: String) throws(WeightsError) -> Double? {
            guard let value else { return nil }
            guard let number = XCLogParserReport.number(value), number >= 0 else {
                throw .invalidValue(path: source, key: key, value: String(describing: value))
            }
            guard number <= maximumWeight else { throw .tooLarge(path: source, key: key, value: String(number)) }
            return number
        }
        var result: [Int: TargetJobTimes] = [:]
        for (key, value) in byKey.sorted(by: { $0.key < $1.key }) {
            guard let fields = value as? [String: Any] else {
                throw .malformed(path: source, problem: "the jobs of '\(key)' must be an object")
            }
            let compileValues = fields["compile"].map { $0 as? [Any] } ?? []
            guard let compileValues, compileValues.count <= TargetJobTimes.maximumCompileJobs else {
                throw .malformed(
                    path: source,
                    problem: "the compile jobs of '\(key)' must be an array of at most \(TargetJobTimes.maximumCompileJobs) numbers")
            }
            var compile: [Double] = []
            for job in compileValues {
                if let time = try seconds(job, key: key) { compile.append(time) }
            }
            let times = TargetJobTimes(
                emitModule: try seconds(fields["emitModule"], key: key), compile: compile, link: try seconds(fields["link"], key: key))
            guard let (vertex, _) = try vertex(named: key, in: graph, source: source), !times.isEmpty else { continue }
            result[vertex] = times
        }
        return result
    }

    /// The vertex a key names, and whether it named it exactly: `identity/Name`
    /// exactly, or a plain name that only one target has. A root package's
    /// identity is its folder's name, so a file measured in another checkout
    /// of the same package has other identities: an `identity/Name` whose
    /// identity is not in the graph falls back to `Name` alone when only
    /// one target has it. Nil when nothing matches.
    static func vertex(named key: String, in graph: ModuleGraph, source: String) throws(WeightsError) -> (Int, exact: Bool)? {
        var name = key
        if let slash = key.firstIndex(of: "/") {
            let package = PackageIdentity(String(key[..<slash]))
            name = String(key[key.index(after: slash)...])
            if let vertex = graph.index(of: TargetID(package: package, name: name)) { return (vertex, true) }
            guard !graph.targets.contains(where: { $0.package == package }) else { return nil }
        }
        let matches = graph.targets.indices.filter { graph.targets[$0].name == name }
        if matches.count > 1 {
            if name != key { return nil }
            throw .ambiguousName(path: source, name: key, candidates: matches.map { graph.targets[$0].id.description })
        }
        return matches.first.map { ($0, name == key) }
    }

    private struct Document: Decodable {
        let targets: [String: Double]
    }

    private static func decode(_ object: Any, data: Data, source: String) throws(WeightsError) -> [String: Double] {
        guard let dictionary = object as? [String: Any] else {
            throw .malformed(path: source, problem: "expected an object of target → seconds")
        }
        // A document of a later format may mean something else by the same keys: refuse it rather than guess.
        if let version = dictionary["schemaVersion"] {
            guard let number = version as? Int, number >= 1 else {
                throw .malformed(path: source, problem: "schemaVersion must be a whole number from 1")
            }
            guard number <= WeightsJSON.schemaVersion else {
                throw .malformed(
                    path: source,
                    problem:
                        "schemaVersion \(number) is newer than this modgraph reads (\(WeightsJSON.schemaVersion)); measure again or update modgraph"
                )
            }
        }
        do {
            if dictionary["targets"] is [String: Any] {
                return try JSONDecoder().decode(Document.self, from: data).targets
            }
            return try JSONDecoder().decode([String: Double].self, from: data)
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.dataCorrupted(context) {
            let key = context.codingPath.last?.stringValue ?? "?"
            throw .malformed(path: source, problem: "the value of '\(key)' is not a number")
        } catch {
            throw .malformed(path: source, problem: "expected an object of target → seconds")
        }
    }
}
