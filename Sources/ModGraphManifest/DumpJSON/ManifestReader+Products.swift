import ModGraphCore

/// The products and package dependencies of a `dump-package` document (``ManifestReader``).
extension JSONReader {
    // MARK: Products

    private enum ProductKey: String, ObjectKeys {
        case name, targets, type, settings
        static let table = KeyTable<Self>()
    }

    mutating func product(_ unread: inout UnreadKeys) throws(Refusal) -> ManifestProduct {
        var name: String?
        var type = "library"
        var targets: [String] = []
        var odd: [String] = []
        var object = try members(ProductKey.self)
        while let member = try next(&object) {
            switch member.known {
            case .name: name = try string()
            case .targets: targets = try optionalStrings() ?? []
            case .type: type = try productType()
            case .settings:
                // No public API sets a product's settings; any there are not read.
                if try tolerant({ reader throws(Refusal) in try reader.emptyList() }) == nil { odd.append("settings") }
            case nil:
                odd.append(try text(of: member.key))
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

    private enum DependencyKey: String, ObjectKeys {
        case identity, name, nameForTargetDependencyResolutionOnly, traits, path, location, requirement, productFilter
        static let table = KeyTable<Self>()
    }

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
        var object = try members(DependencyKey.self)
        while let member = try next(&object) {
            switch member.known {
            case .identity: identity = try optionalString()
            case .name: name = try optionalString()
            case .nameForTargetDependencyResolutionOnly: resolutionName = try optionalString()
            case .traits: traits = try skipNull() ? nil : list { reader throws(Refusal) in try reader.dependencyTrait() }
            case .path where kind == .fileSystem: path = try string()
            case .location where kind == .sourceControl: location = try dependencyLocation()
            case .requirement where kind != .fileSystem:
                requirement = try noted(DependencyKey.requirement, in: &odd) { reader throws(Refusal) in try reader.requirement() }
            // Which products the resolver fetches, not how anything builds.
            case .productFilter: try skipValue()
            case nil, .path, .location, .requirement:
                odd.keys.append(try text(of: member.key))
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

    private enum FlatDependencyKey: String, ObjectKeys {
        case url, name, requirement
        static let table = KeyTable<Self>()
    }

    /// Toolchains before 5.5: `{"name": "x", "url": "...", "requirement": {...}}`, where a
    /// `localPackage` requirement marks a `path:` dependency whose folder is in `url`.
    private mutating func flatDependency() throws(Refusal) -> PackageDependency {
        var url: String?
        var name: String?
        var isLocal = false
        var object = try members(FlatDependencyKey.self)
        while let member = try next(&object) {
            switch member.known {
            case .url: url = try string()
            case .name: name = try optionalString()
            case .requirement where try peek() == UInt8(ascii: "{"):
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
            case .requirement, nil: try skipValue()
            }
        }
        guard let url else { throw .shape("missing key 'url'") }
        return PackageDependency(
            kind: isLocal ? .fileSystem : .sourceControl, identity: PackageIdentity(location: url), explicitName: name, location: url)
    }

    private enum LocationKey: String, ObjectKeys {
        case urlString
        static let table = KeyTable<Self>()
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
            var object = try members(LocationKey.self)
            while let member = try next(&object) {
                if member.known == .urlString { url = try string() } else { try skipValue() }
            }
            guard let url else { throw .shape("missing key 'urlString'") }
            entries.append(url)
        }
        try endOfOnlyKey()
        guard let location = entries.first else { throw .shape("an empty package location") }
        return location
    }

    private enum DependencyTraitKey: String, ObjectKeys {
        case name, condition
        static let table = KeyTable<Self>()
    }
    private enum TraitConditionKey: String, ObjectKeys {
        case traits
        static let table = KeyTable<Self>()
    }

    /// `{"name": "X", "condition": {"traits": ["Fast"]}}`.
    mutating func dependencyTrait() throws(Refusal) -> DependencyTrait {
        var name: String?
        var whenTraits: [String]?
        var object = try members(DependencyTraitKey.self)
        while let member = try next(&object) {
            switch member.known {
            case .name: name = try string()
            case .condition:
                guard try !skipNull() else { continue }
                var condition = try members(TraitConditionKey.self)
                while let conditionMember = try next(&condition) {
                    if conditionMember.known == .traits { whenTraits = try optionalStrings() } else { try skipValue() }
                }
            case nil: try skipValue()
            }
        }
        guard let name else { throw .shape("missing key 'name'") }
        return DependencyTrait(name: name, whenTraits: whenTraits)
    }
}
