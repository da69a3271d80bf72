import ModGraphCore

/// The Xcode project an XcodeGen spec generates, read from the spec without
/// generating it: the same ``XcodeProject`` a committed `project.pbxproj`
/// gives, so every command works on it as on a committed project. The model's
/// ``XcodeProject/path`` is where `xcodegen generate` writes the project (the
/// spec's folder, `name:` + `.xcodeproj`), and findings point into the spec
/// (``XcodeProject/declarationFile``, and the `include:`d file a target or a
/// dependency is written in).
///
/// What becomes the model, following XcodeGen's published project spec
/// (docs/xcodegen.md lists each key and what modgraph does with it):
/// - `targets` (after ``XcodeGenTargets``): `type` is the product type
///   (`framework` is `com.apple.product-type.framework`), `productName` and
///   `PRODUCT_NAME`/`PRODUCT_MODULE_NAME` in `settings` name the module;
///   `platform`, `supportedDestinations` give the platforms.
/// - `dependencies`: `target` (`Project/Target` through `projectReferences`),
///   `package` with `product`/`products`, `bundle` and a `framework` made by
///   the build (an `implicit` one, or a bare file name) become edges; `sdk`,
///   `carthage` and a `framework` file in the checkout are prebuilt, not edges.
/// - `sources`: each path a folder whose files the target builds (less its
///   `excludes` globs; with `includes` globs, only what they match), or a file;
///   they give ownership to `affected` and the files to the source checks.
/// - `aggregateTargets`: aggregate targets depending on their `targets`.
/// - `packages` (`url`, `github`, `path`) and `localPackages`; `projectReferences`.
enum XcodeGenProject {
    /// The names XcodeGen reads a spec from when given a folder.
    static let specNames = ["project.yml", "project.yaml", "project.json"]

    /// Whether `path` names an XcodeGen spec rather than an `.xcodeproj`.
    static func isSpec(_ path: String) -> Bool {
        ["yml", "yaml", "json"].contains(XcodePath.pathExtension(path))
    }

    /// Reads the spec at `path` (absolute) and what it includes.
    static func load(at path: String, disk: XcodeDisk) throws(XcodeError) -> XcodeProject {
        let spec = try XcodeGenSpec(at: path, disk: disk)
        let folder = XcodePath.parent(path)
        guard let name = spec.root["name"]?.string, !name.isEmpty else {
            throw .notAProject(file: path, problem: XcodeError.unnamedSpec)
        }
        var reader = Reader(spec: spec, folder: folder, disk: disk)
        let packages = reader.packages()
        let references = reader.projectReferences()
        var targets: [XcodeTarget] = []
        // A target's `name:` renames it, once templates and platforms used its key.
        for (key, value) in XcodeGenTargets.resolved(spec.root, warnings: &reader.warnings, file: path) {
            targets.append(reader.target(named: value["name"]?.string ?? key, value, packages: packages, references: references))
        }
        targets.sort { $0.name < $1.name }
        var aggregates: [XcodeTarget] = []
        for (key, value) in spec.root["aggregateTargets"]?.entries ?? [] {
            aggregates.append(reader.aggregate(named: value["name"]?.string ?? key, value, references: references))
        }
        targets += aggregates.sorted { $0.name < $1.name }
        var referenced: [String] = []
        for reference in references.values.sorted(by: { $0.path < $1.path }) where !referenced.contains(reference.load) {
            referenced.append(reference.load)
        }
        return XcodeProject(
            path: XcodePath.join(folder, name + ".xcodeproj"), name: name, objectVersion: 0, defaultConfiguration: "Debug",
            targets: targets, packageReferences: packages.values.sorted { "\($0)" < "\($1)" }, subprojects: [],
            referencedProjects: referenced, localPackageCandidates: [], warnings: spec.warnings + reader.warnings,
            declarationFile: path, declarationFiles: spec.files, packageNames: Self.names(of: packages)
        ).confined(by: disk)
    }

    /// Each package's name in `packages:` (or `localPackages:`), by identity; of two names for one package, the first in name order.
    static func names(of packages: [String: XcodePackageReference]) -> [PackageIdentity: String] {
        var names: [PackageIdentity: String] = [:]
        for name in packages.keys.sorted() {
            guard let reference = packages[name], names[reference.identity] == nil else { continue }
            names[reference.identity] = name
        }
        return names
    }

    /// Another project a spec refers to: the `.xcodeproj` its targets are named in, and what to load
    /// for it (its own spec, when `spec:` names one that is there, else the project).
    struct ProjectReference {
        let path: String
        let load: String
    }

    /// Reads the parts of a merged spec, collecting what it passed over.
    struct Reader {
        let spec: XcodeGenSpec
        let folder: String
        let disk: XcodeDisk
        var warnings: [String] = []

        /// `file:line` of a value, for warnings.
        func at(_ value: SpecValue) -> String {
            "\(spec.files[value.origin.file]):\(value.origin.line)"
        }

        /// The file a value is written in, when it is not the spec itself.
        func file(of value: SpecValue) -> String? {
            value.origin.file == 0 ? nil : spec.files[value.origin.file]
        }

        /// `packages:` by name, and `localPackages:` by their folder's name.
        mutating func packages() -> [String: XcodePackageReference] {
            var found: [String: XcodePackageReference] = [:]
            // By the file that names them: the packages read from where XcodeGen before 2.43 looks.
            var olderPaths: [Int: [(name: String, value: SpecValue)]] = [:]
            for (name, value) in spec.root["packages"]?.entries ?? [] {
                if let url = value["url"]?.string {
                    found[name] = .remote(url: url)
                } else if let repository = value["github"]?.string {
                    found[name] = .remote(url: "https://github.com/\(repository)")
                } else if let path = value["path"]?.string {
                    let local = localPath(path, written: value[SpecValue.writtenPathKey]?.string)
                    if local != path { olderPaths[value.origin.file, default: []].append((name, value)) }
                    found[name] = .local(path: local)
                } else {
                    warnings.append("\(at(value)): package '\(name)' has no `url`, `github` or `path`; skipped")
                }
            }
            for item in spec.root["localPackages"]?.items ?? [] {
                guard let path = item.string else { continue }
                found[XcodePath.lastComponent(path)] = .local(path: path)
            }
            for (_, packages) in olderPaths.sorted(by: { $0.key < $1.key }) {
                guard let first = packages.first else { continue }
                let names = packages.prefix(3).map { "'\($0.name)'" }.joined(separator: ", ")
                let more = packages.count > 3 ? " and \(packages.count - 3) more" : ""
                warnings.append(
                    "\(at(first.value)): \(packages.count == 1 ? "package" : "\(packages.count) packages") \(names)\(more)"
                        + " \(packages.count == 1 ? "is" : "are") not at the paths written, from this file's folder, where XcodeGen"
                        + " 2.43 and later look; read from the spec's folder, where earlier versions look")
            }
            return found
        }

        /// A local package's folder: `path` (made relative to the folder of the file that declares it, as XcodeGen
        /// 2.43 and later read it), else, when only that is there, the path as `written` in an included file, from the
        /// spec's folder, as XcodeGen before 2.43 read it (one warning per file says which). swiyu's wallet pins XcodeGen
        /// 2.42, and its `Project/packages.yml` names `Modules/Platforms/BITCore`: 26 packages were "not found" at `Project/Modules/…`.
        private func localPath(_ path: String, written: String?) -> String {
            guard let written, written != path, !disk.isDirectory(XcodePath.join(folder, path)),
                disk.isDirectory(XcodePath.join(folder, written))
            else { return path }
            return written
        }

        /// `projectReferences:` by name.
        func projectReferences() -> [String: ProjectReference] {
            var found: [String: ProjectReference] = [:]
            for (name, value) in spec.root["projectReferences"]?.entries ?? [] {
                guard let path = value["path"]?.string else { continue }
                var load = path
                if let other = value["spec"]?.string, disk.isRegularFile(XcodePath.join(folder, other)) { load = other }
                found[name] = ProjectReference(path: path, load: load)
            }
            return found
        }

        /// A target of `targets:`, after templates and platforms.
        mutating func target(
            named name: String, _ value: SpecValue, packages: [String: XcodePackageReference], references: [String: ProjectReference]
        ) -> XcodeTarget {
            let type = value["type"]?.string ?? ""
            let kind = XcodeTargetKind(isa: "PBXNativeTarget", productType: type.isEmpty ? "" : "com.apple.product-type." + type)
            let settings = Self.settings(value["settings"])
            let productName = settings["PRODUCT_NAME"] ?? value["productName"]?.string ?? name
            let moduleName = settings["PRODUCT_MODULE_NAME"] ?? IdentifierMangling.c99Extended(productName)
            var dependencies: [XcodeDependency] = []
            let platforms = Self.platforms(of: value)
            for item in value["dependencies"]?.items ?? [] {
                // A dependency for other platforms than the target's one is left out, as XcodeGen leaves it out.
                if platforms.count == 1, let only = item["platforms"]?.items.compactMap({ $0.string?.lowercased() }),
                    !only.contains(platforms[0])
                {
                    continue
                }
                dependencies += dependency(item, of: name, packages: packages, references: references)
            }
            for item in value["buildToolPlugins"]?.items ?? [] {
                guard let plugin = item["plugin"]?.string, let package = item["package"]?.string, let reference = packages[package]
                else { continue }
                dependencies.append(
                    XcodeDependency(
                        reference: .packageProduct(XcodePackageProduct(name: plugin, isPlugin: true, package: reference)),
                        declaration: .packageProduct, line: item.origin.line, file: file(of: item)))
            }
            var files: [String] = []
            var folders: [XcodeSynchronizedFolder] = []
            for item in value["sources"]?.items ?? [] {
                guard let path = item.string ?? item["path"]?.string, !path.isEmpty else { continue }
                if disk.isRegularFile(XcodePath.join(folder, path)) {
                    files.append(XcodePath.normalised(path))
                    continue
                }
                let excluded = globs(item["excludes"], "exclude", of: name)
                // A list whose every glob was refused leaves the whole folder, each refusal said.
                let included = globs(item["includes"], "include", of: name)
                folders.append(
                    XcodeSynchronizedFolder(
                        path: XcodePath.normalised(path), membership: .all(except: []), excludedPatterns: excluded,
                        includedPatterns: included))
            }
            return XcodeTarget(
                id: name, name: name, kind: kind, productName: productName, moduleName: moduleName,
                productFileName: kind.productFileName(named: productName), productReference: nil,
                dependencies: dependencies, sources: files, synchronizedFolders: folders,
                platforms: platforms, line: value.origin.line, file: file(of: value), swiftConditions: swiftConditions(of: value))
        }

        /// A source folder's `excludes:` or `includes:` globs. XcodeGen's are relative to the folder: `*.md` is
        /// only its own files, so each is anchored there; one modgraph cannot read is said and left out.
        mutating func globs(_ list: SpecValue?, _ kind: String, of target: String) -> [PathPattern] {
            var patterns: [PathPattern] = []
            for item in list?.items ?? [] {
                guard let written = item.string else { continue }
                do {
                    patterns.append(try PathPattern(written.hasPrefix("/") ? written : "/" + written))
                } catch {
                    warnings.append("\(at(item)): \(kind) '\(written)' of target '\(target)': \(error.message); ignored")
                }
            }
            return patterns
        }

        /// An aggregate target of `aggregateTargets:`: it builds its `targets`.
        func aggregate(named name: String, _ value: SpecValue, references: [String: ProjectReference]) -> XcodeTarget {
            let dependencies = (value["targets"]?.items ?? []).compactMap { item -> XcodeDependency? in
                guard let other = item.string else { return nil }
                return XcodeDependency(
                    reference: .target(id: other, name: other, project: nil), declaration: .targetDependency,
                    line: item.origin.line, file: file(of: item))
            }
            return XcodeTarget(
                id: name, name: name, kind: .aggregate, productName: name, moduleName: IdentifierMangling.c99Extended(name),
                productFileName: nil, productReference: nil, dependencies: dependencies, sources: [], synchronizedFolders: [],
                line: value.origin.line, file: file(of: value))
        }

        /// One item of a target's `dependencies:`: the edges it makes (none for prebuilt and system ones).
        mutating func dependency(
            _ item: SpecValue, of target: String, packages: [String: XcodePackageReference], references: [String: ProjectReference]
        ) -> [XcodeDependency] {
            let filters = Self.filters(of: item)
            func make(_ reference: XcodeDependency.Reference, _ declaration: XcodeDependency.Declaration) -> XcodeDependency {
                XcodeDependency(
                    reference: reference, declaration: declaration, platformFilters: filters, line: item.origin.line, file: file(of: item))
            }
            if let name = item["target"]?.string {
                if let slash = name.firstIndex(of: "/"), let reference = references[String(name[..<slash])] {
                    let other = String(name[name.index(after: slash)...])
                    return [make(.target(id: other, name: other, project: reference.path), .targetDependency)]
                }
                return [make(.target(id: name, name: name, project: nil), .targetDependency)]
            }
            if let package = item["package"]?.string {
                let products = item["products"]?.items.compactMap(\.string) ?? [item["product"]?.string ?? package]
                guard packages[package] != nil else {
                    // XcodeGen leaves it out of the project it generates.
                    warnings.append(
                        "\(at(item)): target '\(target)' uses package '\(package)', which `packages:` does not declare; skipped, as XcodeGen skips it")
                    return []
                }
                return products.map { product in
                    make(.packageProduct(XcodePackageProduct(name: product, isPlugin: false, package: packages[package])), .packageProduct)
                }
            }
            if let bundle = item["bundle"]?.string {
                return [make(.builtProduct(fileName: XcodePath.lastComponent(bundle)), .embedded)]
            }
            if let framework = item["framework"]?.string {
                // A framework the build makes (`implicit`, or named without a folder and not in the checkout) is
                // another target's product; a framework file that is there is prebuilt.
                let isFile = disk.exists(XcodePath.join(folder, framework))
                guard item["implicit"]?.flag == true || (!framework.contains("/") && !isFile) else { return [] }
                return [make(.builtProduct(fileName: XcodePath.lastComponent(framework)), .linkedLibrary)]
            }
            if item["sdk"] != nil || item["carthage"] != nil { return [] }
            warnings.append("\(at(item)): target '\(target)' has a dependency of a kind modgraph does not know; skipped")
            return []
        }

        /// `platformFilter: iOS|macOS` (macOS is Mac Catalyst there) and `platforms:`, as Xcode's filters name them.
        static func filters(of item: SpecValue) -> [String] {
            var filters: [String] = []
            switch item["platformFilter"]?.string?.lowercased() {
            case "ios": filters.append("ios")
            case "macos": filters.append("maccatalyst")
            default: break
            }
            for platform in item["platforms"]?.items.compactMap(\.string) ?? [] { filters.append(platform.lowercased()) }
            for destination in item["destinationFilters"]?.items.compactMap(\.string) ?? [] {
                filters.append(destination.lowercased())
            }
            return filters
        }

        /// `platform:` (one, after expansion) and `supportedDestinations:`, as SwiftPM names platforms, sorted.
        static func platforms(of target: SpecValue) -> [String] {
            var found: Set<String> = []
            for item in (target["platform"]?.items ?? []) + (target["supportedDestinations"]?.items ?? []) {
                guard let name = item.string?.lowercased(), name != "auto" else { continue }
                found.insert(name)
            }
            return found.sorted()
        }

        /// The build settings a target sets for every configuration: `settings:` itself, or its `base:`.
        static func settings(_ value: SpecValue?) -> [String: String] {
            guard let value else { return [:] }
            let grouped = value["base"] != nil || value["configs"] != nil || value["groups"] != nil
            var found: [String: String] = [:]
            for (key, setting) in (grouped ? value["base"]?.entries : value.entries) ?? [] {
                if let text = setting.string { found[key] = text }
            }
            return found
        }
    }
}
