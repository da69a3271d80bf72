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

/// Known keys seen in one object: a key twice is left to Foundation, which
/// keeps one of the two by rules of its own.
struct SeenKeys {
    private var bits: UInt64 = 0

    mutating func insert(_ bit: Int, _ name: String) throws(JSONReader.Refusal) {
        guard bits & (1 << bit) == 0 else { throw .shape("key '\(name)' appears twice in one object") }
        bits |= 1 << bit
    }
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
        var seen = SeenKeys()
        try beginObject()
        var first = true
        while let key = try nextKey(first: &first) {
            if self.key(key, is: "name") {
                try seen.insert(0, "name")
                name = try string()
            } else if self.key(key, is: "toolsVersion") {
                try seen.insert(1, "toolsVersion")
                toolsVersion = try within("toolsVersion") { reader throws(Refusal) in try reader.skipNull() ? nil : reader.toolsVersion() }
            } else if self.key(key, is: "packageKind") {
                try seen.insert(2, "packageKind")
                packageDirectory = try packageKind()
            } else if self.key(key, is: "targets") {
                try seen.insert(3, "targets")
                targets = try within("targets") { reader throws(Refusal) in
                    try reader.list { reader throws(Refusal) in try reader.target(&unread) }
                }
            } else if self.key(key, is: "products") {
                try seen.insert(4, "products")
                products = try within("products") { reader throws(Refusal) in
                    try reader.list { reader throws(Refusal) in try reader.product(&unread) }
                }
            } else if self.key(key, is: "dependencies") {
                try seen.insert(5, "dependencies")
                dependencies = try within("dependencies") { reader throws(Refusal) in
                    try reader.list { reader throws(Refusal) in try reader.packageDependency(&unread) }
                }
            } else if self.key(key, is: "traits") {
                try seen.insert(6, "traits")
                traits = try within("traits") { reader throws(Refusal) in
                    try reader.list { reader throws(Refusal) in try reader.packageTrait() }
                }
            } else if self.key(key, is: "platforms") {
                try seen.insert(7, "platforms")
                build.platforms = unread.note("platforms", try tolerant { reader throws(Refusal) in try reader.platforms() }) ?? []
            } else if self.key(key, is: "defaultLocalization") {
                try seen.insert(8, "defaultLocalization")
                build.defaultLocalization =
                    unread.note("defaultLocalization", try tolerant { reader throws(Refusal) in try reader.optionalString() }) ?? nil
            } else if self.key(key, is: "swiftLanguageVersions") {
                try seen.insert(9, "swiftLanguageVersions")
                build.swiftLanguageVersions =
                    unread.note("swiftLanguageVersions", try tolerant { reader throws(Refusal) in try reader.optionalStrings() }) ?? nil
            } else if self.key(key, is: "cLanguageStandard") {
                try seen.insert(10, "cLanguageStandard")
                build.cLanguageStandard =
                    unread.note("cLanguageStandard", try tolerant { reader throws(Refusal) in try reader.optionalString() }) ?? nil
            } else if self.key(key, is: "cxxLanguageStandard") {
                try seen.insert(11, "cxxLanguageStandard")
                build.cxxLanguageStandard =
                    unread.note("cxxLanguageStandard", try tolerant { reader throws(Refusal) in try reader.optionalString() }) ?? nil
            } else if self.key(key, is: "pkgConfig") {
                try seen.insert(12, "pkgConfig")
                build.pkgConfig = unread.note("pkgConfig", try tolerant { reader throws(Refusal) in try reader.optionalString() }) ?? nil
            } else if self.key(key, is: "providers") {
                try seen.insert(13, "providers")
                build.providers = unread.note("providers", try tolerant { reader throws(Refusal) in try reader.providers() }) ?? nil
            } else if self.key(key, is: "modgraphUnreadKeys") {
                // What a dump had that the model does not read, kept by ``ManifestEncoding``.
                try seen.insert(14, "modgraphUnreadKeys")
                unread.keys += try strings()
            } else if self.key(key, is: "modgraphBuildUnknown") {
                try seen.insert(15, "modgraphBuildUnknown")
                buildUnknown = try boolean()
            } else if self.key(key, is: "modgraphEvaluated") {
                try skipValue()
            } else {
                unread.keys.append(try text(of: key))
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

    /// `{"_version": "5.9.0", …}` or `"5.9.0"`.
    mutating func toolsVersion() throws(Refusal) -> ToolsVersion {
        let text: String
        if try peek() == UInt8(ascii: "{") {
            var version: String?
            var seen = SeenKeys()
            try beginObject()
            var first = true
            while let key = try nextKey(first: &first) {
                if self.key(key, is: "_version") {
                    try seen.insert(0, "_version")
                    version = try string()
                } else {
                    try skipValue()
                }
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

    mutating func packageTrait() throws(Refusal) -> PackageTrait {
        var name: String?
        var enabled: [String] = []
        var seen = SeenKeys()
        try beginObject()
        var first = true
        while let key = try nextKey(first: &first) {
            if self.key(key, is: "name") {
                try seen.insert(0, "name")
                name = try string()
            } else if self.key(key, is: "enabledTraits") {
                try seen.insert(1, "enabledTraits")
                enabled = try optionalStrings() ?? []
            } else {
                try skipValue()
            }
        }
        guard let name else { throw .shape("missing key 'name'") }
        return PackageTrait(name: name, enabledTraits: enabled)
    }

    // MARK: Targets

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
        var seen = SeenKeys()
        try beginObject()
        var first = true
        while let key = try nextKey(first: &first) {
            if self.key(key, is: "name") {
                try seen.insert(0, "name")
                name = try string()
            } else if self.key(key, is: "type") {
                try seen.insert(1, "type")
                typeName = try optionalString()
            } else if self.key(key, is: "dependencies") {
                try seen.insert(2, "dependencies")
                dependencies = try within("dependencies") { reader throws(Refusal) in
                    try reader.list { reader throws(Refusal) in try reader.targetDependency() }
                }
            } else if self.key(key, is: "path") {
                try seen.insert(3, "path")
                path = try optionalString()
            } else if self.key(key, is: "sources") {
                try seen.insert(4, "sources")
                sources = try optionalStrings()
            } else if self.key(key, is: "exclude") {
                try seen.insert(5, "exclude")
                exclude = try optionalStrings() ?? []
            } else if self.key(key, is: "resources") {
                try seen.insert(7, "resources")
                let entries = try within("resources") { reader throws(Refusal) in
                    try reader.list { reader throws(Refusal) in try reader.resource() }
                }
                resources = entries.compactMap(\.path)
                build.resources = entries.compactMap { entry in
                    entry.rule.flatMap { rule in entry.path.map { TargetResource(path: $0, rule: rule) } }
                }
                if build.resources.count != entries.count { odd.keys.append("resources") }
            } else if self.key(key, is: "pluginUsages") {
                try seen.insert(6, "pluginUsages")
                pluginUsages = try within("pluginUsages") { reader throws(Refusal) in
                    try reader.list { reader throws(Refusal) in try reader.pluginUsage() }
                }
            } else if self.key(key, is: "settings") {
                try seen.insert(8, "settings")
                build.settings =
                    odd.note(
                        "settings",
                        try tolerant { reader throws(Refusal) in try reader.list { reader throws(Refusal) in try reader.buildSetting() } })
                    ?? []
            } else if self.key(key, is: "publicHeadersPath") {
                try seen.insert(9, "publicHeadersPath")
                build.publicHeadersPath =
                    odd.note("publicHeadersPath", try tolerant { reader throws(Refusal) in try reader.optionalString() }) ?? nil
            } else if self.key(key, is: "packageAccess") {
                try seen.insert(10, "packageAccess")
                build.packageAccess = odd.note("packageAccess", try tolerant { reader throws(Refusal) in try reader.boolean() })
            } else if self.key(key, is: "url") {
                try seen.insert(11, "url")
                build.url = odd.note("url", try tolerant { reader throws(Refusal) in try reader.optionalString() }) ?? nil
            } else if self.key(key, is: "checksum") {
                try seen.insert(12, "checksum")
                build.checksum = odd.note("checksum", try tolerant { reader throws(Refusal) in try reader.optionalString() }) ?? nil
            } else if self.key(key, is: "pkgConfig") {
                try seen.insert(13, "pkgConfig")
                build.pkgConfig = odd.note("pkgConfig", try tolerant { reader throws(Refusal) in try reader.optionalString() }) ?? nil
            } else if self.key(key, is: "providers") {
                try seen.insert(14, "providers")
                build.providers = odd.note("providers", try tolerant { reader throws(Refusal) in try reader.providers() }) ?? nil
            } else if self.key(key, is: "pluginCapability") {
                try seen.insert(15, "pluginCapability")
                build.pluginCapability =
                    odd.note("pluginCapability", try tolerant { reader throws(Refusal) in try reader.pluginCapability() }) ?? nil
            } else {
                odd.keys.append(try text(of: key))
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

    /// The fields of a target dependency's or a build setting's condition; `unknown` when it
    /// has a key, or a `config` of a shape, not read here (a setting's is then not known).
    mutating func conditionFields() throws(Refusal) -> (platforms: [String], configuration: String?, traits: [String]?, unknown: Bool) {
        var platforms: [String] = []
        var configuration: String?
        var traits: [String]?
        var unknown = false
        var seen = SeenKeys()
        try beginObject()
        var first = true
        while let key = try nextKey(first: &first) {
            if self.key(key, is: "platformNames") {
                try seen.insert(0, "platformNames")
                platforms = try optionalStrings() ?? []
            } else if self.key(key, is: "traits") {
                try seen.insert(1, "traits")
                traits = try optionalStrings()
            } else if self.key(key, is: "config") {
                try seen.insert(2, "config")
                if try peek() == UInt8(ascii: "\"") {
                    configuration = try string()
                } else if try !skipNull() {
                    try skipValue()
                    unknown = true
                }
            } else {
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

    // MARK: Products

    mutating func product(_ unread: inout UnreadKeys) throws(Refusal) -> ManifestProduct {
        var name: String?
        var type = "library"
        var targets: [String] = []
        var odd: [String] = []
        var seen = SeenKeys()
        try beginObject()
        var first = true
        while let key = try nextKey(first: &first) {
            if self.key(key, is: "name") {
                try seen.insert(0, "name")
                name = try string()
            } else if self.key(key, is: "targets") {
                try seen.insert(1, "targets")
                targets = try optionalStrings() ?? []
            } else if self.key(key, is: "type") {
                try seen.insert(2, "type")
                type = try productType()
            } else if self.key(key, is: "settings") {
                // No public API sets a product's settings; any there are not read.
                try seen.insert(3, "settings")
                if try tolerant({ reader throws(Refusal) in try reader.emptyList() }) == nil { odd.append("settings") }
            } else {
                odd.append(try text(of: key))
                try skipValue()
            }
        }
        guard let name else { throw .shape("missing key 'name'") }
        unread.keys += odd.map { "products[\(name)].\($0)" }
        return ManifestProduct(name: name, type: type, targets: targets)
    }

    /// `{"library": ["automatic"]}` is `library`, `{"library": ["static"]}` `library (static)`,
    /// `{"executable": null}` `executable`; anything but an object with a key, `library`.
    mutating func productType() throws(Refusal) -> String {
        guard try peek() == UInt8(ascii: "{") else {
            try skipValue()
            return "library"
        }
        try beginObject()
        var first = true
        guard let key = try nextKey(first: &first) else { return "library" }
        let kind = try text(of: key)
        var linkage: String?
        if kind == "library", try peek() == UInt8(ascii: "[") {
            var strings: [String]? = []
            try beginArray()
            var firstElement = true
            while try nextElement(first: &firstElement) {
                if try peek() == UInt8(ascii: "\"") {
                    let text = try string()
                    strings?.append(text)
                } else {
                    try skipValue()
                    strings = nil
                }
            }
            linkage = strings?.first
        } else {
            try skipValue()
        }
        try endOfOnlyKey()
        if kind == "library", let linkage, linkage != "automatic" { return "library (\(linkage))" }
        return kind
    }

    // MARK: Package dependencies

    /// `{"fileSystem": [{...}]}`, `{"sourceControl": [{...}]}`, `{"registry": [{...}]}`,
    /// 5.5's `local` and `scm`, and the flat object of older toolchains (``flatDependency()``).
    mutating func packageDependency(_ unread: inout UnreadKeys) throws(Refusal) -> PackageDependency {
        if try hasFlatForm() {
            let dependency = try flatDependency()
            // Its requirement is not read here: a change to it cannot be told.
            if dependency.kind != .fileSystem { unread.keys.append("dependencies[\(dependency.identity)].requirement") }
            return dependency
        }
        let kindName = try onlyKey()
        let kind: PackageDependency.Kind
        switch kindName {
        case "fileSystem", "local": kind = .fileSystem
        case "sourceControl", "scm": kind = .sourceControl
        case "registry": kind = .registry
        default: throw .shape("unknown package dependency kind '\(kindName)'")
        }
        try beginArray()
        var firstElement = true
        guard try nextElement(first: &firstElement) else { throw .shape("an empty '\(kindName)' entry") }
        var identity: String?
        var name: String?
        var resolutionName: String?
        var path: String?
        var location: String?
        var traits: [DependencyTrait]?
        var requirement: DependencyRequirement?
        var odd = UnreadKeys()
        var seen = SeenKeys()
        try beginObject()
        var first = true
        while let key = try nextKey(first: &first) {
            if self.key(key, is: "identity") {
                try seen.insert(0, "identity")
                identity = try optionalString()
            } else if self.key(key, is: "name") {
                try seen.insert(1, "name")
                name = try optionalString()
            } else if self.key(key, is: "nameForTargetDependencyResolutionOnly") {
                try seen.insert(2, "nameForTargetDependencyResolutionOnly")
                resolutionName = try optionalString()
            } else if self.key(key, is: "traits") {
                try seen.insert(3, "traits")
                traits = try skipNull() ? nil : list { reader throws(Refusal) in try reader.dependencyTrait() }
            } else if kind == .fileSystem, self.key(key, is: "path") {
                try seen.insert(4, "path")
                path = try string()
            } else if kind == .sourceControl, self.key(key, is: "location") {
                try seen.insert(5, "location")
                location = try dependencyLocation()
            } else if kind != .fileSystem, self.key(key, is: "requirement") {
                try seen.insert(6, "requirement")
                requirement = odd.note("requirement", try tolerant { reader throws(Refusal) in try reader.requirement() })
            } else if self.key(key, is: "productFilter") {
                // Which products the resolver fetches, not how anything builds.
                try seen.insert(7, "productFilter")
                try skipValue()
            } else {
                odd.keys.append(try text(of: key))
                try skipValue()
            }
        }
        while try nextElement(first: &firstElement) { try skipValue() }
        try endOfOnlyKey()
        let explicitName = resolutionName ?? name
        let label = identity ?? path ?? location ?? ""
        unread.keys += odd.keys.map { "dependencies[\(label)].\($0)" }
        switch kind {
        case .fileSystem:
            guard let path else { throw .shape("missing key 'path'") }
            return PackageDependency(
                kind: .fileSystem, identity: identity.map { PackageIdentity($0) } ?? PackageIdentity(location: path),
                explicitName: explicitName, location: path, traits: traits)
        case .sourceControl:
            guard let location else { throw .shape("missing key 'location'") }
            return PackageDependency(
                kind: .sourceControl, identity: identity.map { PackageIdentity($0) } ?? PackageIdentity(location: location),
                explicitName: explicitName, location: location, traits: traits, requirement: requirement)
        case .registry:
            guard let identity else { throw .shape("a registry dependency needs an identity") }
            return PackageDependency(
                kind: .registry, identity: PackageIdentity(identity), explicitName: explicitName,
                location: identity, traits: traits, requirement: requirement)
        }
    }

    /// Whether the object that comes next has a `url` key: the flat form,
    /// read from the same position (nothing is consumed here).
    private func hasFlatForm() throws(Refusal) -> Bool {
        var ahead = self
        guard try ahead.peek() == UInt8(ascii: "{") else { return false }
        try ahead.beginObject()
        var first = true
        while let key = try ahead.nextKey(first: &first) {
            if ahead.key(key, is: "url") { return true }
            try ahead.skipValue()
        }
        return false
    }

    /// Toolchains before 5.5: `{"name": "x", "url": "...", "requirement": {...}}`, where a
    /// `localPackage` requirement marks a `path:` dependency whose folder is in `url`.
    private mutating func flatDependency() throws(Refusal) -> PackageDependency {
        var url: String?
        var name: String?
        var isLocal = false
        var seen = SeenKeys()
        try beginObject()
        var first = true
        while let key = try nextKey(first: &first) {
            if self.key(key, is: "url") {
                try seen.insert(0, "url")
                url = try string()
            } else if self.key(key, is: "name") {
                try seen.insert(1, "name")
                name = try optionalString()
            } else if self.key(key, is: "requirement"), try peek() == UInt8(ascii: "{") {
                try seen.insert(2, "requirement")
                try beginObject()
                var firstKey = true
                while let requirement = try nextKey(first: &firstKey) {
                    if self.key(requirement, is: "localPackage") {
                        isLocal = true
                        try skipValue()
                    } else if self.key(requirement, is: "type"), try peek() == UInt8(ascii: "\"") {
                        isLocal = try string() == "localPackage" || isLocal
                    } else {
                        try skipValue()
                    }
                }
            } else {
                try skipValue()
            }
        }
        guard let url else { throw .shape("missing key 'url'") }
        return PackageDependency(
            kind: isLocal ? .fileSystem : .sourceControl, identity: PackageIdentity(location: url), explicitName: name, location: url)
    }

    /// `"url"`, `{"remote": [{"urlString": u}]}`, `{"remote": [u]}` or `{"local": [path]}`: the first entry.
    mutating func dependencyLocation() throws(Refusal) -> String {
        if try peek() == UInt8(ascii: "\"") { return try string() }
        _ = try onlyKey()
        var entries: [String] = []
        try beginArray()
        var first = true
        while try nextElement(first: &first) {
            if try peek() == UInt8(ascii: "\"") {
                entries.append(try string())
                continue
            }
            var url: String?
            var seen = SeenKeys()
            try beginObject()
            var firstKey = true
            while let key = try nextKey(first: &firstKey) {
                if self.key(key, is: "urlString") {
                    try seen.insert(0, "urlString")
                    url = try string()
                } else {
                    try skipValue()
                }
            }
            guard let url else { throw .shape("missing key 'urlString'") }
            entries.append(url)
        }
        try endOfOnlyKey()
        guard let location = entries.first else { throw .shape("an empty package location") }
        return location
    }

    /// `{"name": "X", "condition": {"traits": ["Fast"]}}`.
    mutating func dependencyTrait() throws(Refusal) -> DependencyTrait {
        var name: String?
        var whenTraits: [String]?
        var seen = SeenKeys()
        try beginObject()
        var first = true
        while let key = try nextKey(first: &first) {
            if self.key(key, is: "name") {
                try seen.insert(0, "name")
                name = try string()
            } else if self.key(key, is: "condition") {
                try seen.insert(1, "condition")
                guard try !skipNull() else { continue }
                var conditionSeen = SeenKeys()
                try beginObject()
                var firstKey = true
                while let conditionKey = try nextKey(first: &firstKey) {
                    if self.key(conditionKey, is: "traits") {
                        try conditionSeen.insert(0, "traits")
                        whenTraits = try optionalStrings()
                    } else {
                        try skipValue()
                    }
                }
            } else {
                try skipValue()
            }
        }
        guard let name else { throw .shape("missing key 'name'") }
        return DependencyTrait(name: name, whenTraits: whenTraits)
    }
}
