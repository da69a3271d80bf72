import Foundation

/// What a Tuist `Project.swift` declared, as its compiled manifest printed it
/// (the JSON `tuist dump project` prints: ProjectDescription's types in their
/// Codable form): the parts that make the module graph.
///
/// Read leniently, key by key, from a JSON value: a manifest is the pull
/// request's code and prints what it likes, so nothing here trusts a shape;
/// a part that is not what it should be is left out and said
/// (``TuistDump/Project/problems``) rather than failing the whole project.
enum TuistDump {
    /// A `Path` of ProjectDescription: where it is relative to, and the text written.
    struct Path: Equatable, Sendable {
        enum Base: String, Sendable {
            case manifest = "relativeToManifest"
            case root = "relativeToRoot"
            case currentFile = "relativeToCurrentFile"
        }

        var base: Base
        var text: String
        /// The file that wrote `.relativeToCurrentFile(_:)` (the compiled copy's path).
        var callerPath: String?
    }

    struct Glob: Equatable, Sendable {
        var pattern: Path
        var excluding: [Path]
    }

    /// One `TargetDependency`.
    enum Dependency: Equatable, Sendable {
        case target(name: String, filters: [String])
        case project(target: String, path: Path, filters: [String])
        case external(name: String, filters: [String])
        case package(product: String, isPlugin: Bool, filters: [String])
        case macro(name: String)
        /// `.sdk`, `.framework`, `.xcframework`, `.library`, `.xctest`: prebuilt, not modules of the graph.
        case prebuilt(kind: String)
    }

    struct Target: Equatable, Sendable {
        var name: String
        /// ProjectDescription's `Product` raw value (`app`, `framework`, `unit_tests`, …).
        var product: String
        var productName: String?
        /// `Destination` raw values (`iPhone`, `mac`, …).
        var destinations: [String]
        var sources: [Glob]
        var resources: [Glob]
        var buildableFolders: [Path]
        var dependencies: [Dependency]
        /// `settings.base`'s string values of the settings modgraph reads (``TuistDump/readSettings``).
        var settings: [String: String]
        /// Where the manifest makes the target and each of ``dependencies`` (the same count, or none when no line
        /// is known), when it was evaluated from its text (``APIValue/line``): a compiled manifest prints no lines.
        var line: Int? = nil
        var dependencyLines: [Int?] = []
    }

    enum Package: Equatable, Sendable {
        case remote(url: String)
        case registry(identifier: String)
        case local(path: Path)
    }

    struct Project: Equatable, Sendable {
        var name: String
        var targets: [Target]
        var packages: [Package]
        /// What was left out, one line each.
        var problems: [String]
    }

    /// The build settings that name a target's product and module: the only ones modgraph reads.
    static let readSettings: Set<String> = ["PRODUCT_NAME", "PRODUCT_MODULE_NAME"]

    /// The project in `json` (the text between the markers), or why there is none.
    static func project(from json: Data) -> Result<Project, DumpProblem> {
        guard let root = try? JSONSerialization.jsonObject(with: json), let object = root as? [String: Any] else {
            return .failure(DumpProblem("the manifest printed something that is not a project's JSON"))
        }
        guard let name = object["name"] as? String, !name.isEmpty else {
            return .failure(DumpProblem("the project has no name"))
        }
        var problems: [String] = []
        var targets: [Target] = []
        for (index, item) in ((object["targets"] as? [Any]) ?? []).enumerated() {
            if let target = target(item, problems: &problems) {
                targets.append(target)
            } else {
                problems.append("target \(index + 1) of project '\(name)' has no name or product; left out")
            }
        }
        let packages = ((object["packages"] as? [Any]) ?? []).compactMap(package)
        return .success(Project(name: name, targets: targets, packages: packages, problems: problems))
    }

    // MARK: Parts

    static func target(_ value: Any, problems: inout [String]) -> Target? {
        guard let object = value as? [String: Any], let name = object["name"] as? String, !name.isEmpty,
            let product = object["product"] as? String
        else { return nil }
        var dependencies: [Dependency] = []
        var dependencyLines: [Int?] = []
        let writtenLines = (object[lineKeys.dependencies] as? [Any]) ?? []
        for (index, item) in ((object["dependencies"] as? [Any]) ?? []).enumerated() {
            if let dependency = dependency(item) {
                dependencies.append(dependency)
                if !writtenLines.isEmpty { dependencyLines.append(index < writtenLines.count ? line(writtenLines[index]) : nil) }
            } else {
                problems.append("target '\(name)': a dependency of a kind modgraph does not know; left out")
            }
        }
        let sources = ((object["sources"] as? [String: Any])?["globs"] as? [Any] ?? []).compactMap { item -> Glob? in
            guard let glob = item as? [String: Any], let pattern = path(glob["glob"]) else { return nil }
            return Glob(pattern: pattern, excluding: paths(glob["excluding"]))
        }
        let resources = ((object["resources"] as? [String: Any])?["resources"] as? [Any] ?? []).compactMap { item -> Glob? in
            guard let (kind, payload) = enumCase(item) else { return nil }
            switch kind {
            case "glob": return path(payload["pattern"]).map { Glob(pattern: $0, excluding: paths(payload["excluding"])) }
            case "folderReference": return path(payload["path"]).map { Glob(pattern: $0, excluding: []) }
            default: return nil
            }
        }
        let folders = ((object["buildableFolders"] as? [Any]) ?? []).compactMap { item in path((item as? [String: Any])?["path"]) }
        var settings: [String: String] = [:]
        if let base = (object["settings"] as? [String: Any])?["base"] as? [String: Any] {
            for (key, value) in base where readSettings.contains(key) {
                if let text = settingText(value) { settings[key] = text }
            }
        }
        return Target(
            name: name, product: product, productName: object["productName"] as? String,
            destinations: ((object["destinations"] as? [Any]) ?? []).compactMap { $0 as? String }.sorted(),
            sources: sources, resources: resources, buildableFolders: folders, dependencies: dependencies, settings: settings,
            line: line(object[lineKeys.target]), dependencyLines: dependencyLines)
    }

    /// The keys the evaluator's lines are cached under, beside the compiled form's: no ProjectDescription type has them.
    static let lineKeys = (target: "modgraphLine", dependencies: "modgraphDependencyLines")

    /// A line as the cache keeps it: a positive number within any manifest modgraph reads, else none.
    static func line(_ value: Any?) -> Int? {
        guard let number = value as? Int, number >= 1, number <= 10_000_000 else { return nil }
        return number
    }

    static func dependency(_ value: Any) -> Dependency? {
        guard let (kind, payload) = enumCase(value) else { return nil }
        let filters = platformFilters(payload["condition"])
        switch kind {
        case "target":
            return (payload["name"] as? String).map { .target(name: $0, filters: filters) }
        case "project":
            guard let target = payload["target"] as? String, let path = path(payload["path"]) else { return nil }
            return .project(target: target, path: path, filters: filters)
        case "external":
            return (payload["name"] as? String).map { .external(name: $0, filters: filters) }
        case "package":
            let type = enumCase(payload["type"])?.name ?? (payload["type"] as? String) ?? "runtime"
            return (payload["product"] as? String).map { .package(product: $0, isPlugin: type == "plugin", filters: filters) }
        case "macro":
            return (payload["name"] as? String).map { .macro(name: $0) }
        case "sdk", "framework", "xcframework", "library", "xctest":
            return .prebuilt(kind: kind)
        default:
            return nil
        }
    }

    static func package(_ value: Any) -> Package? {
        guard let (kind, payload) = enumCase(value) else { return nil }
        switch kind {
        case "remote": return (payload["url"] as? String).map { .remote(url: $0) }
        case "registry": return (payload["identifier"] as? String).map { .registry(identifier: $0) }
        case "local": return path(payload["path"]).map { .local(path: $0) }
        default: return nil
        }
    }

    static func path(_ value: Any?) -> Path? {
        guard let object = value as? [String: Any], let text = object["pathString"] as? String else { return nil }
        let base = (object["type"] as? String).flatMap(Path.Base.init(rawValue:)) ?? .manifest
        return Path(base: base, text: text, callerPath: object["callerPath"] as? String)
    }

    static func paths(_ value: Any?) -> [Path] {
        ((value as? [Any]) ?? []).compactMap(path)
    }

    /// `condition: .when([.ios, .macos])`: its filters as Xcode names them (`catalyst` is `maccatalyst`).
    /// `PlatformFilter` has no raw values, so a compiled manifest prints each as Swift's synthesized `Codable`
    /// writes such a case, `{"ios": {}}`; a plain string is read too.
    static func platformFilters(_ value: Any?) -> [String] {
        let filters = ((value as? [String: Any])?["platformFilters"] as? [Any] ?? []).compactMap { item -> String? in
            if let name = item as? String { return name }
            guard let object = item as? [String: Any], object.count == 1 else { return nil }
            return object.keys.first
        }
        return filters.map { $0 == "catalyst" ? "maccatalyst" : $0 }.sorted()
    }

    /// A `SettingValue`: `.string(_)` as a plain string, however it is encoded.
    static func settingText(_ value: Any) -> String? {
        if let text = value as? String { return text }
        guard let (kind, payload) = enumCase(value), kind == "string" else { return nil }
        return payload["_0"] as? String
    }

    /// An enum value as Swift's synthesized `Codable` writes it (`{"case": {payload}}`),
    /// or as a hand-written coding does (`{"type"|"kind": "case", …payload}`).
    static func enumCase(_ value: Any?) -> (name: String, payload: [String: Any])? {
        if let name = value as? String { return (name, [:]) }
        guard let object = value as? [String: Any] else { return nil }
        for tag in ["type", "kind"] {
            if let name = object[tag] as? String { return (name, object) }
        }
        guard object.count == 1, let (name, payload) = object.first else { return nil }
        return (name, payload as? [String: Any] ?? [:])
    }
}

/// Why a manifest gave no project.
struct DumpProblem: Error, Equatable, Sendable {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
