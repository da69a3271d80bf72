import ModGraphCore

/// The one reader of `dump-package` documents: a ``Manifest`` read straight
/// from the bytes, in every shape toolchains have written (the one-key enum
/// objects of 5.5 and later, 5.5's `scm` and `local`, the flat dependency
/// objects before it). Keys it does not know are skipped, so a newer
/// toolchain's additions are not fatal; a known key twice in one object, an
/// enum object with more than one key or a value of the wrong type is refused
/// with what is wrong and where (``JSONReader/Refusal``).
enum ManifestReader {
    /// The manifest in `bytes`, or why it is not one.
    ///
    /// - Complexity: O(n) in the length of the text.
    static func manifest(from bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) -> Result<Manifest, JSONReader.Refusal> {
        guard JSONReader.isValidUTF8(bytes) else { return .failure(.shape("the text is not UTF-8")) }
        var reader = JSONReader(bytes, maximumDepth: maximumDepth)
        do throws(JSONReader.Refusal) {
            let manifest = try reader.manifest()
            return reader.isAtEnd() ? .success(manifest) : .failure(.syntax)
        } catch {
            return .failure(error)
        }
    }
}

/// An object's members, read one at a time (``JSONReader/next(_:)``), each of its
/// known keys (the raw values of `Known`) at most once: a key twice is left to
/// Foundation, which keeps one of the two by rules of its own, so it is refused here.
struct Members<Known: ObjectKeys> {
    fileprivate var seen: UInt64 = 0
    fileprivate var first = true
}

/// The keys of one kind of object a dump has.
protocol ObjectKeys: CaseIterable, Sendable, RawRepresentable<String> {
    /// `KeyTable()`, made once per type.
    static var table: KeyTable<Self> { get }
}

/// Each key with its UTF-8, so that a key read is matched by its bytes, as
/// ``JSONReader/key(_:is:)`` matches a `StaticString`, without making a string.
struct KeyTable<Known: ObjectKeys>: Sendable {
    let keys: [(known: Known, utf8: [UInt8])] = Known.allCases.map { ($0, Array($0.rawValue.utf8)) }
}

extension JSONReader {
    /// An array whose elements `element` reads, or `[]` for `null`; a refusal
    /// in an element is placed under its index.
    mutating func list<Element>(_ element: (inout JSONReader) throws(Refusal) -> Element) throws(Refusal) -> [Element] {
        guard try !skipNull() else { return [] }
        var result: [Element] = []
        try beginArray()
        var first = true
        while try nextElement(first: &first) { result.append(try within("[\(result.count)]", element)) }
        return result
    }

    /// ``list(_:)`` with a refusal placed under `component`.
    mutating func list<Element>(
        within component: String, _ element: (inout JSONReader) throws(Refusal) -> Element
    ) throws(Refusal) -> [Element] {
        try within(component) { reader throws(Refusal) in try reader.list(element) }
    }

    /// The members of the object that comes next, its `{` consumed.
    mutating func members<Known>(_: Known.Type) throws(Refusal) -> Members<Known> {
        try beginObject()
        return Members()
    }

    /// The next member of an object: its key and, when the key is known, which one (its
    /// value is the caller's to read or skip); nil after the last.
    mutating func next<Known>(_ members: inout Members<Known>) throws(Refusal) -> (known: Known?, key: Key)? {
        guard let key = try nextKey(first: &members.first) else { return nil }
        for (bit, entry) in Known.table.keys.enumerated() where self.key(key, is: entry.utf8) {
            guard members.seen & (1 << bit) == 0 else { throw .shape("key '\(entry.known.rawValue)' appears twice in one object") }
            members.seen |= 1 << bit
            return (entry.known, key)
        }
        return (nil, key)
    }

    /// What `read` reads, or nil with `key` noted among `unread` when its value has a shape not known here.
    mutating func noted<Value>(
        _ key: some RawRepresentable<String>, in unread: inout UnreadKeys, _ read: (inout JSONReader) throws(Refusal) -> Value
    ) throws(Refusal) -> Value? {
        unread.note(key.rawValue, try tolerant(read))
    }

    /// A string or null, nil with `key` noted among `unread` when it is neither.
    mutating func notedString(_ key: some RawRepresentable<String>, in unread: inout UnreadKeys) throws(Refusal) -> String? {
        try noted(key, in: &unread) { reader throws(Refusal) in try reader.optionalString() } ?? nil
    }

    /// The one key of an enum object (`{"byName": [...]}`), its `:` consumed.
    mutating func onlyKey() throws(Refusal) -> String {
        try beginObject()
        var first = true
        guard let key = try nextKey(first: &first) else { throw .shape("expected an object with one key") }
        return try text(of: key)
    }

    /// The `}` closing an enum object after its one member.
    mutating func endOfOnlyKey() throws(Refusal) {
        var first = false
        guard try nextKey(first: &first) == nil else { throw .shape("expected an object with one key, found several") }
    }

    // MARK: Manifest

    private enum ManifestKey: String, ObjectKeys {
        case name, toolsVersion, packageKind, targets, products, dependencies, traits, platforms, defaultLocalization
        case swiftLanguageVersions, cLanguageStandard, cxxLanguageStandard, pkgConfig, providers
        case modgraphUnreadKeys, modgraphBuildUnknown, modgraphEvaluated
        static let table = KeyTable<Self>()
    }

    mutating func manifest() throws(Refusal) -> Manifest {
        var name: String?
        var toolsVersion: ToolsVersion?
        var packageDirectory: String?
        var targets: [ManifestTarget] = []
        var products: [ManifestProduct] = []
        var dependencies: [PackageDependency] = []
        var traits: [PackageTrait] = []
        var build = PackageBuildDeclaration()
        var buildUnknown = false
        var unread = UnreadKeys()
        var object = try members(ManifestKey.self)
        while let member = try next(&object) {
            switch member.known {
            case .name: name = try string()
            case .toolsVersion:
                toolsVersion = try within("toolsVersion") { reader throws(Refusal) in try reader.skipNull() ? nil : reader.toolsVersion() }
            case .packageKind: packageDirectory = try packageKind()
            case .targets: targets = try list(within: "targets") { reader throws(Refusal) in try reader.target(&unread) }
            case .products: products = try list(within: "products") { reader throws(Refusal) in try reader.product(&unread) }
            case .dependencies:
                dependencies = try list(within: "dependencies") { reader throws(Refusal) in try reader.packageDependency(&unread) }
            case .traits: traits = try list(within: "traits") { reader throws(Refusal) in try reader.packageTrait() }
            case .platforms:
                build.platforms = try noted(ManifestKey.platforms, in: &unread) { reader throws(Refusal) in try reader.platforms() } ?? []
            case .defaultLocalization: build.defaultLocalization = try notedString(ManifestKey.defaultLocalization, in: &unread)
            case .swiftLanguageVersions:
                build.swiftLanguageVersions =
                    try noted(ManifestKey.swiftLanguageVersions, in: &unread) { reader throws(Refusal) in try reader.optionalStrings() }
                    ?? nil
            case .cLanguageStandard: build.cLanguageStandard = try notedString(ManifestKey.cLanguageStandard, in: &unread)
            case .cxxLanguageStandard: build.cxxLanguageStandard = try notedString(ManifestKey.cxxLanguageStandard, in: &unread)
            case .pkgConfig: build.pkgConfig = try notedString(ManifestKey.pkgConfig, in: &unread)
            case .providers:
                build.providers = try noted(ManifestKey.providers, in: &unread) { reader throws(Refusal) in try reader.providers() } ?? nil
            // What a dump had that the model does not read, kept by ``ManifestEncoding``.
            case .modgraphUnreadKeys: unread.keys += try strings()
            case .modgraphBuildUnknown: buildUnknown = try boolean()
            case .modgraphEvaluated: try skipValue()
            case nil:
                unread.keys.append(try text(of: member.key))
                try skipValue()
            }
        }
        guard let name else { throw .shape("missing key 'name'") }
        build.unreadKeys = Array(Set(unread.keys)).sorted()
        if buildUnknown {
            // Written for a manifest whose build was not known: it still is not.
            return Manifest(
                name: name, toolsVersion: toolsVersion, packageDirectory: packageDirectory,
                targets: targets.map(\.withoutBuild), products: products, dependencies: dependencies.map(\.withoutRequirement),
                traits: traits, build: nil)
        }
        return Manifest(
            name: name, toolsVersion: toolsVersion, packageDirectory: packageDirectory,
            targets: targets, products: products, dependencies: dependencies, traits: traits, build: build)
    }

    private enum VersionKey: String, ObjectKeys {
        case _version
        static let table = KeyTable<Self>()
    }

    /// `{"_version": "5.9.0", …}` or `"5.9.0"`.
    mutating func toolsVersion() throws(Refusal) -> ToolsVersion {
        let text: String
        if try peek() == UInt8(ascii: "{") {
            var version: String?
            var object = try members(VersionKey.self)
            while let member = try next(&object) {
                if member.known == ._version { version = try string() } else { try skipValue() }
            }
            guard let version else { throw .shape("missing key '_version'") }
            text = version
        } else {
            text = try string()
        }
        guard let parsed = ToolsVersion(text) else { throw .shape("'\(text)' is not a tools version") }
        return parsed
    }

    /// `{"root": ["/abs/path"]}`: the first path, or `nil` for any other shape (as `try?` makes it there).
    mutating func packageKind() throws(Refusal) -> String? {
        guard try peek() == UInt8(ascii: "{") else {
            try skipValue()
            return nil
        }
        try beginObject()
        var first = true
        guard try nextKey(first: &first) != nil else { return nil }
        var paths: [String]? = []
        if try peek() == UInt8(ascii: "[") {
            try beginArray()
            var firstElement = true
            while try nextElement(first: &firstElement) {
                if try peek() == UInt8(ascii: "\"") {
                    let path = try string()
                    paths?.append(path)
                } else {
                    try skipValue()
                    paths = nil
                }
            }
        } else {
            try skipValue()
            paths = nil
        }
        try endOfOnlyKey()
        return paths?.first
    }

    private enum TraitKey: String, ObjectKeys {
        case name, enabledTraits
        static let table = KeyTable<Self>()
    }

    mutating func packageTrait() throws(Refusal) -> PackageTrait {
        var name: String?
        var enabled: [String] = []
        var object = try members(TraitKey.self)
        while let member = try next(&object) {
            switch member.known {
            case .name: name = try string()
            case .enabledTraits: enabled = try optionalStrings() ?? []
            case nil: try skipValue()
            }
        }
        guard let name else { throw .shape("missing key 'name'") }
        return PackageTrait(name: name, enabledTraits: enabled)
    }

    // MARK: Targets

    private enum TargetKey: String, ObjectKeys {
        case name, type, dependencies, path, sources, exclude, resources, pluginUsages, settings, publicHeadersPath, packageAccess
        case url, checksum, pkgConfig, providers, pluginCapability
        static let table = KeyTable<Self>()
    }

    mutating func target(_ unread: inout UnreadKeys) throws(Refusal) -> ManifestTarget {
        var name: String?
        var typeName: String?
        var dependencies: [TargetDependency] = []
        var path: String?
        var sources: [String]?
        var exclude: [String] = []
        var resources: [String] = []
        var pluginUsages: [PluginUsage] = []
        var build = TargetBuildDeclaration()
        var odd = UnreadKeys()
        var object = try members(TargetKey.self)
        while let member = try next(&object) {
            switch member.known {
            case .name: name = try string()
            case .type: typeName = try optionalString()
            case .dependencies:
                dependencies = try list(within: "dependencies") { reader throws(Refusal) in try reader.targetDependency() }
            case .path: path = try optionalString()
            case .sources: sources = try optionalStrings()
            case .exclude: exclude = try optionalStrings() ?? []
            case .resources:
                let entries = try list(within: "resources") { reader throws(Refusal) in try reader.resource() }
                resources = entries.compactMap(\.path)
                build.resources = entries.compactMap { entry in
                    entry.rule.flatMap { rule in entry.path.map { TargetResource(path: $0, rule: rule) } }
                }
                if build.resources.count != entries.count { odd.keys.append("resources") }
            case .pluginUsages: pluginUsages = try list(within: "pluginUsages") { reader throws(Refusal) in try reader.pluginUsage() }
            case .settings:
                build.settings =
                    try noted(TargetKey.settings, in: &odd) { reader throws(Refusal) in
                        try reader.list { reader throws(Refusal) in try reader.buildSetting() }
                    } ?? []
            case .publicHeadersPath: build.publicHeadersPath = try notedString(TargetKey.publicHeadersPath, in: &odd)
            case .packageAccess:
                build.packageAccess = try noted(TargetKey.packageAccess, in: &odd) { reader throws(Refusal) in try reader.boolean() }
            case .url: build.url = try notedString(TargetKey.url, in: &odd)
            case .checksum: build.checksum = try notedString(TargetKey.checksum, in: &odd)
            case .pkgConfig: build.pkgConfig = try notedString(TargetKey.pkgConfig, in: &odd)
            case .providers:
                build.providers = try noted(TargetKey.providers, in: &odd) { reader throws(Refusal) in try reader.providers() } ?? nil
            case .pluginCapability:
                build.pluginCapability =
                    try noted(TargetKey.pluginCapability, in: &odd) { reader throws(Refusal) in try reader.pluginCapability() } ?? nil
            case nil:
                odd.keys.append(try text(of: member.key))
                try skipValue()
            }
        }
        guard let name else { throw .shape("missing key 'name'") }
        guard let type = TargetType(rawValue: typeName ?? "regular"), ManifestTarget.swiftPMTypes.contains(type) else {
            throw Refusal.shape("unknown target type '\(typeName ?? "")'").inside("type")
        }
        unread.keys += odd.keys.map { "targets[\(name)].\($0)" }
        return ManifestTarget(
            name: name, type: type, dependencies: dependencies, path: path, sources: sources,
            exclude: exclude, resources: resources, pluginUsages: pluginUsages, build: build)
    }

    /// One of a target's `resources:` (`{"path": …, "rule": …}`): its path, and its
    /// rule when of a known shape; an entry of another shape has neither.
    mutating func resource() throws(Refusal) -> (path: String?, rule: TargetResource.Rule?) {
        guard try peek() == UInt8(ascii: "{") else {
            try skipValue()
            return (nil, nil)
        }
        var path: String?
        var rule: TargetResource.Rule?
        try beginObject()
        var first = true
        while let key = try nextKey(first: &first) {
            if self.key(key, is: "path"), try peek() == UInt8(ascii: "\"") {
                path = try string()
            } else if self.key(key, is: "rule") {
                rule = try tolerant { reader throws(Refusal) in try reader.resourceRule() }
            } else {
                try skipValue()
            }
        }
        return (path, rule)
    }

    /// What the elements of an enum's payload array are, for the positional
    /// rules of ``TargetDependency``.
    enum Element {
        case null
        case string(String)
        /// An object starting at this byte, read only if its position makes it a condition.
        case object(Int)
        case other
    }

    /// A payload's length and its first four elements, kept inline: 300,000
    /// dependencies are 300,000 payloads, too many for an array each.
    struct Payload {
        private(set) var count = 0
        private var kept: (Element, Element, Element, Element) = (.other, .other, .other, .other)

        /// The element at `index`, which is below 4 and `count`.
        subscript(index: Int) -> Element {
            switch index {
            case 0: kept.0
            case 1: kept.1
            case 2: kept.2
            default: kept.3
            }
        }

        mutating func append(_ element: Element) {
            switch count {
            case 0: kept.0 = element
            case 1: kept.1 = element
            case 2: kept.2 = element
            case 3: kept.3 = element
            default: break
            }
            count += 1
        }
    }

    mutating func payload() throws(Refusal) -> Payload {
        var payload = Payload()
        try beginArray()
        var first = true
        while try nextElement(first: &first) {
            switch try peek() {
            case UInt8(ascii: "\""): payload.append(.string(try string()))
            case UInt8(ascii: "n"):
                _ = try skipNull()
                payload.append(.null)
            case UInt8(ascii: "{"):
                payload.append(.object(position))
                try skipValue()
            default:
                try skipValue()
                payload.append(.other)
            }
        }
        return payload
    }

    /// `{"byName": ["Name", condition]}`, `{"target": [...]}`, `{"product": ["Name", "package", moduleAliases, condition]}`.
    mutating func targetDependency() throws(Refusal) -> TargetDependency {
        let kind = try onlyKey()
        let elements = try payload()
        let count = elements.count
        try endOfOnlyKey()
        guard count > 0, case .string(let name) = elements[0] else { throw .shape("expected the name first in '\(kind)'") }
        /// The condition at `index`: null gives nil, an object a condition.
        func condition(at index: Int) throws(Refusal) -> Condition? {
            guard index < count else { return nil }
            switch elements[index] {
            case .null: return nil
            case .object(let start):
                var reader = JSONReader(bytes, maximumDepth: maximumDepth, at: start)
                return try reader.condition()
            case .string, .other: throw .shape("expected a condition object or null in '\(kind)'")
            }
        }
        switch kind {
        case "byName": return .byName(name, condition: try condition(at: 1))
        case "target": return .target(name, condition: try condition(at: 1))
        case "product":
            // [name, package, moduleAliases, condition] since 5.7; [name, package, condition] before.
            var index = 1
            var package: String?
            if index < count {
                switch elements[index] {
                case .null: package = nil
                case .string(let text): package = text
                case .object, .other: throw .shape("expected a package name or null in '\(kind)'")
                }
                index += 1
            }
            if count >= 4, index < count { index += 1 }
            return .product(name, package: package, condition: try condition(at: index))
        default:
            throw .shape("unknown target dependency kind '\(kind)'")
        }
    }

    /// `{"platformNames": [...], "traits": [...], "config": ...}`.
    mutating func condition() throws(Refusal) -> Condition {
        let fields = try conditionFields()
        return Condition(platforms: fields.platforms, traits: fields.traits ?? [])
    }

    private enum ConditionKey: String, ObjectKeys {
        case platformNames, traits, config
        static let table = KeyTable<Self>()
    }

    /// The fields of a target dependency's or a build setting's condition; `unknown` when it
    /// has a key, or a `config` of a shape, not read here (a setting's is then not known).
    mutating func conditionFields() throws(Refusal) -> (platforms: [String], configuration: String?, traits: [String]?, unknown: Bool) {
        var platforms: [String] = []
        var configuration: String?
        var traits: [String]?
        var unknown = false
        var object = try members(ConditionKey.self)
        while let member = try next(&object) {
            switch member.known {
            case .platformNames: platforms = try optionalStrings() ?? []
            case .traits: traits = try optionalStrings()
            case .config:
                if try peek() == UInt8(ascii: "\"") {
                    configuration = try string()
                } else if try !skipNull() {
                    try skipValue()
                    unknown = true
                }
            case nil:
                try skipValue()
                unknown = true
            }
        }
        return (platforms, configuration, traits, unknown)
    }

    /// `{"plugin": ["Name", "package-or-null"]}`.
    mutating func pluginUsage() throws(Refusal) -> PluginUsage {
        _ = try onlyKey()
        let elements = try payload()
        let count = elements.count
        try endOfOnlyKey()
        guard count > 0, case .string(let name) = elements[0] else { throw .shape("expected the plugin's name first") }
        var package: String?
        if count > 1 {
            switch elements[1] {
            case .null: package = nil
            case .string(let text): package = text
            case .object, .other: throw .shape("expected a package name or null after the plugin's name")
            }
        }
        return PluginUsage(name: name, package: package)
    }
}
