import Foundation
import ModGraphCore
import ModGraphFix
import ModGraphManifest
import ModGraphOutput
import ModGraphRules
import ModGraphSystem

/// `modgraph fix` as a use case: `check` run as it runs, each finding that has
/// one obvious edit planned in the manifest that declares its target, every edit
/// of one manifest made at once (``ManifestEditor``), and the result kept as text:
/// a diff to print, files to write. Nothing is written here; ``write(warnings:)``
/// writes, reloads and checks again, and puts every file back when the graph no
/// longer loads.
public struct FixRun: Sendable {
    /// One manifest's edit.
    public struct FileEdit: Sendable {
        /// Relative to ``root`` (what the diff names).
        public let path: String
        public let old: String
        public let new: String
        /// Package-level dependencies the edit declares.
        public let packagesAdded: [String]
    }

    /// A finding left as it is, with why.
    public struct NotFixed: Sendable {
        public let finding: Finding
        public let reason: String

        /// The finding in a few words: `undeclared-import: app/Feed → low/Low`.
        public var subject: String {
            let ends = [finding.chain.first, finding.chain.count > 1 ? finding.chain.last : nil].compactMap { $0?.description }
            return "\(finding.rule.rawValue): " + (ends.isEmpty ? finding.message : ends.joined(separator: " → "))
        }
    }

    public let loaded: LoadedGraph
    public let request: FixRequest
    /// The folder the files are read and written under: the repository's top folder.
    public let root: String
    public let configPath: String
    /// The configuration read with the graph, which judges the graph again after the edits.
    private let config: CheckConfig
    /// The findings of the kinds asked for that have an edit.
    let fixable: [Finding]
    /// Every finding before the edits, by fingerprint: what a write compares the check after it with.
    let before: [String: Finding]
    /// How many findings of the kinds asked for have an edit (fixed or not).
    public var fixableCount: Int { fixable.count }
    /// How many the edits fix.
    public var fixedCount: Int { fixable.count - notFixed.count }
    public let edits: [FileEdit]
    public let notFixed: [NotFixed]

    /// Loads the graph, runs the check and plans the edits.
    public init(_ request: FixRequest, on loaded: LoadedGraph, warnings: (String) -> Void = { _ in }) throws {
        self.loaded = loaded
        self.request = request
        guard let check = try CheckRun(on: loaded, warnings: warnings) else {
            throw CommandError(
                "\(DisplayPath.of(loaded.configuration.searchedFrom)): nothing to fix: no \(CheckRun.defaultConfigurationName) here or in the folders above it; run `modgraph init`, then `modgraph fix`"
            )
        }
        (configPath, config) = (check.configPath, check.config)
        let kinds = try request.kinds()
        let fixable = check.result.findings.filter { finding in
            guard let fix = finding.fix, kinds.contains(finding.rule) else { return false }
            return request.targets.isEmpty || request.targets.contains(fix.target.name)
        }
        self.fixable = fixable
        before = Dictionary(check.result.findings.map { ($0.fingerprint, $0) }, uniquingKeysWith: { first, _ in first })
        // The folder loaded, which the load read nothing outside of: fix writes nothing outside it either.
        root = loaded.repository.inputs.root
        var planner = FixPlanner(loaded: loaded, root: root)
        planner.breaking = FixPlanner.breaking(fixable, in: loaded.graph, config: check.config)
        (edits, notFixed) = planner.plan(fixable)
    }

    /// Every edit as one unified diff, files in path order.
    public var diff: String {
        edits.map { UnifiedDiff.of(old: $0.old, new: $0.new, path: $0.path) }.joined()
    }

    /// What writing the edits did: the findings of the fixed kinds left, and the graph's edges added and removed.
    public struct Written: Sendable {
        public let files: [String]
        public let remaining: Int
        public let edgesAdded: [String]
        public let edgesRemoved: [String]
        /// Findings of other kinds the edits brought or took away (a dependency removed can leave an
        /// exception stale, or show a chain it had hidden), each in a few words.
        public let findingsAdded: [String]
        public let findingsGone: [String]
    }

    /// Writes every edit (atomically, below ``root``), reloads the graph and checks again. When the
    /// graph no longer loads, or the toolchain's `dump-package` no longer reads a manifest it read
    /// before, every file is put back as it was and the error says why.
    public func write(warnings: (String) -> Void = { _ in }) throws -> Written {
        // The toolchain reads each manifest before and after: one it read before must read after.
        let dumper = DumpPackageRunner(
            swiftExecutable: request.load.swiftExecutable ?? DumpPackageRunner.defaultExecutable, timeout: request.load.manifestTimeout,
            memoryLimit: request.load.manifestMemory)
        func folder(_ edit: FileEdit) -> String {
            Paths.absolute((edit.path as NSString).deletingLastPathComponent, relativeTo: root)
        }
        let manifests = edits.filter { $0.path == "Package.swift" || $0.path.hasSuffix("/Package.swift") }
        // Where manifests may not be run (`--no-run-manifests`), the reload's evaluation alone says whether they still read.
        let checked = request.load.runsManifests ? manifests : []
        let dumpedBefore = Set(checked.filter { (try? dumper.dump(forPackageAt: folder($0))) != nil }.map(\.path))
        var written: [FileEdit] = []
        func restore() {
            for edit in written { try? ConfinedFiles.write(Array(edit.old.utf8), to: edit.path, in: root) }
        }
        for edit in edits {
            do {
                try ConfinedFiles.write(Array(edit.new.utf8), to: edit.path, in: root)
                written.append(edit)
            } catch {
                restore()
                throw CommandError("\(edit.path): cannot write: \(error); nothing was changed")
            }
        }
        let reloaded: LoadedGraph
        let check: CheckRun
        do {
            reloaded = try GraphLoader.load(request.load, warnings: { _ in })
            check = try CheckRun(config: config, configPath: configPath, on: reloaded, warnings: { _ in })
        } catch {
            restore()
            throw CommandError(
                "after the edits the graph no longer loads (\(Self.firstLine(of: error))); every file was put back as it was")
        }
        for edit in edits where dumpedBefore.contains(edit.path) {
            do throws(LoadError) {
                _ = try dumper.dump(forPackageAt: folder(edit))
            } catch {
                restore()
                throw CommandError(
                    "after the edits swift package dump-package no longer reads \(edit.path) (\(Self.firstLine(of: error))); every file was put back as it was"
                )
            }
        }
        let kinds = try request.kinds()
        let left = Set(notFixed.map(\.finding.fingerprint))
        let fixed = Set(fixable.map(\.fingerprint)).subtracting(left)
        let remaining = check.result.findings.filter { kinds.contains($0.rule) && fixed.contains($0.fingerprint) }.count
        func edges(_ graph: ModuleGraph) -> Set<String> {
            Set(graph.edges.map { "\($0.from) → \($0.to)" })
        }
        let before = edges(loaded.graph)
        let after = edges(reloaded.graph)
        let fixedKinds = Set(fixable.map(\.fingerprint))
        let now = Dictionary(check.result.findings.map { ($0.fingerprint, $0) }, uniquingKeysWith: { first, _ in first })
        func words(_ finding: Finding) -> String { NotFixed(finding: finding, reason: "").subject }
        return Written(
            files: written.map(\.path), remaining: remaining, edgesAdded: after.subtracting(before).sorted(),
            edgesRemoved: before.subtracting(after).sorted(),
            findingsAdded: now.filter { self.before[$0.key] == nil }.values.map(words).sorted(),
            findingsGone: self.before.filter { now[$0.key] == nil && !fixedKinds.contains($0.key) }.values.map(words).sorted())
    }

    private static func firstLine(of error: any Error) -> String {
        let text = String(describing: error)
        return text.split(separator: "\n").first.map(String.init) ?? text
    }
}
