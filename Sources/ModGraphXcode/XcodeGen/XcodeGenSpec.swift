/// An XcodeGen spec read from disk: `project.yml` (or `.json`) with its
/// `include:`s merged in, as `xcodegen generate` merges them, and the files
/// it was read from, so that each value still says where it is written.
///
/// XcodeGen's rules, from its published project spec: each included file is
/// read first (its own includes before it), in the order listed, and the
/// including file is merged on top of them: maps key by key, anything else
/// (a list, a value) replaced. An include is `path` or `{path, relativePaths,
/// enable}`; its path is relative to the file that includes it, and with
/// `relativePaths` (the default) the paths in it (sources, packages, project
/// references, frameworks) are relative to its own folder, so they are
/// rewritten here to be relative to the spec's folder.
///
/// The spec is a pull request's input: at most ``maximumFiles`` files of at
/// most ``maximumBytes`` each, none outside the disk's root, none read twice
/// (an include cycle is cut with a warning).
struct XcodeGenSpec {
    /// More files than any spec includes.
    static let maximumFiles = 64
    /// Larger than any real spec file.
    static let maximumBytes = 4 << 20

    /// The spec's files, absolute: the spec first, then each include in the order read.
    private(set) var files: [String] = []
    /// The merged spec.
    private(set) var root: SpecValue = .map([], SpecOrigin(file: 0, line: 1))
    private(set) var warnings: [String] = []

    /// Reads the spec at `path` (absolute) and its includes.
    init(at path: String, disk: XcodeDisk) throws(XcodeError) {
        var visiting: Set<String> = []
        root = try read(path, relativeTo: nil, disk: disk, visiting: &visiting)
    }

    /// The file at `path` with its includes merged under it; `prefix` rewrites its relative
    /// paths to be relative to the spec's folder (nil: the spec itself, or `relativePaths: false`).
    private mutating func read(_ path: String, relativeTo prefix: String?, disk: XcodeDisk, visiting: inout Set<String>) throws(XcodeError)
        -> SpecValue
    {
        guard files.count < Self.maximumFiles else {
            warnings.append("\(path): not read; an XcodeGen spec reads at most \(Self.maximumFiles) files")
            return .map([], SpecOrigin(file: 0, line: 0))
        }
        let index = files.count
        files.append(path)
        visiting.insert(path)
        defer { visiting.remove(path) }
        let bytes = try disk.contents(of: path, limit: Self.maximumBytes)
        var value: SpecValue
        var repeated: [(key: String, line: Int)] = []
        do {
            value = try SpecValue.parse(String(decoding: bytes, as: UTF8.self), file: index, path: path, repeated: &repeated)
            for (key, line) in repeated {
                warnings.append("\(path):\(line): '\(key)' is given again later in the same map; the last is read, as XcodeGen reads it")
            }
        } catch {
            throw .malformedSpec(file: error.file, line: error.line, problem: error.problem)
        }
        guard value.entries != nil else {
            throw .notAProject(file: path, problem: "an XcodeGen spec is a map of keys (name, targets, …)")
        }
        if let prefix { value = Self.rebased(value, onto: prefix) }
        var merged: SpecValue = .map([], value.origin)
        for include in value["include"]?.items ?? [] {
            let written = include.string ?? include["path"]?.string
            // `enable:` is read as XcodeGen reads it; an environment variable there is not expanded, so off.
            guard let written, !written.isEmpty, include["enable"]?.flag ?? true else { continue }
            let folder = XcodePath.parent(path)
            let included = XcodePath.normalised(XcodePath.join(folder, written))
            let at = "\(path):\(include.origin.line)"
            guard disk.isInside(included) else {
                warnings.append("\(at): includes '\(written)', outside the folder loaded; ignored")
                continue
            }
            guard !visiting.contains(included) else {
                warnings.append("\(at): includes '\(written)', which includes this file again; the cycle is cut here")
                continue
            }
            guard disk.isRegularFile(included) else {
                warnings.append("\(at): includes '\(written)', which does not exist; skipped")
                continue
            }
            let relativePaths = include["relativePaths"].map(\.flag) ?? true
            let specFolder = XcodePath.parent(files[0])
            let rebase = relativePaths ? XcodePath.relative(XcodePath.parent(included), from: specFolder) : nil
            merged = merged.merged(with: try read(included, relativeTo: rebase, disk: disk, visiting: &visiting))
        }
        return merged.merged(with: value)
    }

    /// `value` (an included file's top level) with its relative paths made relative to the spec's folder.
    private static func rebased(_ value: SpecValue, onto prefix: String) -> SpecValue {
        guard !prefix.isEmpty, prefix != ".", case let .map(entries, origin) = value else { return value }
        func path(_ item: SpecValue) -> SpecValue {
            guard case let .text(text, origin) = item, !text.hasPrefix("/"), !text.hasPrefix("$") else { return item }
            return .text(XcodePath.normalised(XcodePath.join(prefix, text)), origin)
        }
        /// A `sources:` entry or a dependency: a path, or a map whose `key` is a path.
        func entry(_ item: SpecValue, keys: Set<String>) -> SpecValue {
            guard case let .map(fields, origin) = item else { return path(item) }
            return .map(fields.map { keys.contains($0.key) ? ($0.key, path($0.value)) : $0 }, origin)
        }
        func list(_ item: SpecValue, keys: Set<String>) -> SpecValue {
            switch item {
            case let .list(items, origin): .list(items.map { entry($0, keys: keys) }, origin)
            default: entry(item, keys: keys)
            }
        }
        func target(_ item: SpecValue) -> SpecValue {
            guard case let .map(fields, origin) = item else { return item }
            return .map(
                fields.map { field in
                    switch field.key {
                    case "sources": (field.key, list(field.value, keys: ["path"]))
                    case "dependencies": (field.key, list(field.value, keys: ["framework"]))
                    default: field
                    }
                }, origin)
        }
        func each(_ item: SpecValue, _ transform: (SpecValue) -> SpecValue) -> SpecValue {
            guard case let .map(fields, origin) = item else { return item }
            return .map(fields.map { ($0.key, transform($0.value)) }, origin)
        }
        return .map(
            entries.map { field in
                switch field.key {
                case "targets", "targetTemplates": (field.key, each(field.value, target))
                case "packages":
                    // The path as written is kept beside: XcodeGen before 2.43 read it from the spec's folder.
                    (
                        field.key,
                        each(field.value) { package in
                            guard let written = package["path"], case let .map(fields, origin) = entry(package, keys: ["path"]) else {
                                return package
                            }
                            return .map(fields + [(SpecValue.writtenPathKey, written)], origin)
                        }
                    )
                case "projectReferences": (field.key, each(field.value) { entry($0, keys: ["path", "spec"]) })
                case "localPackages": (field.key, list(field.value, keys: []))
                default: field
                }
            }, origin)
    }
}
