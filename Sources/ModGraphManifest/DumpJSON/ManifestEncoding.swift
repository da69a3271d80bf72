import Foundation
import ModGraphCore

/// Writes a ``Manifest`` back in the shape `dump-package` prints, reduced to
/// the keys ModGraph reads, so that a manifest made without `dump-package`
/// (evaluated from its syntax tree) is cached as a dump is: the same entry
/// format, decoded by the same reader, to the same value.
///
/// `ManifestDecoding.decode(ManifestEncoding.dumpJSON(m), …) == m` for every
/// manifest (tested); keys the model does not keep (settings, platforms,
/// requirements) are left out.
public enum ManifestEncoding {
    /// The version of the static evaluator's answers (`ModGraphManifestEvaluation`), written in every
    /// document made here: raise it whenever the evaluator answers a manifest differently (one it
    /// now refuses, a value it now gets right), so that no cache entry of an earlier evaluator is
    /// read again. Entries of version 1 wrote `true` in its place.
    public static let evaluatorVersion = 2

    /// The first key of every document written here, which decoders skip as they skip any
    /// key they do not know: a cache entry that starts with it was not made by `dump-package`.
    static let evaluatedPrefix = "{\"modgraphEvaluated\":"

    /// Whether `data` was written by ``dumpJSON(_:)`` (of any evaluator version) rather than printed by `dump-package`.
    public static func isEvaluated(_ data: Data) -> Bool {
        data.starts(with: evaluatedPrefix.utf8)
    }

    /// Whether `data` was written by ``dumpJSON(_:)`` for the evaluator of ``evaluatorVersion``.
    public static func isCurrentEvaluation(_ data: Data) -> Bool {
        data.starts(with: (evaluatedPrefix + "\(evaluatorVersion),").utf8)
    }

    /// - Complexity: O(n) in the size of the manifest.
    public static func dumpJSON(_ manifest: Manifest) -> Data {
        let out = JSONText()
        out.object {
            out.key("modgraphEvaluated") { out.raw(String(evaluatorVersion)) }
            out.key("name") { out.string(manifest.name) }
            if let version = manifest.toolsVersion {
                out.key("toolsVersion") { out.object { out.key("_version") { out.string(version.description) } } }
            }
            if let directory = manifest.packageDirectory {
                out.key("packageKind") { out.object { out.key("root") { out.array([directory]) { out.string($0) } } } }
            }
            out.key("dependencies") { out.array(manifest.dependencies) { dependency($0, out) } }
            out.key("products") { out.array(manifest.products) { product($0, out) } }
            out.key("targets") { out.array(manifest.targets) { target($0, out) } }
            out.key("traits") {
                out.array(manifest.traits) { trait in
                    out.object {
                        out.key("name") { out.string(trait.name) }
                        out.key("enabledTraits") { out.array(trait.enabledTraits) { out.string($0) } }
                    }
                }
            }
        }
        return Data(out.text.utf8)
    }

    private static func dependency(_ dependency: PackageDependency, _ out: JSONText) {
        let kind: String =
            switch dependency.kind {
            case .fileSystem: "fileSystem"
            case .sourceControl: "sourceControl"
            case .registry: "registry"
            }
        out.object {
            out.key(kind) {
                out.array([dependency]) { dependency in
                    out.object {
                        out.key("identity") { out.string(dependency.identity.rawValue) }
                        if let name = dependency.explicitName {
                            out.key("nameForTargetDependencyResolutionOnly") { out.string(name) }
                        }
                        switch dependency.kind {
                        case .fileSystem:
                            out.key("path") { out.string(dependency.location) }
                        case .sourceControl:
                            out.key("location") {
                                out.object {
                                    out.key("remote") {
                                        out.array([dependency.location]) { location in
                                            out.object { out.key("urlString") { out.string(location) } }
                                        }
                                    }
                                }
                            }
                        case .registry:
                            break
                        }
                        if let traits = dependency.traits {
                            out.key("traits") {
                                out.array(traits) { trait in
                                    out.object {
                                        out.key("name") { out.string(trait.name) }
                                        if let when = trait.whenTraits {
                                            out.key("condition") { out.object { out.key("traits") { out.array(when) { out.string($0) } } } }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private static func product(_ product: ManifestProduct, _ out: JSONText) {
        out.object {
            out.key("name") { out.string(product.name) }
            out.key("targets") { out.array(product.targets) { out.string($0) } }
            out.key("type") {
                out.object {
                    if product.type == "library" {
                        out.key("library") { out.array(["automatic"]) { out.string($0) } }
                    } else if product.type.hasPrefix("library ("), product.type.hasSuffix(")") {
                        let linkage = String(product.type.dropFirst("library (".count).dropLast())
                        out.key("library") { out.array([linkage]) { out.string($0) } }
                    } else {
                        out.key(product.type) { out.null() }
                    }
                }
            }
        }
    }

    private static func target(_ target: ManifestTarget, _ out: JSONText) {
        out.object {
            out.key("name") { out.string(target.name) }
            out.key("type") { out.string(target.type.rawValue) }
            out.key("dependencies") { out.array(target.dependencies) { targetDependency($0, out) } }
            if let path = target.path { out.key("path") { out.string(path) } }
            if let sources = target.sources { out.key("sources") { out.array(sources) { out.string($0) } } }
            out.key("exclude") { out.array(target.exclude) { out.string($0) } }
            out.key("resources") {
                out.array(target.resources) { path in out.object { out.key("path") { out.string(path) } } }
            }
            out.key("pluginUsages") {
                out.array(target.pluginUsages) { usage in
                    out.object {
                        out.key("plugin") {
                            out.list {
                                out.element { out.string(usage.name) }
                                out.element { usage.package.map { out.string($0) } ?? out.null() }
                            }
                        }
                    }
                }
            }
        }
    }

    private static func targetDependency(_ dependency: TargetDependency, _ out: JSONText) {
        func condition(_ condition: Condition?) {
            guard let condition else { return out.null() }
            out.object {
                out.key("platformNames") { out.array(condition.platforms) { out.string($0) } }
                out.key("traits") { out.array(condition.traits) { out.string($0) } }
            }
        }
        out.object {
            switch dependency {
            case let .byName(name, when), let .target(name, when):
                out.key(dependency.kindName) {
                    out.list {
                        out.element { out.string(name) }
                        out.element { condition(when) }
                    }
                }
            case let .product(name, package, when):
                out.key("product") {
                    out.list {
                        out.element { out.string(name) }
                        out.element { package.map { out.string($0) } ?? out.null() }
                        out.element { out.null() }
                        out.element { condition(when) }
                    }
                }
            }
        }
    }
}

private extension TargetDependency {
    var kindName: String {
        switch self {
        case .byName: "byName"
        case .target: "target"
        case .product: "product"
        }
    }
}

/// A JSON text written front to back; commas are placed by `element` and `key`.
/// A class, so the nested closures that write into it share one text.
private final class JSONText {
    var text = ""
    private var needsComma = false

    func object(_ body: () -> Void) {
        text += "{"
        needsComma = false
        body()
        text += "}"
        needsComma = true
    }

    func list(_ body: () -> Void) {
        text += "["
        needsComma = false
        body()
        text += "]"
        needsComma = true
    }

    func array<Element>(_ elements: [Element], _ write: (Element) -> Void) {
        list { for element in elements { self.element { write(element) } } }
    }

    func element(_ body: () -> Void) {
        if needsComma { text += "," }
        needsComma = false
        body()
        needsComma = true
    }

    func key(_ name: String, _ body: () -> Void) {
        if needsComma { text += "," }
        needsComma = false
        string(name)
        text += ":"
        needsComma = false
        body()
        needsComma = true
    }

    func null() {
        raw("null")
    }

    /// A literal (`true`, `null`) written as is.
    func raw(_ literal: String) {
        text += literal
        needsComma = true
    }

    func string(_ value: String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                text += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
        needsComma = true
    }
}
