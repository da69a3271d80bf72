import ModGraphCore
import ModGraphRules

/// The source-level checks of `modgraph check`: reads the targets' Swift
/// files (a unit of work each) and returns findings for ``Checker/check(_:sourceFindings:)``,
/// which applies exceptions to them like to the others.
public struct SourceChecker: Sendable {
    public let settings: CheckConfig.SourceChecks
    /// `--platform`, when the graph was restricted to one.
    public let platform: String?
    /// The part each module plays for the wiring checks (`sources.wiring`); nil: inferred
    /// from the graph, with `sources.interfaces` as the interface modules (``WiringRoles/inferred(from:interfaces:)``).
    public let roles: WiringRoles?
    /// Modules each target may import without declaring them (CocoaPods' `inherit! :search_paths`:
    /// a test target sees its host's pods, which the host links), by the nodes that build them.
    public var searchPaths: [TargetID: [TargetID]] = [:]
    /// The compilation conditions each target's build settings set (true) or leave unset (false), where known:
    /// `#if` on them is judged like `SWIFT_PACKAGE`.
    public var conditions: [TargetID: [String: Bool]] = [:]
    /// What each Xcode target embeds in its product (*Embed Frameworks*): never an unused dependency,
    /// as an app bundles a framework for its extensions or plugins without importing it.
    public var embedded: [TargetID: Set<TargetID>] = [:]
    /// The file each target of an XcodeGen spec is declared in, as reports name it (the spec, or a
    /// file it includes): where a fix-it says to add a dependency.
    public var declarationFiles: [TargetID: String] = [:]
    /// The packages each SwiftPM package of the workspace declares in its manifest's `dependencies:`,
    /// by identity: a fix-it that adds a product of a package not among them says to declare it too.
    public var declaredPackages: [PackageIdentity: Set<PackageIdentity>] = [:]
    /// For each project read from an XcodeGen spec, the name its `packages:` gives each package, by identity:
    /// a fix-it writes `- package:` with that name, and says to declare a package the spec does not list.
    /// For each project read from a Tuist manifest, the packages Tuist's package list names: a fix-it adds a
    /// product of one as `.external(name:)`.
    public var specPackageNames: [PackageIdentity: [PackageIdentity: String]] = [:]

    public init(settings: CheckConfig.SourceChecks, platform: String? = nil, roles: WiringRoles? = nil) {
        self.settings = settings
        self.platform = platform
        self.roles = roles
    }

    /// What ``check(_:targets:budget:)`` found, and the files it did not parse.
    public struct Outcome: Sendable {
        public let findings: [Finding]
        /// Files over the budget, in the order of the targets and their files: for warnings.
        public let skipped: [SkippedSource]
    }

    /// Scans every file of `targets` and judges them; a file over `budget`
    /// is skipped and listed. A target with a skipped file is not told that
    /// a dependency is unused, since the file may import it.
    ///
    /// - Complexity: O(total size of the files) to scan, then O(I + E + V) per target.
    public func check(
        _ graph: ModuleGraph, targets: [TargetSources], budget: SourceBudget, runner: any UnitRunner = .sequential,
        cache: ScanCache? = nil
    ) throws(SourceScanError) -> Outcome {
        let interfaces = Set(targets.map(\.target).filter { interfacePattern(for: $0, in: graph) != nil })
        // Imports from each file's import region (whole for interface modules); the wiring's facts apart,
        // so that a run whose files did not change reads the wiring's answer back (``WiringMemo``).
        let requests = targets.flatMap { sources in
            sources.files.map { SourceScanner.Request(path: $0, auditInterface: interfaces.contains(sources.target)) }
        }
        let scanned = try SourceScanner.scan(requests: requests, budget: budget, runner: runner, cache: cache)
        let wiring = try settings.wiring.map { _ throws(SourceScanError) in
            try WiringMemo.facts(
                graph, targets: targets, roles: roles ?? interfaceRoles(of: graph), budget: budget, runner: runner, cache: cache)
        }
        let byTarget = TargetSources.grouped(scanned, of: targets)
        // Mixed targets' Objective-C and C files: their imports count as uses of what the target declares,
        // which only `unused-dependency` asks; not read when it is off.
        let mixed = settings.unusedDependencies == .ignore ? [] : targets.filter { !$0.otherFiles.isEmpty }
        var clang = Dictionary(uniqueKeysWithValues: zip(mixed.map(\.target), runner.map(mixed) { ClangImports.read($0.otherFiles) }))
        // A file leading outside the repository is not read: like an unreadable one, it may import anything.
        for sources in targets where !sources.outside.isEmpty {
            clang[sources.target, default: ClangImports.Result()].unreadable += sources.outside.count
        }
        let found = findings(
            graph, scanned: byTarget, folders: Dictionary(uniqueKeysWithValues: targets.map { ($0.target, $0.folder) }), clang: clang,
            wiring: wiring?.facts)
        // A file over a budget for its imports is over it for the wiring too: named once.
        let skippedPaths = Set(scanned.filter { $0.skipped != nil }.map(\.path))
        let skipped = (scanned + (wiring?.skipped ?? []).filter { !skippedPaths.contains($0.path) }).compactMap { file in
            file.skipped.map { SkippedSource(path: file.path, excess: $0) }
        }
        return Outcome(findings: found, skipped: skipped)
    }

    /// The findings of ``check(_:targets:budget:)`` with the standard budget, without the skipped files.
    public func check(_ graph: ModuleGraph, targets: [TargetSources]) throws(SourceScanError) -> [Finding] {
        try check(graph, targets: targets, budget: .standard).findings
    }

    /// Judges files already scanned; `folders` name each target's folder, which subjects are relative to.
    /// `clang`: what each mixed target's C-family files import (``ClangImports``). The wiring checks judge
    /// `wiring` when given, else the analysis of the wiring `scanned` holds.
    public func findings(
        _ graph: ModuleGraph, scanned: [TargetID: [ScannedFile]], folders: [TargetID: String] = [:],
        clang: [TargetID: ClangImports.Result] = [:]
    ) -> [Finding] {
        findings(graph, scanned: scanned, folders: folders, clang: clang, wiring: nil)
    }

    func findings(
        _ graph: ModuleGraph, scanned: [TargetID: [ScannedFile]], folders: [TargetID: String], clang: [TargetID: ClangImports.Result],
        wiring facts: WiringFacts?
    ) -> [Finding] {
        var findings: [Finding] = []
        let rule = InterfaceRule(settings: settings)
        for target in scanned.keys.sorted() {
            guard let pattern = interfacePattern(for: target, in: graph), let files = scanned[target] else { continue }
            findings += rule.findings(target: target, folder: folders[target] ?? "", files: files, pattern: pattern)
        }
        // Test targets at `sources.tests`' levels, when it sets them; the rest at `sources:`'.
        let isTest = { (target: TargetID) in graph.index(of: target).map { graph.targets[$0].type.isTest } ?? false }
        let passes: [(CheckConfig.SourceChecks, ((TargetID) -> Bool)?)] =
            settings.tests == nil ? [(settings, nil)] : [(settings, { !isTest($0) }), (settings.forTests, isTest)]
        for (levels, judging) in passes where levels.undeclaredImports != .ignore || levels.unusedDependencies != .ignore {
            findings += ImportRule(
                graph: graph, settings: levels, platform: platform, searchPaths: searchPaths, conditions: conditions, embedded: embedded,
                declarationFiles: declarationFiles, declaredPackages: declaredPackages, specPackageNames: specPackageNames, clang: clang,
                judging: judging
            ).findings(scanned: scanned)
        }
        if let wiring = settings.wiring {
            let roles = self.roles ?? interfaceRoles(of: graph)
            let facts = facts ?? WiringAnalyzer(roles: roles).analyze(scanned: scanned, folders: folders, graph: graph)
            findings += WiringFindings(settings: wiring, roles: roles, graph: graph).findings(facts, folders: folders)
        }
        return findings.sorted()
    }

    /// The roles inferred from `graph`, with the modules `sources.interfaces` names as the interface modules.
    func interfaceRoles(of graph: ModuleGraph) -> WiringRoles {
        let interfaces = Set(graph.targets.map(\.id).filter { interfacePattern(for: $0, in: graph) != nil })
        return WiringRoles.inferred(from: graph, interfaces: interfaces.isEmpty ? nil : interfaces)
    }

    /// The `sources.interfaces` pattern that makes `target` an interface module, if one does.
    private func interfacePattern(for target: TargetID, in graph: ModuleGraph) -> LocatedPattern? {
        let packageName = graph.package(target.package)?.name
        return settings.interfaces.first { $0.pattern.match(target, packageName: packageName) != nil }
    }
}
