import ModGraphCore
import ModGraphManifest

/// The load's warnings as `modgraph` prints them: every path by the rule
/// findings follow (``DisplayPath``), and each missing folder or checkout
/// once, however many manifests need it, saying what the load made of it.
///
/// The loader reports a missing `path:` folder or checkout once per manifest
/// that names it, before it knows the outcome: a workspace of nine packages
/// that all point at one missing `../Core` got nine warnings that said the
/// products were shown as external, when another package of identity `core`
/// had been loaded and linked in its place.
enum WarningLines {
    /// One line per warning or group of warnings, in the order the first of each came.
    ///
    /// - Parameters:
    ///   - offByDefault: packages that only dependencies behind traits that
    ///     are off by default lead to (empty when the user chose the traits):
    ///     `swift package resolve` fetches no checkout for them.
    ///   - graph: the graph loaded: a missing folder's line names every product taken from it (its external nodes).
    ///   - show: how a path is printed.
    static func lines(
        _ warnings: [LoadWarning], workspace: Workspace, graph: ModuleGraph? = nil, offByDefault: Set<PackageIdentity> = [],
        show: (String) -> String = DisplayPath.of
    ) -> [String] {
        var order: [String] = []
        var groups: [String: [LoadWarning]] = [:]
        for warning in warnings {
            let key: String =
                switch warning.subject {
                case let .missingLocalPackage(missing)?: "local\u{0}" + missing.folder
                case .missingCheckout?: "checkout\u{0}" + (warning.package?.rawValue ?? "")
                case nil: "one\u{0}" + warning.message
                }
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(warning)
        }
        var seen = Set<String>()
        return order.compactMap { key -> String? in
            guard let group = groups[key], let first = group.first else { return nil }
            let line = line(for: group, first: first, workspace: workspace, graph: graph, offByDefault: offByDefault, show: show)
            return seen.insert(line).inserted ? line : nil
        }
    }

    private static func line(
        for group: [LoadWarning], first: LoadWarning, workspace: Workspace, graph: ModuleGraph?,
        offByDefault: Set<PackageIdentity>, show: (String) -> String
    ) -> String {
        // Who names it, with the line where known: `App/Package.swift:12`.
        var manifests: [String] = []
        var products: [String] = []
        for warning in group {
            let manifest: String? =
                switch warning.subject {
                case let .missingLocalPackage(missing)?: show(missing.requiredBy) + (missing.line.map { ":\($0)" } ?? "")
                case let .missingCheckout(requiredBy)?: show(requiredBy)
                case nil: nil
                }
            if let manifest, !manifests.contains(manifest) { manifests.append(manifest) }
            if case let .missingLocalPackage(missing)? = warning.subject {
                for product in missing.products where !products.contains(product) { products.append(product) }
                // What manifests and projects took from it by its name: every external node of its identity.
                let identity = warning.package ?? PackageIdentity(location: missing.folder)
                for target in graph?.targets ?? [] where target.package == identity && target.type == .externalProduct {
                    if !products.contains(target.name) { products.append(target.name) }
                }
            }
        }
        guard let requiredBy = manifests.first else { return first.message(showingPaths: show) }
        let others = Array(manifests.dropFirst())
        let also = others.isEmpty ? "" : " (also required by " + abbreviated(others) + ")"
        switch first.subject {
        case let .missingLocalPackage(missing)?:
            let outcome: String
            if let identity = first.package, let linked = workspace.packages[identity], linked.manifest != nil,
                let directory = linked.directory, directory != missing.folder
            {
                outcome = "its products are linked to package '\(identity)' at \(show(directory)) instead, which has the same identity"
            } else {
                outcome = "its products are shown as external" + (products.isEmpty ? "" : " (" + abbreviated(products.sorted()) + ")")
            }
            return "\(requiredBy): local package '\(show(missing.folder))' \(missing.problem); \(outcome)\(also)"
        case .missingCheckout?:
            let identity = first.package?.rawValue ?? ""
            if let package = first.package, offByDefault.contains(package) {
                return "\(requiredBy): no checkout of '\(identity)' under .build/checkouts, as only dependencies behind "
                    + "package traits that are off by default use it (`swift package resolve` fetches none of those); "
                    + "pass --traits default to build as `swift build` does; its products are shown as external\(also)"
            }
            return "\(requiredBy): no checkout of '\(identity)' under .build/checkouts (run `swift package resolve`); "
                + "its products are shown as external\(also)"
        case nil:
            return first.message(showingPaths: show)
        }
    }

    /// `a, b, c and 4 more`: a long list stays one readable line.
    private static func abbreviated(_ items: [String]) -> String {
        let shown = items.prefix(3).joined(separator: ", ")
        return items.count > 3 ? "\(shown) and \(items.count - 3) more" : shown
    }
}
