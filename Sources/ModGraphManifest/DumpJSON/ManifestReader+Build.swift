/// The parts of a dump that change how targets build without changing the
/// graph (``PackageBuildDeclaration``, ``TargetBuildDeclaration``,
/// ``DependencyRequirement``), read by the fast path. A part of a shape not
/// known here is skipped and named among the manifest's unread keys, so a
/// newer toolchain's encoding makes a comparison careful, never the load fail.
extension JSONReader {
    private enum PlatformKey: String, ObjectKeys {
        case platformName, version, options
        static let table = KeyTable<Self>()
    }

    /// `[{"platformName": "macos", "version": "13.0", "options": []}]`.
    mutating func platforms() throws(Refusal) -> [PlatformRequirement] {
        try list { reader throws(Refusal) in
            var name: String?
            var version: String?
            var options: [String] = []
            var object = try reader.members(PlatformKey.self)
            while let member = try reader.next(&object) {
                switch member.known {
                case .platformName: name = try reader.string()
                case .version: version = try reader.string()
                case .options: options = try reader.optionalStrings() ?? []
                case nil: throw Refusal.shape("a shape not known here")
                }
            }
            guard let name, let version else { throw Refusal.shape("a shape not known here") }
            return PlatformRequirement(name: name, version: version, options: options)
        }
    }

    /// `null`, or `[{"apt": [["zlib1g-dev"]]}, …]`.
    mutating func providers() throws(Refusal) -> [SystemPackageProvider]? {
        guard try !skipNull() else { return nil }
        return try list { reader throws(Refusal) in
            let manager = try reader.onlyKey()
            try reader.beginArray()
            var first = true
            guard try reader.nextElement(first: &first) else { throw Refusal.shape("a shape not known here") }
            let packages = try reader.strings()
            guard try !reader.nextElement(first: &first) else { throw Refusal.shape("a shape not known here") }
            try reader.endOfOnlyKey()
            return SystemPackageProvider(manager: manager, packages: packages)
        }
    }

    private enum SettingKey: String, ObjectKeys {
        case tool, kind, condition
        static let table = KeyTable<Self>()
    }

    /// `{"tool": "swift", "kind": {"define": {"_0": "X"}}, "condition": {…}}`.
    mutating func buildSetting() throws(Refusal) -> BuildSetting {
        var tool: String?
        var kind: String?
        var arguments: [BuildSetting.Argument] = []
        var condition: BuildSettingCondition?
        var object = try members(SettingKey.self)
        while let member = try next(&object) {
            switch member.known {
            case .tool: tool = try string()
            case .kind:
                kind = try onlyKey()
                arguments = try settingArguments()
                try endOfOnlyKey()
            case .condition: condition = try skipNull() ? nil : settingCondition()
            case nil: throw Refusal.shape("a shape not known here")
            }
        }
        guard let tool, let kind else { throw Refusal.shape("a shape not known here") }
        return BuildSetting(tool: tool, kind: kind, arguments: arguments, condition: condition)
    }

    /// `{"_0": "text", "_1": ["a", "b"]}` (or `null`): the values in the order of their numbers, which must run from 0.
    private mutating func settingArguments() throws(Refusal) -> [BuildSetting.Argument] {
        guard try !skipNull() else { return [] }
        var numbered: [Int: BuildSetting.Argument] = [:]
        try beginObject()
        var first = true
        while let key = try nextKey(first: &first) {
            let name = try text(of: key)
            guard name.hasPrefix("_"), let index = Int(name.dropFirst()), index >= 0, index < 16, numbered[index] == nil else {
                throw Refusal.shape("a shape not known here")
            }
            numbered[index] = try peek() == UInt8(ascii: "[") ? .texts(try strings()) : .text(try string())
        }
        return try (0..<numbered.count).map { index throws(Refusal) in
            guard let argument = numbered[index] else { throw Refusal.shape("a shape not known here") }
            return argument
        }
    }

    /// `{"platformNames": [...], "config": "debug", "traits": [...]}`.
    private mutating func settingCondition() throws(Refusal) -> BuildSettingCondition {
        let fields = try conditionFields()
        guard !fields.unknown else { throw Refusal.shape("a shape not known here") }
        return BuildSettingCondition(platforms: fields.platforms, configuration: fields.configuration, traits: fields.traits)
    }

    /// `{"process": {"localization": "base"}}`, `{"copy": {}}`, `{"embedInCode": {}}`.
    mutating func resourceRule() throws(Refusal) -> TargetResource.Rule {
        let kind = try onlyKey()
        var localization: String?
        try beginObject()
        var first = true
        while let key = try nextKey(first: &first) {
            guard kind == "process", self.key(key, is: "localization"), localization == nil else {
                throw Refusal.shape("a shape not known here")
            }
            localization = try optionalString()
        }
        try endOfOnlyKey()
        switch kind {
        case "process": return .process(localization: localization)
        case "copy": return .copy
        case "embedInCode": return .embedInCode
        default: throw Refusal.shape("a shape not known here")
        }
    }

    /// `{"buildTool": null}` or `{"command": [{intent}, [permissions]]}`.
    mutating func pluginCapability() throws(Refusal) -> PluginCapability? {
        guard try !skipNull() else { return nil }
        let kind = try onlyKey()
        let capability: PluginCapability
        switch kind {
        case "buildTool":
            try skipValue()
            capability = .buildTool
        case "command":
            try beginArray()
            var first = true
            guard try nextElement(first: &first) else { throw Refusal.shape("a shape not known here") }
            let intent = try commandIntent()
            var permissions: [PluginPermission] = []
            if try nextElement(first: &first) {
                permissions = try list { reader throws(Refusal) in try reader.pluginPermission() }
                guard try !nextElement(first: &first) else { throw Refusal.shape("a shape not known here") }
            }
            capability = .command(intent: intent, permissions: permissions)
        default:
            throw Refusal.shape("a shape not known here")
        }
        try endOfOnlyKey()
        return capability
    }

    private mutating func commandIntent() throws(Refusal) -> PluginCommandIntent {
        let kind = try onlyKey()
        let fields = try textFields()
        try endOfOnlyKey()
        switch kind {
        case "documentationGeneration" where fields.isEmpty: return .documentationGeneration
        case "sourceCodeFormatting" where fields.isEmpty: return .sourceCodeFormatting
        case "custom" where Set(fields.keys) == ["verb", "description"]:
            return .custom(verb: fields["verb"] ?? "", description: fields["description"] ?? "")
        default: throw Refusal.shape("a shape not known here")
        }
    }

    private mutating func pluginPermission() throws(Refusal) -> PluginPermission {
        let kind = try onlyKey()
        let permission: PluginPermission
        switch kind {
        case "writeToPackageDirectory":
            let fields = try textFields()
            guard Set(fields.keys) == ["reason"] else { throw Refusal.shape("a shape not known here") }
            permission = .writeToPackageDirectory(reason: fields["reason"] ?? "")
        case "allowNetworkConnections":
            var reason: String?
            var scope: (String, [Int])?
            try beginObject()
            var first = true
            while let key = try nextKey(first: &first) {
                if self.key(key, is: "reason"), reason == nil {
                    reason = try string()
                } else if self.key(key, is: "scope"), scope == nil {
                    let name = try onlyKey()
                    var ports: [Int] = []
                    try beginObject()
                    var firstField = true
                    while let field = try nextKey(first: &firstField) {
                        guard self.key(field, is: "ports") else { throw Refusal.shape("a shape not known here") }
                        ports = try list { reader throws(Refusal) in try reader.integer() }
                    }
                    try endOfOnlyKey()
                    scope = (name, ports)
                } else {
                    throw Refusal.shape("a shape not known here")
                }
            }
            guard let reason, let scope else { throw Refusal.shape("a shape not known here") }
            permission = .allowNetworkConnections(scope: scope.0, ports: scope.1, reason: reason)
        default:
            throw Refusal.shape("a shape not known here")
        }
        try endOfOnlyKey()
        return permission
    }

    /// An object whose values are all strings.
    private mutating func textFields() throws(Refusal) -> [String: String] {
        var fields: [String: String] = [:]
        try beginObject()
        var first = true
        while let key = try nextKey(first: &first) {
            let name = try text(of: key)
            guard fields[name] == nil else { throw Refusal.shape("a shape not known here") }
            fields[name] = try string()
        }
        return fields
    }

    /// `{"range": [{"lowerBound": "1.0.0", "upperBound": "2.0.0"}]}`, `{"exact": ["1.0.0"]}`,
    /// `{"branch": ["main"]}`, `{"revision": ["abc"]}`.
    mutating func requirement() throws(Refusal) -> DependencyRequirement {
        let kind = try onlyKey()
        try beginArray()
        var first = true
        guard try nextElement(first: &first) else { throw Refusal.shape("a shape not known here") }
        let requirement: DependencyRequirement
        switch kind {
        case "range":
            let bounds = try textFields()
            guard Set(bounds.keys) == ["lowerBound", "upperBound"] else { throw Refusal.shape("a shape not known here") }
            requirement = .range(lowerBound: bounds["lowerBound"] ?? "", upperBound: bounds["upperBound"] ?? "")
        case "exact": requirement = .exact(try string())
        case "branch": requirement = .branch(try string())
        case "revision": requirement = .revision(try string())
        default: throw Refusal.shape("a shape not known here")
        }
        guard try !nextElement(first: &first) else { throw Refusal.shape("a shape not known here") }
        try endOfOnlyKey()
        return requirement
    }

    /// `[]`, and nothing else.
    mutating func emptyList() throws(Refusal) {
        try beginArray()
        var first = true
        guard try !nextElement(first: &first) else { throw Refusal.shape("a shape not known here") }
    }
}

/// Keys of a dump the model does not read, as they are met.
struct UnreadKeys {
    var keys: [String] = []

    /// `value`, noting `key` as unread when it is nil (its value had a shape not known here).
    mutating func note<T>(_ key: String, _ value: T?) -> T? {
        if value == nil { keys.append(key) }
        return value
    }
}

extension ManifestTarget {
    /// The target as Foundation's decoder reads it: its build unknown.
    var withoutBuild: ManifestTarget {
        ManifestTarget(
            name: name, type: type, dependencies: dependencies, path: path, sources: sources, exclude: exclude, resources: resources,
            pluginUsages: pluginUsages)
    }
}

extension PackageDependency {
    var withoutRequirement: PackageDependency {
        PackageDependency(kind: kind, identity: identity, explicitName: explicitName, location: location, traits: traits)
    }
}
