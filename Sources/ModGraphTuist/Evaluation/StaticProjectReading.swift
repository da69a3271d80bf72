/// Takes what modgraph reads from the symbolic `Project(...)` the evaluator made: the same
/// ``TuistDump/Project`` the compiled manifest's JSON gives, with ProjectDescription's defaults and
/// literal conversions applied as its source applies them (a string is a `Path` relative to the
/// manifest unless it starts with `//`; a string as a source glob is always relative to the manifest).
///
/// Every part it reads must be known: an ``TuistValue/unknown(_:)`` there, or a form it does not
/// know, throws ``StaticFallback`` and the manifest is compiled.
struct StaticProjectReading {
    let catalog: APICatalog

    func project(_ value: APIValue) throws(StaticFallback) -> TuistDump.Project {
        let name = try string(value.argument("name"), "the project's name")
        var targets: [TuistDump.Target] = []
        for item in try list(value.argument("targets") ?? .list([]), "the targets") {
            targets.append(try target(item))
        }
        var packages: [TuistDump.Package] = []
        for item in try list(value.argument("packages") ?? .list([]), "the packages") {
            packages.append(try package(item))
        }
        return TuistDump.Project(name: name, targets: targets, packages: packages, problems: [])
    }

    // MARK: Targets

    func target(_ value: TuistValue) throws(StaticFallback) -> TuistDump.Target {
        guard case let .api(call) = value, call.arguments != nil, ["init", "target"].contains(call.member) else {
            throw StaticFallback("a target that is \(Self.describe(value))")
        }
        let name = try string(call.argument("name"), "a target's name")
        let product = try enumName(call.argument("product"), "target '\(name)''s product", type: "Product")
        let productName = try optionalString(call.argument("productName"), "target '\(name)''s productName")
        var destinations: [String]
        if let written = call.argument("destinations") {
            destinations = try self.destinations(written, of: name)
        } else {
            destinations = try legacyDestinations(call.argument("platform"), call.argument("deploymentTarget"), of: name)
        }
        destinations.sort()
        var dependencies: [TuistDump.Dependency] = []
        var dependencyLines: [Int?] = []
        for item in try list(call.argument("dependencies") ?? .list([]), "target '\(name)''s dependencies") {
            dependencies.append(try dependency(item, file: call.file))
            if case let .api(made) = item { dependencyLines.append(made.line) } else { dependencyLines.append(nil) }
        }
        return TuistDump.Target(
            name: name, product: product, productName: productName, destinations: destinations,
            sources: try sources(call.argument("sources") ?? .none, of: name),
            resources: try resources(call.argument("resources") ?? .none, of: name),
            buildableFolders: try buildableFolders(call.argument("buildableFolders") ?? .list([]), of: name),
            dependencies: dependencies, settings: try settings(call.argument("settings") ?? .none, of: name), line: call.line,
            dependencyLines: dependencyLines.contains { $0 != nil } ? dependencyLines : [])
    }

    private func destinations(_ value: TuistValue, of target: String) throws(StaticFallback) -> [String] {
        var names: [String] = []
        for item in try list(value, "target '\(target)''s destinations") {
            let name = try enumName(item, "a destination of target '\(target)'", type: "Destination")
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Tuist 3's `platform:` and `deploymentTarget:`, made destinations as our ProjectDescription's `Destinations.legacy` makes them.
    private func legacyDestinations(_ platform: TuistValue?, _ deployment: TuistValue?, of target: String) throws(StaticFallback)
        -> [String]
    {
        let platformName = try enumName(platform, "target '\(target)''s platform", type: "Platform")
        switch platformName {
        case "macos": return ["mac"]
        case "tvos": return ["appleTv"]
        case "watchos": return ["appleWatch"]
        case "visionos": return ["appleVision"]
        case "ios": break
        default: throw StaticFallback("target '\(target)''s platform \(platformName)")
        }
        let call: APIValue
        switch deployment {
        case nil, .none?:
            return ["iPhone", "iPad", "macWithiPadDesign"]
        case let .api(written)? where written.arguments != nil:
            guard written.member == "iOS" else { return ["iPhone", "iPad", "macWithiPadDesign"] }
            call = written
        default:
            throw StaticFallback("target '\(target)''s deploymentTarget")
        }
        var bits = 0
        // `DeploymentDevice` is an option set: `.ipad` alone is a set of one.
        var devices = call.argument("devices") ?? .unknown("no devices")
        if case .api = devices { devices = .list([devices]) }
        for device in try list(devices, "target '\(target)''s devices") {
            guard case let .api(member) = device, member.arguments == nil,
                let bit = ["iphone": 1, "ipad": 2, "mac": 4, "vision": 7][member.member]
            else { throw StaticFallback("a device of target '\(target)'") }
            bits |= bit
        }
        var supportsMac = true
        if let written = call.argument("supportsMacDesignedForIOS") {
            guard case let .bool(flag) = written else { throw StaticFallback("target '\(target)''s supportsMacDesignedForIOS") }
            supportsMac = flag
        }
        var result: [String] = []
        if bits & 1 != 0 { result.append("iPhone") }
        if bits & 2 != 0 { result.append("iPad") }
        if bits & 4 != 0 { result.append("macCatalyst") }
        if bits & 7 == 7 { result.append("appleVisionWithiPadDesign") }
        if supportsMac { result.append("macWithiPadDesign") }
        return result
    }

    // MARK: Dependencies

    func dependency(_ value: TuistValue, file: String) throws(StaticFallback) -> TuistDump.Dependency {
        guard case let .api(call) = value else { throw StaticFallback("a dependency that is \(Self.describe(value))") }
        let filters = try platformFilters(call.argument("condition"))
        switch call.member {
        case "target":
            if let name = call.argument("name") { return .target(name: try string(name, "a dependency's target"), filters: filters) }
            guard let written = call.unlabelled else { throw StaticFallback("a .target dependency of another form") }
            let target = try self.target(written)
            return .target(name: target.name, filters: filters)
        case "macro":
            return .macro(name: try string(call.argument("name"), "a macro dependency"))
        case "project":
            return .project(
                target: try string(call.argument("target"), "a .project dependency's target"),
                path: try path(call.argument("path"), "a .project dependency's path"), filters: filters)
        case "external":
            return .external(name: try string(call.argument("name"), "an .external dependency"), filters: filters)
        case "package":
            let type =
                try call.argument("type").map { value throws(StaticFallback) in try enumName(value, "a package dependency's type") }
                ?? "runtime"
            return .package(
                product: try string(call.argument("product"), "a .package dependency"), isPlugin: type == "plugin", filters: filters)
        case "packagePlugin":
            return .package(product: try string(call.argument("product"), "a .packagePlugin dependency"), isPlugin: true, filters: filters)
        case "sdk", "framework", "xcframework", "library", "xctest":
            return .prebuilt(kind: call.member)
        default:
            throw StaticFallback("a dependency .\(call.member)")
        }
    }

    private func platformFilters(_ value: TuistValue?) throws(StaticFallback) -> [String] {
        guard let value else { return [] }
        if case .none = value { return [] }
        guard case let .api(call) = value, call.member == "when", let set = call.unlabelled else {
            throw StaticFallback("a dependency's condition")
        }
        var filters: [String] = []
        for item in try list(set, "a condition's platforms") {
            let name = try enumName(item, "a condition's platform")
            filters.append(name == "catalyst" ? "maccatalyst" : name)
        }
        // `.when([])` is nil in ProjectDescription: no condition.
        return Array(Set(filters)).sorted()
    }

    // MARK: Files

    private func sources(_ value: TuistValue, of target: String) throws(StaticFallback) -> [TuistDump.Glob] {
        let what = "target '\(target)''s sources"
        switch value {
        case .none: return []
        case let .string(text): return [TuistDump.Glob(pattern: .init(base: .manifest, text: text), excluding: [])]
        case let .list(items): return try items.map { item throws(StaticFallback) in try sourceGlob(item, what) }
        case let .api(call) where ["init", "sourceFilesList"].contains(call.member) && call.argument("globs") != nil:
            return try sources(call.argument("globs") ?? .none, of: target)
        case let .api(call) where call.member == "paths":
            return try list(call.unlabelled, what).map { item throws(StaticFallback) in
                TuistDump.Glob(pattern: try path(item, what), excluding: [])
            }
        default: throw StaticFallback("\(what): \(Self.describe(value))")
        }
    }

    private func sourceGlob(_ value: TuistValue, _ what: String) throws(StaticFallback) -> TuistDump.Glob {
        switch value {
        case let .string(text): return TuistDump.Glob(pattern: .init(base: .manifest, text: text), excluding: [])
        case let .api(call) where ["glob", "generated"].contains(call.member):
            let excluded: [TuistDump.Path]
            switch call.argument("excluding") {
            case nil, .none?: excluded = []
            case let .list(items)?: excluded = try items.map { item throws(StaticFallback) in try path(item, what) }
            case let single?: excluded = [try path(single, what)]
            }
            return TuistDump.Glob(pattern: try path(call.unlabelled, what), excluding: excluded)
        default: throw StaticFallback("\(what): \(Self.describe(value))")
        }
    }

    private func resources(_ value: TuistValue, of target: String) throws(StaticFallback) -> [TuistDump.Glob] {
        let what = "target '\(target)''s resources"
        switch value {
        case .none: return []
        case let .string(text): return [TuistDump.Glob(pattern: .init(base: .manifest, text: text), excluding: [])]
        case let .list(items): return try items.map { item throws(StaticFallback) in try resource(item, what) }
        case let .api(call) where ["init", "resources"].contains(call.member):
            return try resources(call.argument("resources") ?? call.unlabelled ?? .none, of: target)
        default: throw StaticFallback("\(what): \(Self.describe(value))")
        }
    }

    private func resource(_ value: TuistValue, _ what: String) throws(StaticFallback) -> TuistDump.Glob {
        switch value {
        case let .string(text): return TuistDump.Glob(pattern: .init(base: .manifest, text: text), excluding: [])
        case let .api(call) where call.member == "glob":
            let excluded = try list(call.argument("excluding") ?? .list([]), what).map { item throws(StaticFallback) in try path(item, what)
            }
            return TuistDump.Glob(pattern: try path(call.argument("pattern"), what), excluding: excluded)
        case let .api(call) where call.member == "folderReference":
            return TuistDump.Glob(pattern: try path(call.argument("path"), what), excluding: [])
        default: throw StaticFallback("\(what): \(Self.describe(value))")
        }
    }

    private func buildableFolders(_ value: TuistValue, of target: String) throws(StaticFallback) -> [TuistDump.Path] {
        let what = "target '\(target)''s buildableFolders"
        return try list(value, what).map { item throws(StaticFallback) in
            if case let .api(call) = item, call.member == "folder" { return try path(call.unlabelled, what) }
            return try path(item, what)
        }
    }

    /// A `Path`: a string literal (`//` for the root), `.relativeToRoot(_:)`, `.relativeToManifest(_:)`,
    /// `.relativeToCurrentFile(_:)` (from the file that wrote it), `.path(_:)`, `Path(_:)`.
    func path(_ value: TuistValue?, _ what: String) throws(StaticFallback) -> TuistDump.Path {
        switch value {
        case let .string(text)?:
            if text.hasPrefix("//") { return .init(base: .root, text: text.replacingOccurrences(of: "//", with: "")) }
            return .init(base: .manifest, text: text)
        case let .api(call)? where call.arguments != nil:
            let text = try string(call.unlabelled, what)
            switch call.member {
            case "relativeToRoot": return .init(base: .root, text: text)
            case "relativeToManifest", "path", "init": return .init(base: .manifest, text: text)
            case "relativeToCurrentFile": return .init(base: .currentFile, text: text, callerPath: call.file)
            default: break
            }
        default: break
        }
        throw StaticFallback("\(what): a path that is \(Self.describe(value ?? .none))")
    }

    // MARK: Settings and packages

    /// `settings.base`'s `PRODUCT_NAME` and `PRODUCT_MODULE_NAME`, the two settings modgraph reads.
    private func settings(_ value: TuistValue, of target: String) throws(StaticFallback) -> [String: String] {
        guard case let .api(call) = value else {
            if case .none = value { return [:] }
            throw StaticFallback("target '\(target)''s settings: \(Self.describe(value))")
        }
        guard call.member == "settings" else { throw StaticFallback("target '\(target)''s settings .\(call.member)") }
        guard let base = call.argument("base") else { return [:] }
        guard case let .dictionary(entries) = base else {
            throw StaticFallback("target '\(target)''s settings base: \(Self.describe(base))")
        }
        var kept: [String: String] = [:]
        for (written, setting) in entries {
            guard let key = written.string, TuistDump.readSettings.contains(key) else { continue }
            switch setting {
            case let .string(text): kept[key] = text
            case let .api(written) where written.member == "string": kept[key] = try string(written.unlabelled, "the setting \(key)")
            default: throw StaticFallback("target '\(target)''s \(key)")
            }
        }
        return kept
    }

    private func package(_ value: TuistValue) throws(StaticFallback) -> TuistDump.Package {
        guard case let .api(call) = value else { throw StaticFallback("a package that is \(Self.describe(value))") }
        switch (call.member, call.argument("url"), call.argument("path"), call.argument("id") ?? call.argument("identifier")) {
        case let ("remote", url?, _, _), let ("package", url?, _, _): return .remote(url: try string(url, "a package's url"))
        case let ("local", _, path?, _), let ("package", _, path?, _): return .local(path: try self.path(path, "a package's path"))
        case let ("registry", _, _, id?), let ("package", _, _, id?): return .registry(identifier: try string(id, "a package's identifier"))
        default: throw StaticFallback("a package .\(call.member)")
        }
    }

    // MARK: Values

    func string(_ value: TuistValue?, _ what: String) throws(StaticFallback) -> String {
        guard case let .string(text)? = value else { throw StaticFallback("\(what): \(Self.describe(value ?? .none))") }
        return text
    }

    private func optionalString(_ value: TuistValue?, _ what: String) throws(StaticFallback) -> String? {
        switch value {
        case nil, .none?: return nil
        default: return try string(value, what)
        }
    }

    private func list(_ value: TuistValue?, _ what: String) throws(StaticFallback) -> [TuistValue] {
        guard case let .list(items)? = value else { throw StaticFallback("\(what): \(Self.describe(value ?? .none))") }
        return items
    }

    /// The name a case is encoded by: its raw value where its enum has one (`unit_tests`), else the case's name.
    private func enumName(_ value: TuistValue?, _ what: String, type: String? = nil) throws(StaticFallback) -> String {
        guard case let .api(call)? = value, call.arguments == nil else {
            throw StaticFallback("\(what): \(Self.describe(value ?? .none))")
        }
        let owner = call.type.isEmpty ? type : call.type
        return owner.flatMap { catalog.entry($0)?.rawValues[call.member] } ?? call.member
    }

    static func describe(_ value: TuistValue) -> String {
        switch value {
        case let .unknown(reason): reason
        case let .api(call): ".\(call.member)"
        case .string: "a string"
        case .list: "an array"
        case .none: "nil"
        case let .userCase(item): "\(item.type).\(item.name)"
        default: "a value of another kind"
        }
    }
}
