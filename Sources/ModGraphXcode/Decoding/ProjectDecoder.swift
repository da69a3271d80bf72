/// Turns the property list of a `project.pbxproj` into an ``XcodeProject``.
///
/// Pure: it reads nothing from disk, so every path it returns is worked out
/// from the file alone. Object kinds it does not know are ignored; references
/// to objects that are missing or of the wrong kind are skipped with a
/// warning. Every lookup is by id in a hash table and every object is decoded
/// a bounded number of times, so decoding is O(objects + references).
struct ProjectDecoder {
    static let targetKinds: Set<String> = ["PBXNativeTarget", "PBXAggregateTarget", "PBXLegacyTarget"]
    /// The `objectVersion`s of Xcode 8 (46, "Xcode 3.2-compatible", still written by Xcode 8) to Xcode 16 (77).
    static let knownObjectVersions = 46...77

    let file: String
    let objects: ProjectObjects
    let rootID: String
    let sourceRoot: String
    var locator: FileLocator
    /// The `.xcconfig` files configurations are based on, read through this (``ConfigFiles``).
    let configFiles: ConfigFiles
    /// The folder holding the `.xcodeproj`, which the locator's paths are relative to.
    let projectFolder: String
    /// Each `.xcconfig` read, by its path as the locator gives it (nil: it could not be).
    var configSettings: [String: PropertyListDictionary?] = [:]
    var warnings: [String] = []
    /// Target ids the project lists, with their names.
    var targetNames: [String: String] = [:]
    /// Product file reference id → the target of this project that makes it.
    var targetsByProduct: [String: String] = [:]
    var packageProducts: [String: XcodePackageProduct?] = [:]
    var packageReferences: [String: XcodePackageReference?] = [:]

    /// - Parameter projectPath: the `.xcodeproj` folder, used for the project's name and in messages.
    static func decode(_ plist: PropertyList, projectPath: String, configFiles: ConfigFiles = .none) throws(XcodeError) -> XcodeProject {
        let path = XcodePath.normalised(projectPath)
        let file = XcodePath.join(path, "project.pbxproj")
        guard let root = plist.dictionary else { throw .notAProject(file: file, problem: "the property list is not a dictionary") }
        guard let versionText = root["objectVersion"]?.string, let objectVersion = Int(versionText) else {
            throw .notAProject(file: file, problem: "objectVersion is missing or not a number")
        }
        guard let table = root["objects"]?.dictionary else { throw .notAProject(file: file, problem: "there is no objects dictionary") }
        let objects = ProjectObjects(table)
        guard let rootID = root["rootObject"]?.string, let project = objects.object(rootID, isa: ["PBXProject"]) else {
            throw .notAProject(file: file, problem: "rootObject does not name a PBXProject")
        }
        let all = objects.all
        let sourceRoot = XcodePath.normalised(project.string("projectDirPath") ?? "")
        var decoder = ProjectDecoder(
            file: file,
            objects: objects,
            rootID: rootID,
            sourceRoot: sourceRoot,
            locator: FileLocator(objects: objects, all: all, sourceRoot: sourceRoot, file: file),
            configFiles: configFiles, projectFolder: XcodePath.parent(path)
        )
        // A newer format reads the same (Xcode adds objects and keys, and keeps those read here): no
        // warning on every command for a project Xcode just saved (issue #49). An older one may not.
        if objectVersion < knownObjectVersions.lowerBound {
            decoder.warn(
                "objectVersion \(objectVersion) is older than \(knownObjectVersions.lowerBound) (Xcode 8), the oldest modgraph knows; read the same way"
            )
        }
        return decoder.project(project, all: all, path: path, objectVersion: objectVersion)
    }

    private mutating func project(_ project: ProjectObjects.Object, all: [ProjectObjects.Object], path: String, objectVersion: Int)
        -> XcodeProject
    {
        let name = XcodePath.pathExtension(path) == "xcodeproj" ? XcodePath.baseName(path) : XcodePath.lastComponent(path)
        let configurations = ConfigurationChoice(objects: objects, project: project)
        let projectList = project.string("buildConfigurationList")
        // The project's level: its configuration's settings over the `.xcconfig` that configuration is based on.
        let projectSettings = configurations.settings(ofList: projectList)
        let projectBase = configurations.chosen(ofList: projectList).flatMap { baseSettings(of: $0) }

        var targetObjects: [ProjectObjects.Object] = []
        for id in project.strings("targets") where targetNames[id] == nil {
            guard let target = objects.object(id, isa: Self.targetKinds) else {
                let found = objects.object(id).map { "a \($0.isa)" } ?? "an object the file does not have"
                warn("the project's list of targets names \(found), not a target; skipped", line: project.line)
                continue
            }
            targetObjects.append(target)
            targetNames[id] = target.text("name") ?? target.text("productName") ?? id
            if let product = target.text("productReference"), targetsByProduct[product] == nil {
                targetsByProduct[product] = id
            }
        }
        let synchronized = SynchronizedFolders(objects: objects, all: all, targets: targetObjects, locator: &locator, file: file)
        warnings += synchronized.warnings

        // The project's configurations are every target's.
        let projectSettingFiles = settingFiles(ofList: project.string("buildConfigurationList"))
        var targets: [XcodeTarget] = []
        for target in targetObjects {
            targets.append(
                decodeTarget(
                    target,
                    projectName: name,
                    configurations: configurations,
                    projectSettings: projectSettings,
                    projectBase: projectBase,
                    synchronizedFolders: synchronized.folders(of: target.id),
                    projectSettingFiles: projectSettingFiles,
                    projectList: project.string("buildConfigurationList")
                ))
        }

        let references = Self.distinct(project.strings("packageReferences").compactMap { packageReference($0) })
        let subprojects = Self.distinct(
            (project.fields["projectReferences"]?.array ?? []).compactMap { entry in
                entry.dictionary?["ProjectRef"]?.string.flatMap { projectPath(ofPortal: $0, referredAt: project.line) }
            })
        let (proxied, candidates, parents) = otherProjectsAndFolders(all)
        warnings += locator.warnings
        return XcodeProject(
            path: path,
            name: name,
            objectVersion: objectVersion,
            defaultConfiguration: configurations.defaultName,
            targets: targets,
            packageReferences: references,
            subprojects: subprojects,
            referencedProjects: Self.distinct(subprojects + proxied),
            localPackageCandidates: candidates,
            packageFolderParents: parents,
            warnings: Self.distinct(warnings)
        )
    }

    /// The projects `PBXContainerItemProxy`s point into, the folder references
    /// that may be local packages, and the synchronised folders that may hold
    /// some, in file order.
    ///
    /// - Complexity: O(objects).
    private mutating func otherProjectsAndFolders(_ all: [ProjectObjects.Object]) -> (
        projects: [String], folders: [String], parents: [String]
    ) {
        var projects: [String] = []
        var folders: [String] = []
        var parents: [String] = []
        for object in all {
            switch object.isa {
            case "PBXContainerItemProxy":
                guard let portal = object.text("containerPortal"), portal != rootID,
                    let other = projectPath(ofPortal: portal, referredAt: object.line)
                else {
                    continue
                }
                projects.append(other)
            case "PBXFileReference":
                // A package folder is a folder to Xcode whatever type the reference records
                // (`folder`, `wrapper`, or the `text` it guessed when the folder was added).
                let type = object.text("lastKnownFileType") ?? object.text("explicitFileType")
                guard let path = object.text("path"), type == "folder" || type == "wrapper" || XcodePath.pathExtension(path).isEmpty,
                    case let .path(folder) = locator.location(of: object.id)
                else { continue }
                folders.append(folder)
            case "PBXFileSystemSynchronizedRootGroup":
                guard case let .path(folder) = locator.location(of: object.id) else { continue }
                parents.append(folder)
            default:
                continue
            }
        }
        return (Self.distinct(projects), Self.distinct(folders), Self.distinct(parents))
    }

    private mutating func decodeTarget(
        _ target: ProjectObjects.Object,
        projectName: String,
        configurations: ConfigurationChoice,
        projectSettings: PropertyListDictionary?,
        projectBase: PropertyListDictionary?,
        synchronizedFolders: [XcodeSynchronizedFolder],
        projectSettingFiles: [String],
        projectList: String?
    ) -> XcodeTarget {
        let name = targetNames[target.id] ?? target.id
        let targetSettings = configurations.settings(ofList: target.string("buildConfigurationList"))
        let targetBase = configurations.chosen(ofList: target.string("buildConfigurationList")).flatMap { baseSettings(of: $0) }
        var settings = BuildSettings(
            levels: [targetSettings, targetBase, projectSettings, projectBase].compactMap { $0 },
            targetName: name,
            projectName: projectName,
            configuration: configurations.defaultName
        )
        let productName = settings.value(of: "PRODUCT_NAME").flatMap { $0.isEmpty ? nil : $0 } ?? name
        var moduleName = settings.value(of: "PRODUCT_MODULE_NAME") ?? ""
        if !settings.unresolved.isEmpty {
            let names = settings.unresolved.map { "$(\($0))" }.joined(separator: ", ")
            warn(
                "target '\(name)': its product or module name refers to \(names), which the project and its .xcconfig files do not set or which refer to themselves; read as empty",
                line: target.line)
        }
        if moduleName.isEmpty {
            moduleName = IdentifierMangling.c99Extended(name)
        }
        let platforms = TargetPlatforms.of(&settings)

        let productFile = objects.object(target.text("productReference"))
        var dependencies: [XcodeDependency] = []
        for id in target.strings("dependencies") {
            if let dependency = targetDependency(id, of: target, named: name) { dependencies.append(dependency) }
        }
        var sources: [String] = []
        var resources: [String] = []
        for phaseID in target.strings("buildPhases") {
            guard let phase = objects.object(phaseID) else {
                warn("target '\(name)': a build phase it lists is not in the file; skipped", line: target.line)
                continue
            }
            switch phase.isa {
            case "PBXSourcesBuildPhase":
                sources += phaseFiles(of: phase)
            case "PBXFrameworksBuildPhase":
                dependencies += phase.strings("files").compactMap { buildFileDependency($0, declaration: .linkedLibrary, of: name) }
            case "PBXCopyFilesBuildPhase":
                dependencies += phase.strings("files").compactMap { buildFileDependency($0, declaration: .embedded, of: name) }
                resources += phaseFiles(of: phase)
            case "PBXResourcesBuildPhase", "PBXHeadersBuildPhase":
                resources += phaseFiles(of: phase)
            default:
                continue
            }
        }
        for id in target.strings("packageProductDependencies") {
            guard let product = packageProduct(id, of: name, referredAt: target.line) else { continue }
            dependencies.append(
                XcodeDependency(reference: .packageProduct(product), declaration: .packageProduct, line: objects.object(id)?.line))
        }
        return XcodeTarget(
            id: target.id,
            name: name,
            kind: XcodeTargetKind(isa: target.isa, productType: target.string("productType")),
            productName: productName,
            moduleName: moduleName,
            productFileName: (productFile?.text("path") ?? productFile?.text("name")).map(XcodePath.lastComponent),
            productReference: productFile?.id,
            dependencies: dependencies,
            sources: sources,
            synchronizedFolders: synchronizedFolders,
            platforms: platforms,
            line: target.line,
            resources: Self.distinct(resources),
            settingFiles: Self.distinct(settingFiles(ofList: target.string("buildConfigurationList")) + projectSettingFiles),
            swiftConditions: swiftConditions(ofList: target.string("buildConfigurationList"), projectList: projectList)
        )
    }

    /// The files of a phase that are part of the checkout; a localised file
    /// (`PBXVariantGroup`) is each of its localisations (`en.lproj/Main.strings`), not
    /// the folder its group is in, in *Compile Sources* too (an `.intentdefinition`).
    private mutating func phaseFiles(of phase: ProjectObjects.Object) -> [String] {
        var files: [String] = []
        for buildFileID in phase.strings("files") {
            guard let fileRef = objects.object(buildFileID, isa: ["PBXBuildFile"])?.text("fileRef") else { continue }
            let elements = objects.object(fileRef, isa: ["PBXVariantGroup"]).map { $0.strings("children") } ?? [fileRef]
            for element in elements {
                if case let .path(path) = locator.location(of: element) { files.append(path) }
            }
        }
        return files
    }

    /// The path, relative to this project's folder, of the project a `containerPortal` or `ProjectRef` names;
    /// `line` is where the reference is written, for the warning when it leads nowhere.
    mutating func projectPath(ofPortal id: String, referredAt line: Int? = nil) -> String? {
        guard let reference = objects.object(id, isa: ["PBXFileReference"]) else {
            warn("a reference to another project names something that is not a file reference; skipped", line: line)
            return nil
        }
        guard case let .path(path) = locator.location(of: id) else {
            let name = reference.text("name") ?? reference.text("path").map(XcodePath.lastComponent) ?? "a project"
            warn(
                "the project reference '\(name)' is not in a folder of the checkout (source tree \(reference.text("sourceTree") ?? "none")); skipped",
                line: reference.line)
            return nil
        }
        return path
    }

    /// A warning about the file, at `line` when known: `App.xcodeproj/project.pbxproj:12: message`.
    mutating func warn(_ message: String, line: Int? = nil) {
        if let line, line > 0 {
            warnings.append("\(file):\(line): \(message)")
        } else {
            warnings.append("\(file): \(message)")
        }
    }

    /// `items` without repeats, first occurrences kept in order.
    ///
    /// - Complexity: O(n).
    static func distinct<Item: Hashable>(_ items: [Item]) -> [Item] {
        var seen: Set<Item> = []
        return items.filter { seen.insert($0).inserted }
    }
}
