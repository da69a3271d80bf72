import ModGraphCore

/// An Xcode project (`.xcodeproj`) as modgraph sees it: its targets, what
/// each depends on and compiles, and the packages and other projects it
/// refers to, decoded from `project.pbxproj`.
///
/// Paths in the model (sources, folders, packages, other projects) are
/// relative to ``folder``, the folder that holds the `.xcodeproj` — where
/// Xcode's `SRCROOT` is unless `projectDirPath` moves it — or absolute when
/// the project writes them so. ``resolvedPath(_:)`` joins them onto ``folder``.
public struct XcodeProject: Hashable, Sendable {
    /// The `.xcodeproj` folder, as given (with `.` and `..` folded).
    public let path: String
    /// The folder's name without `.xcodeproj`.
    public let name: String
    /// The file format's version: 46 (Xcode 8) to 77 (Xcode 16) are known.
    public let objectVersion: Int
    /// The configuration whose settings decided the targets' names. See ``ConfigurationChoice``.
    public let defaultConfiguration: String
    /// The project's targets, in the order of its `targets` list (the order Xcode shows).
    public let targets: [XcodeTarget]
    /// `packageReferences`: the remote and local packages added to the project.
    public let packageReferences: [XcodePackageReference]
    /// Projects added inside this one (`projectReferences`), relative to ``folder``.
    public let subprojects: [String]
    /// Every other project this one points into: its subprojects, then each
    /// project a `PBXContainerItemProxy` names, relative to ``folder``, without repeats.
    public let referencedProjects: [String]
    /// Folder references that may be local packages added before Xcode 15, for the
    /// package products that name no package: those of type `folder` or `wrapper`, and
    /// any whose name has no extension (Xcode records a package folder under the type
    /// it guessed: `text` in some projects). ``load(at:disk:)`` keeps those that hold a
    /// `Package.swift`, and adds the packages directly inside ``packageFolderParents``;
    /// ``decode(_:projectPath:)`` cannot look, and keeps them all.
    public let localPackageCandidates: [String]
    /// Xcode 16 synchronised folders (`PBXFileSystemSynchronizedRootGroup`): Xcode takes
    /// a package in one, or directly inside one (`Modules/Account`), for a local package
    /// of the project, which products naming no package come from.
    public let packageFolderParents: [String]
    /// What was skipped or guessed, one line each, naming the file.
    public let warnings: [String]
    /// The file the project is declared in, where findings about its targets point (unless a
    /// target or dependency names its own, ``XcodeTarget/file``): its `project.pbxproj`, or
    /// the XcodeGen spec it is generated from (`project.yml`), when that was read instead.
    public let declarationFile: String
    /// Every file the project was read from: ``declarationFile``, and for an XcodeGen spec the files it
    /// includes. A change to any of them can change any target (`affected`).
    public let declarationFiles: [String]
    /// For a project read from an XcodeGen spec, the name `packages:` gives each package, by its identity:
    /// what a target's `- package:` must write (Element's spec calls `matrix-analytics-events` `AnalyticsEvents`).
    public let packageNames: [PackageIdentity: String]

    private let targetIndexByID: [String: Int]
    private let targetIndexByProduct: [String: Int]

    public init(
        path: String,
        name: String,
        objectVersion: Int,
        defaultConfiguration: String,
        targets: [XcodeTarget],
        packageReferences: [XcodePackageReference],
        subprojects: [String],
        referencedProjects: [String],
        localPackageCandidates: [String],
        packageFolderParents: [String] = [],
        warnings: [String],
        declarationFile: String? = nil,
        declarationFiles: [String] = [],
        packageNames: [PackageIdentity: String] = [:]
    ) {
        self.packageNames = packageNames
        let declarationFile = declarationFile ?? XcodePath.join(path, "project.pbxproj")
        self.declarationFile = declarationFile
        self.declarationFiles = declarationFiles.isEmpty ? [declarationFile] : declarationFiles
        self.path = path
        self.name = name
        self.objectVersion = objectVersion
        self.defaultConfiguration = defaultConfiguration
        self.targets = targets
        self.packageReferences = packageReferences
        self.subprojects = subprojects
        self.referencedProjects = referencedProjects
        self.localPackageCandidates = localPackageCandidates
        self.packageFolderParents = packageFolderParents
        self.warnings = warnings
        var byID: [String: Int] = [:]
        var byProduct: [String: Int] = [:]
        for (index, target) in targets.enumerated() {
            if byID[target.id] == nil { byID[target.id] = index }
            if let product = target.productReference, byProduct[product] == nil { byProduct[product] = index }
        }
        targetIndexByID = byID
        targetIndexByProduct = byProduct
    }

    /// The folder that holds the `.xcodeproj`: what the model's relative paths start from.
    public var folder: String {
        XcodePath.parent(path)
    }

    /// `path` from the model joined onto ``folder`` (unchanged when absolute).
    public func resolvedPath(_ path: String) -> String {
        XcodePath.join(folder, path)
    }

    /// The target with object id `id`.
    ///
    /// - Complexity: O(1).
    public func target(withID id: String) -> XcodeTarget? {
        targetIndexByID[id].map { targets[$0] }
    }

    /// The target whose product file reference is `productReference`: what
    /// another project's ``XcodeDependency/Reference/productOfTarget(productReference:fileName:name:project:)`` names.
    ///
    /// - Complexity: O(1).
    public func target(producing productReference: String) -> XcodeTarget? {
        targetIndexByProduct[productReference].map { targets[$0] }
    }

    /// Reads the project at `path`, a `.xcodeproj` folder (or its `project.pbxproj`).
    /// The only disk access besides reading the file is checking which
    /// ``localPackageCandidates`` hold a `Package.swift`, and listing the
    /// ``packageFolderParents`` that do not. With a root on `disk`, every path that
    /// leaves it is first dropped from the model, with a warning (``confined(by:)``).
    /// An XcodeGen spec (`project.yml`) is read as the project it generates (``XcodeGenProject``).
    public static func load(at path: String, disk: XcodeDisk = XcodeDisk()) throws(XcodeError) -> XcodeProject {
        if XcodeGenProject.isSpec(path) { return try XcodeGenProject.load(at: path, disk: disk) }
        let projectPath = XcodePath.lastComponent(path) == "project.pbxproj" ? XcodePath.parent(path) : path
        let file = XcodePath.join(projectPath, "project.pbxproj")
        guard disk.isDirectory(projectPath) else { throw .notFound(path: projectPath) }
        let project = try parse(
            try disk.contents(of: file, limit: OpenStepParser.maximumBytes), projectPath: projectPath, configFiles: .from(disk: disk)
        )
        .confined(by: disk)
        var candidates = project.localPackageCandidates.filter { disk.holdsPackageManifest(project.resolvedPath($0)) }
        for parent in project.packageFolderParents {
            let found =
                disk.holdsPackageManifest(project.resolvedPath(parent))
                ? [parent]
                : disk.subfolders(of: project.resolvedPath(parent)).filter {
                    disk.holdsPackageManifest(project.resolvedPath(XcodePath.join(parent, $0)))
                }
                .map { XcodePath.join(parent, $0) }
            for folder in found where !candidates.contains(folder) { candidates.append(folder) }
        }
        return project.withLocalPackageCandidates(candidates)
    }

    /// Whether `path` names an XcodeGen spec (`project.yml`, `.yaml`, `.json`) rather than an `.xcodeproj`.
    public static func isXcodeGenSpec(_ path: String) -> Bool {
        XcodeGenProject.isSpec(path)
    }

    /// Whether the project was read from the spec or manifest that generates it (``declarationFile``: XcodeGen's
    /// `project.yml`, Tuist's `Project.swift`) rather than a `project.pbxproj`.
    public var isGenerated: Bool {
        isXcodeGenSpec || XcodePath.lastComponent(declarationFile) == "Project.swift"
    }

    /// Whether the project was read from an XcodeGen spec.
    public var isXcodeGenSpec: Bool {
        XcodeGenProject.isSpec(declarationFile)
    }

    /// Why `text` is not an XcodeGen spec's YAML as modgraph reads it (within the reader's bounds); nil when it is.
    /// What `fix` checks its edits of a spec with, so that YAML is read in one place.
    public static func xcodeGenSpecProblem(in text: String) -> String? {
        do {
            _ = try SpecValue.parse(text, file: 0, path: "spec")
            return nil
        } catch {
            return error.line.map { "line \($0): \(error.problem)" } ?? error.problem
        }
    }

    /// The file names XcodeGen looks for in a folder, in its order.
    public static let xcodeGenSpecNames = XcodeGenProject.specNames

    /// Parses and decodes the text of a `project.pbxproj`, without touching the disk but through
    /// `configFiles` (the `.xcconfig` files its configurations are based on).
    public static func parse(_ bytes: [UInt8], projectPath: String, configFiles: ConfigFiles = .none) throws(XcodeError) -> XcodeProject {
        let plist: PropertyList
        do {
            plist = try OpenStepParser.parse(bytes)
        } catch {
            throw .malformedPropertyList(file: XcodePath.join(projectPath, "project.pbxproj"), line: error.line, problem: error.problem)
        }
        return try decode(plist, projectPath: projectPath, configFiles: configFiles)
    }

    /// Decodes a parsed `project.pbxproj`, without touching the disk but through `configFiles`.
    ///
    /// - Complexity: O(objects + references).
    public static func decode(_ plist: PropertyList, projectPath: String, configFiles: ConfigFiles = .none) throws(XcodeError) -> XcodeProject {
        try ProjectDecoder.decode(plist, projectPath: projectPath, configFiles: configFiles)
    }

    /// This project with `candidates` for its local package candidates: those found on disk.
    func withLocalPackageCandidates(_ candidates: [String]) -> XcodeProject {
        XcodeProject(
            path: path,
            name: name,
            objectVersion: objectVersion,
            defaultConfiguration: defaultConfiguration,
            targets: targets,
            packageReferences: packageReferences,
            subprojects: subprojects,
            referencedProjects: referencedProjects,
            localPackageCandidates: candidates,
            packageFolderParents: packageFolderParents,
            warnings: warnings,
            declarationFile: declarationFile,
            declarationFiles: declarationFiles,
            packageNames: packageNames
        )
    }
}
