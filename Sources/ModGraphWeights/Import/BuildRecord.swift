import Foundation
import ModGraphCore

/// Timed work read from another tool's record of a build (XCLogParser's JSON
/// report of an Xcode build, a Chrome trace-event file), before it is matched
/// to the targets of a graph. Each piece names its target the way that tool
/// does; ``weights(for:source:)`` matches the names and refuses to guess:
/// a name several targets have, or none, is left out with a warning.
struct BuildRecord {
    enum Format: String {
        case xclogparser = "xclogparser-json"
        case traceEvents = "trace-events"
    }

    /// What a piece of work is for a job-level schedule.
    enum Kind: Equatable {
        /// Emitting a Swift module's interface: what dependents wait for.
        case emitModule
        /// A compile job (a Swift batch, a C-family file).
        case compile
        case link
        /// Anything else the target's build did (scripts, resources, tasks
        /// this reader does not know): part of the target's span only when
        /// nothing else is known of it.
        case other
    }

    /// How a piece of work names its target.
    enum Naming: Equatable {
        /// The tool says which target (XCLogParser's `Build target NAME of
        /// project PROJECT`, a trace event's `args.target`).
        case target(name: String, project: String?)
        /// The words of a task's name (`Compiling Core File.swift`): the one
        /// word that is a target's name or module name says which.
        case words([String], label: String)
    }

    struct Work {
        let naming: Naming
        let kind: Kind
        /// Seconds on the record's clock.
        let start: Double
        let end: Double
    }

    let format: Format
    var work: [Work] = []
    /// Entries of the record that could not be read (no times, negative
    /// durations, an end without a beginning): skipped, and counted in a warning.
    var skipped = 0

    /// The weight of every target the record times, and its jobs.
    ///
    /// A target's weight is its span, as `measure` writes it: from the start
    /// of its first compile or emit-module job to the end of its last (links
    /// are after the modules that dependents need; they count when the
    /// target has nothing else). Its jobs are what ``TargetJobTimes`` holds.
    ///
    /// - Complexity: O(W · (T + k)) for W pieces of work, T targets and k words per name.
    func weights(for graph: ModuleGraph, source: String) throws(WeightsError) -> TargetWeights {
        let names = NameIndex(graph: graph)
        var spans: [Int: (compileStart: Double, compileEnd: Double, start: Double, end: Double)] = [:]
        var jobs: [Int: TargetJobTimes] = [:]
        var ambiguous: Set<String> = []
        var unknown: Set<String> = []
        for piece in work {
            let vertex: Int
            switch names.resolve(piece.naming) {
            case .vertex(let found): vertex = found
            case .ambiguous(let label):
                ambiguous.insert(label)
                continue
            case .unknown(let label):
                unknown.insert(label)
                continue
            }
            var span = spans[vertex] ?? (.infinity, -.infinity, .infinity, -.infinity)
            span.start = min(span.start, piece.start)
            span.end = max(span.end, piece.end)
            let seconds = piece.end - piece.start
            var times = jobs[vertex] ?? TargetJobTimes()
            switch piece.kind {
            case .emitModule:
                times.emitModule = (times.emitModule ?? 0) + seconds
            case .compile:
                guard times.compile.count < TargetJobTimes.maximumCompileJobs else {
                    throw .malformed(
                        path: source,
                        problem: "\(graph.targets[vertex].id) has more than \(TargetJobTimes.maximumCompileJobs) compile jobs")
                }
                times.compile.append(seconds)
            case .link:
                times.link = (times.link ?? 0) + seconds
            case .other:
                break
            }
            if piece.kind == .emitModule || piece.kind == .compile {
                span.compileStart = min(span.compileStart, piece.start)
                span.compileEnd = max(span.compileEnd, piece.end)
            }
            spans[vertex] = span
            if !times.isEmpty { jobs[vertex] = times }
        }
        var known: [Int: Double] = [:]
        for (vertex, span) in spans {
            let seconds = span.compileEnd >= span.compileStart ? span.compileEnd - span.compileStart : span.end - span.start
            guard seconds <= WeightsFile.maximumWeight else {
                throw .tooLarge(path: source, key: graph.targets[vertex].id.description, value: String(seconds))
            }
            known[vertex] = max(0, seconds)
        }
        if known.isEmpty, !graph.targets.isEmpty { throw .nothingMatches(path: source) }
        var warnings: [String] = []
        if skipped > 0 {
            warnings.append("\(source): \(skipped) entr\(skipped == 1 ? "y" : "ies") without usable times, skipped")
        }
        if !ambiguous.isEmpty {
            warnings.append(
                "\(source): \(ambiguous.count) name\(ambiguous.count == 1 ? " matches" : "s match") several targets, not used "
                    + "(\(TargetWeights.abbreviated(ambiguous.sorted())))")
        }
        if !unknown.isEmpty {
            warnings.append(
                "\(source): \(unknown.count) name\(unknown.count == 1 ? " matches" : "s match") no target of this graph, ignored "
                    + "(\(TargetWeights.abbreviated(unknown.sorted())))")
        }
        var weights = TargetWeights.assemble(graph: graph, known: known, unit: .seconds, source: source, extraWarnings: warnings)
        weights.jobs = jobs.filter { !$0.value.compile.isEmpty || $0.value.emitModule != nil }
        // Both tools record builds whose dependents start once a module's interface is emitted.
        if !weights.jobs.isEmpty { weights.dependentsWait = "interface" }
        return weights
    }
}

/// Target names and module names of a graph, for matching the names other
/// tools give targets.
struct NameIndex {
    enum Resolution: Equatable {
        case vertex(Int)
        case ambiguous(String)
        case unknown(String)
    }

    private let graph: ModuleGraph
    /// Vertices by target name and by module name (`My-Lib` is module `My_Lib`).
    private let byName: [String: Set<Int>]

    init(graph: ModuleGraph) {
        self.graph = graph
        var byName: [String: Set<Int>] = [:]
        for (vertex, target) in graph.targets.enumerated() where target.type != .externalProduct {
            byName[target.name, default: []].insert(vertex)
            byName[ModuleIdentifier.c99(target.name), default: []].insert(vertex)
        }
        self.byName = byName
    }

    func resolve(_ naming: BuildRecord.Naming) -> Resolution {
        switch naming {
        case let .target(name, project):
            if let project, let vertex = graph.index(of: TargetID(package: PackageIdentity(project), name: name)) {
                return .vertex(vertex)
            }
            let label = project.map { "\($0)/\(name)" } ?? name
            let matches = byName[name] ?? []
            if matches.count == 1, let only = matches.first { return .vertex(only) }
            return matches.isEmpty ? .unknown(label) : .ambiguous(label)
        case let .words(words, label):
            var found: Set<Int> = []
            for word in words {
                let matches = byName[word] ?? []
                if matches.count > 1 { return .ambiguous(label) }
                found.formUnion(matches)
            }
            if found.count == 1, let only = found.first { return .vertex(only) }
            return found.isEmpty ? .unknown(label) : .ambiguous(label)
        }
    }
}
