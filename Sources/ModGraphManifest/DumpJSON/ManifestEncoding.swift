import Foundation
import ModGraphCore
import ModGraphOutput

/// Writes a ``Manifest`` back in the shape `dump-package` prints, reduced to
/// the keys ModGraph reads, so that a manifest made without `dump-package`
/// (evaluated from its syntax tree) is cached as a dump is: the same entry
/// format, decoded by the same reader, to the same value.
///
/// `ManifestDecoding.decode(ManifestEncoding.dumpJSON(m), …) == m` for every
/// manifest (tested), its build declaration (settings, platforms,
/// requirements) included; what a dump had that the model does not read is
/// kept as the list of those keys' names (`modgraphUnreadKeys`).
public enum ManifestEncoding {
    /// The version of the static evaluator's answers (`ModGraphManifestEvaluation`), written in every
    /// document made here: raise it whenever the evaluator answers a manifest differently (one it
    /// now refuses, a value it now gets right), so that no cache entry of an earlier evaluator is
    /// read again. Entries of version 1 wrote `true` in its place; version 3 answers with what
    /// manifests declare beyond the graph (settings, platforms, requirements).
    public static let evaluatorVersion = 3

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
            out.key("modgraphEvaluated") { out.int(evaluatorVersion) }
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
            if let build = manifest.build {
                packageBuild(build, out)
            } else {
                out.key("modgraphBuildUnknown") { out.bool(true) }
            }
        }
        return Data(out.bytes)
    }

    private static func packageBuild(_ build: PackageBuildDeclaration, _ out: JSONText) {
        out.key("platforms") {
            out.array(build.platforms) { platform in
                out.object {
                    out.key("platformName") { out.string(platform.name) }
                    out.key("version") { out.string(platform.version) }
                    out.key("options") { out.array(platform.options) { out.string($0) } }
                }
            }
        }
        out.key("defaultLocalization") { out.optionalString(build.defaultLocalization) }
        out.key("swiftLanguageVersions") { out.optionalStrings(build.swiftLanguageVersions) }
        out.key("cLanguageStandard") { out.optionalString(build.cLanguageStandard) }
        out.key("cxxLanguageStandard") { out.optionalString(build.cxxLanguageStandard) }
        out.key("pkgConfig") { out.optionalString(build.pkgConfig) }
        out.key("providers") { providers(build.providers, out) }
        if !build.unreadKeys.isEmpty {
            out.key("modgraphUnreadKeys") { out.array(build.unreadKeys) { out.string($0) } }
        }
    }

    private static func providers(_ providers: [SystemPackageProvider]?, _ out: JSONText) {
        guard let providers else { return out.null() }
        out.array(providers) { provider in
            out.object { out.key(provider.manager) { out.list { out.array(provider.packages) { out.string($0) } } } }
        }
    }

    private static func targetBuild(_ build: TargetBuildDeclaration, _ out: JSONText) {
        out.key("settings") {
            out.array(build.settings) { setting in
                out.object {
                    out.key("tool") { out.string(setting.tool) }
                    out.key("kind") {
                        out.object {
                            out.key(setting.kind) {
                                out.object {
                                    for (index, argument) in setting.arguments.enumerated() {
                                        out.key("_\(index)") {
                                            switch argument {
                                            case let .text(text): out.string(text)
                                            case let .texts(texts): out.array(texts) { out.string($0) }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                    if let condition = setting.condition {
                        out.key("condition") {
                            out.object {
                                out.key("platformNames") { out.array(condition.platforms) { out.string($0) } }
                                out.key("config") { out.optionalString(condition.configuration) }
                                if let traits = condition.traits { out.key("traits") { out.array(traits) { out.string($0) } } }
                            }
                        }
                    }
                }
            }
        }
        out.key("publicHeadersPath") { out.optionalString(build.publicHeadersPath) }
        if let access = build.packageAccess { out.key("packageAccess") { out.bool(access) } }
        out.key("url") { out.optionalString(build.url) }
        out.key("checksum") { out.optionalString(build.checksum) }
        out.key("pkgConfig") { out.optionalString(build.pkgConfig) }
        out.key("providers") { providers(build.providers, out) }
        out.key("pluginCapability") {
            switch build.pluginCapability {
            case nil: out.null()
            case .buildTool?: out.object { out.key("buildTool") { out.null() } }
            case let .command(intent, permissions)?:
                out.object {
                    out.key("command") {
                        out.list {
                            commandIntent(intent, out)
                            out.array(permissions) { pluginPermission($0, out) }
                        }
                    }
                }
            }
        }
    }

    private static func commandIntent(_ intent: PluginCommandIntent, _ out: JSONText) {
        out.object {
            switch intent {
            case .documentationGeneration: out.key("documentationGeneration") { out.object {} }
            case .sourceCodeFormatting: out.key("sourceCodeFormatting") { out.object {} }
            case let .custom(verb, description):
                out.key("custom") {
                    out.object {
                        out.key("verb") { out.string(verb) }
                        out.key("description") { out.string(description) }
                    }
                }
            }
        }
    }

    private static func pluginPermission(_ permission: PluginPermission, _ out: JSONText) {
        out.object {
            switch permission {
            case let .writeToPackageDirectory(reason):
                out.key("writeToPackageDirectory") { out.object { out.key("reason") { out.string(reason) } } }
            case let .allowNetworkConnections(scope, ports, reason):
                out.key("allowNetworkConnections") {
                    out.object {
                        out.key("reason") { out.string(reason) }
                        out.key("scope") {
                            out.object { out.key(scope) { out.object { out.key("ports") { out.array(ports) { out.int($0) } } } } }
                        }
                    }
                }
            }
        }
    }

    private static func requirement(_ requirement: DependencyRequirement, _ out: JSONText) {
        out.object {
            switch requirement {
            case let .range(lower, upper):
                out.key("range") {
                    out.list {
                        out.object {
                            out.key("lowerBound") { out.string(lower) }
                            out.key("upperBound") { out.string(upper) }
                        }
                    }
                }
            case let .exact(version): out.key("exact") { out.array([version]) { out.string($0) } }
            case let .branch(branch): out.key("branch") { out.array([branch]) { out.string($0) } }
            case let .revision(revision): out.key("revision") { out.array([revision]) { out.string($0) } }
            }
        }
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
                        if let requirement = dependency.requirement {
                            out.key("requirement") { self.requirement(requirement, out) }
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
                // Each path with its rule; a path whose rule the dump had in an unknown shape, without one (as read).
                var rules = target.build?.resources ?? []
                out.array(target.resources) { path in
                    out.object {
                        out.key("path") { out.string(path) }
                        guard let index = rules.firstIndex(where: { $0.path == path }) else { return }
                        let rule = rules.remove(at: index).rule
                        out.key("rule") {
                            out.object {
                                switch rule {
                                case let .process(localization):
                                    out.key("process") {
                                        out.object { if let localization { out.key("localization") { out.string(localization) } } }
                                    }
                                case .copy: out.key("copy") { out.object {} }
                                case .embedInCode: out.key("embedInCode") { out.object {} }
                                }
                            }
                        }
                    }
                }
            }
            out.key("pluginUsages") {
                out.array(target.pluginUsages) { usage in
                    out.object {
                        out.key("plugin") {
                            out.list {
                                out.string(usage.name)
                                usage.package.map { out.string($0) } ?? out.null()
                            }
                        }
                    }
                }
            }
            if let build = target.build { targetBuild(build, out) }
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
                        out.string(name)
                        condition(when)
                    }
                }
            case let .product(name, package, when):
                out.key("product") {
                    out.list {
                        out.string(name)
                        package.map { out.string($0) } ?? out.null()
                        out.null()
                        condition(when)
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

/// The document being written, on ModGraphOutput's ``JSONStream`` (its
/// escaping, its commas): a class, so the nested closures that write into it
/// share one stream.
private final class JSONText {
    private var stream: JSONStream? = JSONStream(layout: .compact)

    var bytes: [UInt8] { stream.take()?.finish() ?? [] }

    func object(_ body: () -> Void) {
        stream?.beginObject()
        body()
        stream?.endObject()
    }

    func list(_ body: () -> Void) {
        stream?.beginArray()
        body()
        stream?.endArray()
    }

    func array<Element>(_ elements: [Element], _ write: (Element) -> Void) {
        list { for element in elements { write(element) } }
    }

    func key(_ name: String, _ body: () -> Void) {
        stream?.key(text: name)
        body()
    }

    func null() { stream?.null() }
    func bool(_ value: Bool) { stream?.bool(value) }
    func int(_ value: Int) { stream?.int(value) }
    func string(_ value: String) { stream?.string(value) }
    func optionalString(_ value: String?) { stream?.optional(value) }

    func optionalStrings(_ values: [String]?) {
        if let values { stream?.strings(values) } else { null() }
    }
}
