import ModGraphOutput
import SwiftSyntax

/// Edits a `Package.swift` as its author would: a dependency added to a target's
/// `dependencies:` in the style of its neighbours (a line of its own in an array
/// written a line an element, trailing commas as the array has them), one removed
/// with its line, a package-level dependency added beside the others; nothing else
/// of the file changes. Every edit is made against the text as written, and the
/// result must parse again, or nothing is written.
public struct ManifestEditor {
    /// A dependency as a target's `dependencies:` writes it.
    public enum Element: Hashable, Sendable {
        /// A target of the same package: `"Name"`.
        case target(String)
        /// A product of another package: `.product(name: "Name", package: "package")`.
        case product(name: String, package: String)

        var name: String {
            switch self {
            case let .target(name), let .product(name, _): name
            }
        }

        /// As the manifest would write it: a product it names with a variable of its own by that variable.
        func written(inTargetStyle targetStyle: Bool, variables: [String: String] = [:]) -> String {
            switch self {
            case let .target(name): targetStyle ? ".target(name: \(Escape.swiftString(name)))" : Escape.swiftString(name)
            case let .product(name, package):
                variables[name + "\u{0}" + package.lowercased()]
                    ?? ".product(name: \(Escape.swiftString(name)), package: \(Escape.swiftString(package)))"
            }
        }
    }

    /// One change a finding asks of one target.
    public enum Change: Hashable, Sendable {
        case add(target: String, element: Element)
        case remove(target: String, written: String)

        var target: String {
            switch self {
            case let .add(target, _), let .remove(target, _): target
            }
        }
    }

    /// A package-level dependency to declare when a product of it is added: the package's
    /// names `package:` may use, and the entry to write (`.package(path: "../Low")`).
    public struct PackageEntry: Hashable, Sendable {
        public let names: [String]
        public let entry: String

        public init(names: [String], entry: String) {
            self.names = names
            self.entry = entry
        }
    }

    /// What came of the edits: the new text, and each change not made with why.
    public struct Outcome: Sendable {
        public let text: String
        public let refused: [(change: Change, reason: String)]
        /// Package-level dependencies added or removed, as written.
        public let packagesAdded: [String]
        public let packagesRemoved: [String]
    }

    /// The largest manifest edited (and read to learn how it declares packages).
    public static let maximumBytes = ManifestSyntax.maximumBytes

    private let syntax: ManifestSyntax

    public init(_ text: String) throws(ManifestRefusal) {
        syntax = try ManifestSyntax.forEditing(text)
    }

    /// `changes` made; `packages` says, for each package a product may come from, how the
    /// manifest declares it when it does not yet; `declared`, the names (lowercased) of the packages
    /// the manifest declares however it is written (as its dump says: `package.dependencies += […]`
    /// under an `if` is not a literal of `Package(…)`), which need no entry.
    public func apply(
        _ changes: [Change], packages: [String: PackageEntry], declared: Set<String> = []
    ) throws(ManifestRefusal) -> Outcome {
        var edits = TextEdits()
        var refused: [(Change, String)] = []
        var neededPackages: [String] = []
        var removedPackages: Set<String> = []
        let byTarget = Dictionary(grouping: changes, by: \.target)
        let variables = syntax.productVariables()
        for name in byTarget.keys.sorted() {
            let targetChanges = byTarget[name] ?? []
            let calls = syntax.targetCalls(named: name)
            guard calls.count == 1, let call = calls.first else {
                let reason =
                    calls.isEmpty
                    ? "target \"\(name)\" is not written as .target(name: \"\(name)\", …) in Package.swift (built by a helper, a loop or a variable?): edit it where its dependencies are written"
                    : "target \"\(name)\" is written \(calls.count) times in Package.swift (under #if?): edit the one that applies"
                refused += targetChanges.map { ($0, reason) }
                continue
            }
            var adds: [Element] = []
            var removes: [String] = []
            for change in targetChanges {
                switch change {
                case let .add(_, element): if !adds.contains(element) { adds.append(element) }
                case let .remove(_, written): removes.append(written)
                }
            }
            let outcome = ArrayEdit.dependencies(of: call, adding: adds, removing: Set(removes), variables: variables, into: &edits)
            if let reason = outcome.refusal {
                refused += targetChanges.map { ($0, reason) }
                continue
            }
            removedPackages.formUnion(outcome.removedPackages)
            for change in targetChanges {
                if case let .remove(_, written) = change, !outcome.removed.contains(written) {
                    refused.append((change, "target \"\(name)\" does not list \"\(written)\" as a literal in its dependencies"))
                }
                if case let .add(_, .product(_, package)) = change { neededPackages.append(package) }
            }
        }
        let newEntries = try declare(
            Set(neededPackages), packages: packages, declared: declared, for: changes, refused: &refused, into: &edits)
        guard !edits.overlap else { throw ManifestRefusal(reason: "two of its edits would touch the same text") }
        var text = edits.applied(to: syntax.text)
        // What was written must parse back.
        guard let edited = try? ManifestSyntax(text) else {
            throw ManifestRefusal(reason: "the edited manifest would not parse; nothing was changed")
        }
        // A package whose last product a removal took out is no longer declared either.
        let unused = Self.unusedPackages(in: edited, among: removedPackages)
        if !unused.isEmpty, let array = edited.packageDependencyArrays().first {
            var second = TextEdits()
            ArrayEdit.remove(unused, from: array, into: &second)
            text = second.applied(to: text)
            guard (try? ManifestSyntax(text)) != nil else {
                throw ManifestRefusal(reason: "the edited manifest would not parse; nothing was changed")
            }
        }
        return Outcome(
            text: text, refused: refused.map { (change: $0.0, reason: $0.1) }, packagesAdded: newEntries,
            packagesRemoved: unused.map(\.expression.trimmedDescription))
    }

    /// The package-level entries the added products' packages need where the manifest lacks them,
    /// appended to `Package(…, dependencies: […])`; the changes whose package no entry is known for refused.
    private func declare(
        _ needed: Set<String>, packages: [String: PackageEntry], declared: Set<String>, for changes: [Change],
        refused: inout [(Change, String)], into edits: inout TextEdits
    ) throws(ManifestRefusal) -> [String] {
        let declaredArrays = syntax.packageDependencyArrays()
        let declaredNames = Set(
            declaredArrays.flatMap { $0.elements.flatMap { ManifestSyntax.packageNames($0.expression) } }.map { $0.lowercased() }
        ).union(declared)
        var newEntries: [String] = []
        for package in needed.sorted() where !declaredNames.contains(package.lowercased()) {
            guard
                let entry = packages[package]
                    ?? packages.values.first(where: { $0.names.contains { $0.lowercased() == package.lowercased() } })
            else {
                let reason =
                    "Package.swift does not declare package \"\(package)\", and no manifest of the workspace says where it comes from: add its .package(url:…) entry"
                refused += changes.filter {
                    if case let .add(_, .product(_, p)) = $0 { return p == package } else { return false }
                }.map { ($0, reason) }
                continue
            }
            if !newEntries.contains(entry.entry) { newEntries.append(entry.entry) }
        }
        if !newEntries.isEmpty {
            guard declaredArrays.count == 1, let array = declaredArrays.first else {
                throw ManifestRefusal(
                    reason:
                        "the package-level dependencies are not one literal dependencies: [...] of Package(…); declare \(newEntries.joined(separator: ", ")) there"
                )
            }
            _ = ArrayEdit.append(newEntries, to: array, into: &edits)
        }
        return newEntries
    }

    /// The package-level entries of `syntax` among `candidates` (lowercased names) that nothing names
    /// any more: no `package:` argument outside the package's own `dependencies:`, and no dependency
    /// written by name alone that is not a target of the manifest (it might be a product of theirs).
    private static func unusedPackages(in syntax: ManifestSyntax, among candidates: Set<String>) -> [ArrayElementSyntax] {
        guard !candidates.isEmpty, let array = syntax.packageDependencyArrays().first else { return [] }
        let referenced = Set(syntax.packageArguments().map { $0.lowercased() })
        let targets = syntax.targetNames()
        guard syntax.dependenciesByName().allSatisfy({ targets.contains($0) }) else { return [] }
        return array.elements.filter { element in
            let names = Set(ManifestSyntax.packageNames(element.expression).map { $0.lowercased() })
            return !names.isDisjoint(with: candidates) && names.isDisjoint(with: referenced)
        }
    }
}

/// Why a manifest is not edited at all.
public struct ManifestRefusal: Error, Equatable, Sendable {
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }
}

extension ManifestEditor {
    /// The package-level dependencies `text` declares, each as written (`.package(url: "…", from: "1.0.0")`)
    /// with the names `package:` may use for it: how another manifest of the workspace is told where a
    /// remote package comes from. Empty when the manifest cannot be read.
    public static func declaredPackages(_ text: String) -> [PackageEntry] {
        guard let syntax = try? ManifestSyntax(text) else { return [] }
        return syntax.packageDependencyArrays().flatMap { array in
            array.elements.compactMap { element -> PackageEntry? in
                let names = ManifestSyntax.packageNames(element.expression)
                return names.isEmpty ? nil : PackageEntry(names: names, entry: element.expression.trimmedDescription)
            }
        }
    }
}
