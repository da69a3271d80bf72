import Foundation

/// The text of an Xcode project (`project.pbxproj`), written the way Xcode writes one
/// (sections, comments, tabs), from a short description of its targets: what the tests of
/// issue #34 write to reproduce the shapes seen in public repositories (frameworks made for
/// several platforms, products that name no package, links into missing projects, dependencies
/// on targets that are gone). Object ids are 24 hex digits, numbered in order, so the same
/// description always gives the same text.
public struct ProjectFixture: Sendable {
    public struct Target: Sendable {
        public var name: String
        /// `com.apple.product-type.…` without the prefix: `framework`, `application`, `bundle.unit-test`, …
        public var productType: String
        /// The product's file (`Kit.framework`); by default the name with the type's extension.
        public var productFile: String?
        /// The target's build settings (`SDKROOT`, `PRODUCT_NAME`, …) in its one configuration.
        public var settings: [String: String]
        /// Targets of this project it depends on (*Target Dependencies*), by name.
        public var dependencies: [String]
        /// Files it links from `BUILT_PRODUCTS_DIR` that no target here makes (`Kit.framework`).
        public var linksBuiltProducts: [String]
        /// Files it links from a folder of the checkout (`Carthage/Build/iOS/Kit.framework`), relative to the project's folder.
        public var linksFiles: [String]
        /// Package products it uses: the product's name, and the key of a package of ``ProjectFixture/remotePackages``
        /// or ``ProjectFixture/localPackages``, or `nil` for a product that names no package.
        public var packageProducts: [(name: String, package: String?)]
        /// Products of another project it links through a `PBXReferenceProxy`: the `.xcodeproj` (relative to this
        /// project's folder), the product's file, and the target's name there (`remoteInfo`).
        public var linksProxies: [(project: String, file: String, target: String)]
        /// Target dependencies on targets no longer in the project: the names Xcode showed (`remoteInfo`).
        public var dependenciesOnRemovedTargets: [String]
        /// Swift files it compiles, relative to the project's folder.
        public var sources: [String]
        /// `platformFilter` on its target dependencies, by the name of the target depended on.
        public var platformFilters: [String: String]

        public init(
            _ name: String, type productType: String = "framework", productFile: String? = nil, settings: [String: String] = [:],
            dependencies: [String] = [], linksBuiltProducts: [String] = [], linksFiles: [String] = [],
            packageProducts: [(name: String, package: String?)] = [], linksProxies: [(project: String, file: String, target: String)] = [],
            dependenciesOnRemovedTargets: [String] = [], sources: [String] = [], platformFilters: [String: String] = [:]
        ) {
            self.name = name
            self.productType = productType
            self.productFile = productFile
            self.settings = settings
            self.dependencies = dependencies
            self.linksBuiltProducts = linksBuiltProducts
            self.linksFiles = linksFiles
            self.packageProducts = packageProducts
            self.linksProxies = linksProxies
            self.dependenciesOnRemovedTargets = dependenciesOnRemovedTargets
            self.sources = sources
            self.platformFilters = platformFilters
        }
    }

    public var targets: [Target]
    /// `XCRemoteSwiftPackageReference`s by key: the repository's URL.
    public var remotePackages: [String: String]
    /// `XCLocalSwiftPackageReference`s by key: the folder, relative to the project's folder.
    public var localPackages: [String: String]
    /// The project's build settings.
    public var settings: [String: String]
    /// Projects it refers to (`projectReferences`) that no target uses, relative to its folder (Passepartout's `Demo.xcodeproj`).
    public var unusedProjectReferences: [String] = []

    public init(
        targets: [Target], remotePackages: [String: String] = [:], localPackages: [String: String] = [:], settings: [String: String] = [:]
    ) {
        self.targets = targets
        self.remotePackages = remotePackages
        self.localPackages = localPackages
        self.settings = settings
    }

    /// The extension of a product type's file.
    static func fileExtension(_ type: String) -> String {
        switch type {
        case "application": "app"
        case "app-extension": "appex"
        case "framework": "framework"
        case "library.static": "a"
        case "bundle.unit-test", "bundle.ui-testing": "xctest"
        case "tool": ""
        default: "bundle"
        }
    }

    /// The `project.pbxproj` text.
    public var text: String {
        var counter = 0
        func id() -> String {
            counter += 1
            let hex = String(counter, radix: 16, uppercase: true)
            return "AA" + String(repeating: "0", count: 22 - hex.count) + hex
        }
        func quoted(_ text: String) -> String {
            let plain = !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_$+/:.-".contains($0)) }
            return plain ? text : "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        func settingsText(_ settings: [String: String]) -> String {
            settings.keys.sorted().map { "\t\t\t\t\(quoted($0)) = \(quoted(settings[$0] ?? ""));\n" }.joined()
        }
        var sections: [String: [String]] = [:]
        func add(_ isa: String, _ line: String) { sections[isa, default: []].append(line) }

        let projectID = id()
        let mainGroup = id()
        var mainChildren: [String] = []
        var remoteIDs: [String: String] = [:]
        for key in remotePackages.keys.sorted() {
            let referenceID = id()
            remoteIDs[key] = referenceID
            add(
                "XCRemoteSwiftPackageReference",
                "\t\t\(referenceID) /* XCRemoteSwiftPackageReference \"\(key)\" */ = {\n\t\t\tisa = XCRemoteSwiftPackageReference;\n"
                    + "\t\t\trepositoryURL = \(quoted(remotePackages[key] ?? ""));\n\t\t\trequirement = {\n\t\t\t\tkind = upToNextMajorVersion;\n"
                    + "\t\t\t\tminimumVersion = 1.0.0;\n\t\t\t};\n\t\t};")
        }
        for key in localPackages.keys.sorted() {
            let referenceID = id()
            remoteIDs[key] = referenceID
            add(
                "XCLocalSwiftPackageReference",
                "\t\t\(referenceID) /* XCLocalSwiftPackageReference \"\(key)\" */ = {\n\t\t\tisa = XCLocalSwiftPackageReference;\n"
                    + "\t\t\trelativePath = \(quoted(localPackages[key] ?? ""));\n\t\t};")
        }
        // Product files and target ids first: dependencies name them.
        var targetIDs: [String: String] = [:]
        var productIDs: [String: String] = [:]
        for target in targets {
            targetIDs[target.name] = id()
            let productID = id()
            productIDs[target.name] = productID
            let ext = Self.fileExtension(target.productType)
            let file = target.productFile ?? (ext.isEmpty ? target.name : target.name + "." + ext)
            add(
                "PBXFileReference",
                "\t\t\(productID) /* \(file) */ = {isa = PBXFileReference; explicitFileType = wrapper.\(ext.isEmpty ? "tool" : ext); "
                    + "includeInIndex = 0; path = \(quoted(file)); sourceTree = BUILT_PRODUCTS_DIR; };")
        }
        var projectReferences: [String] = []
        var projectFileIDs: [String: String] = [:]
        var listed: [String] = []
        for path in unusedProjectReferences {
            let projectFile = id()
            projectFileIDs[path] = projectFile
            mainChildren.append(projectFile)
            add(
                "PBXFileReference",
                "\t\t\(projectFile) /* \(path) */ = {isa = PBXFileReference; lastKnownFileType = \"wrapper.pb-project\"; path = \(quoted(path)); sourceTree = \"<group>\"; };")
            let productGroup = id()
            add("PBXGroup", "\t\t\(productGroup) /* Products */ = {isa = PBXGroup; children = (); name = Products; sourceTree = \"<group>\"; };")
            projectReferences.append("\t\t\t\t{\n\t\t\t\t\tProductGroup = \(productGroup) /* Products */;\n\t\t\t\t\tProjectRef = \(projectFile);\n\t\t\t\t},\n")
        }
        let configurationList = id()
        let projectConfiguration = id()
        for target in targets {
            guard let targetID = targetIDs[target.name] else { continue }
            var dependencyIDs: [String] = []
            // A dependency on a target here names it twice (`target` and the proxy); one on a target no
            // longer here names, through its proxy only, an id no target has.
            let named = target.dependencies.map { ($0, true) } + target.dependenciesOnRemovedTargets.map { ($0, false) }
            for (name, isHere) in named {
                let dependencyID = id()
                let proxyID = id()
                dependencyIDs.append(dependencyID)
                let remote = isHere ? targetIDs[name] ?? "FFFFFFFFFFFFFFFFFFFFFFFF" : id()
                add(
                    "PBXContainerItemProxy",
                    "\t\t\(proxyID) /* PBXContainerItemProxy */ = {isa = PBXContainerItemProxy; containerPortal = \(projectID) /* Project object */; "
                        + "proxyType = 1; remoteGlobalIDString = \(remote); remoteInfo = \(quoted(name)); };")
                let filter = target.platformFilters[name].map { "platformFilter = \($0); " } ?? ""
                let direct = isHere ? "\t\t\t\(filter)target = \(remote) /* \(name) */;\n" : ""
                add(
                    "PBXTargetDependency",
                    "\t\t\(dependencyID) /* PBXTargetDependency */ = {\n\t\t\tisa = PBXTargetDependency;\n\(direct)"
                        + "\t\t\ttargetProxy = \(proxyID) /* PBXContainerItemProxy */;\n\t\t};")
            }
            var linked: [String] = []
            func buildFile(_ reference: String, _ name: String, key: String = "fileRef") {
                let buildFileID = id()
                linked.append(buildFileID)
                add("PBXBuildFile", "\t\t\(buildFileID) /* \(name) in Frameworks */ = {isa = PBXBuildFile; \(key) = \(reference) /* \(name) */; };")
            }
            for file in target.linksBuiltProducts {
                let fileID = id()
                add(
                    "PBXFileReference",
                    "\t\t\(fileID) /* \(file) */ = {isa = PBXFileReference; explicitFileType = wrapper.framework; path = \(quoted(file)); sourceTree = BUILT_PRODUCTS_DIR; };")
                buildFile(fileID, file)
            }
            for path in target.linksFiles {
                let fileID = id()
                mainChildren.append(fileID)
                add(
                    "PBXFileReference",
                    "\t\t\(fileID) /* \(path) */ = {isa = PBXFileReference; lastKnownFileType = wrapper.framework; path = \(quoted(path)); sourceTree = \"<group>\"; };")
                buildFile(fileID, path)
            }
            for proxy in target.linksProxies {
                let projectFile: String
                if let known = projectFileIDs[proxy.project] {
                    projectFile = known
                } else {
                    projectFile = id()
                    projectFileIDs[proxy.project] = projectFile
                    mainChildren.append(projectFile)
                    add(
                        "PBXFileReference",
                        "\t\t\(projectFile) /* \(proxy.project) */ = {isa = PBXFileReference; lastKnownFileType = \"wrapper.pb-project\"; path = \(quoted(proxy.project)); sourceTree = \"<group>\"; };")
                    let productGroup = id()
                    add("PBXGroup", "\t\t\(productGroup) /* Products */ = {isa = PBXGroup; children = (); name = Products; sourceTree = \"<group>\"; };")
                    projectReferences.append("\t\t\t\t{\n\t\t\t\t\tProductGroup = \(productGroup) /* Products */;\n\t\t\t\t\tProjectRef = \(projectFile);\n\t\t\t\t},\n")
                }
                let proxyID = id()
                let referenceProxy = id()
                add(
                    "PBXContainerItemProxy",
                    "\t\t\(proxyID) /* PBXContainerItemProxy */ = {isa = PBXContainerItemProxy; containerPortal = \(projectFile); proxyType = 2; "
                        + "remoteGlobalIDString = \(id()); remoteInfo = \(quoted(proxy.target)); };")
                add(
                    "PBXReferenceProxy",
                    "\t\t\(referenceProxy) /* \(proxy.file) */ = {isa = PBXReferenceProxy; fileType = wrapper.framework; path = \(quoted(proxy.file)); "
                        + "remoteRef = \(proxyID) /* PBXContainerItemProxy */; sourceTree = BUILT_PRODUCTS_DIR; };")
                buildFile(referenceProxy, proxy.file)
            }
            var products: [String] = []
            for product in target.packageProducts {
                let productID = id()
                products.append(productID)
                let package = product.package.flatMap { remoteIDs[$0] }.map { "\t\t\tpackage = \($0);\n" } ?? ""
                add(
                    "XCSwiftPackageProductDependency",
                    "\t\t\(productID) /* \(product.name) */ = {\n\t\t\tisa = XCSwiftPackageProductDependency;\n\(package)\t\t\tproductName = \(quoted(product.name));\n\t\t};")
                buildFile(productID, product.name, key: "productRef")
            }
            var sourceFiles: [String] = []
            for path in target.sources {
                let fileID = id()
                let buildFileID = id()
                mainChildren.append(fileID)
                sourceFiles.append(buildFileID)
                add("PBXFileReference", "\t\t\(fileID) /* \(path) */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = \(quoted(path)); sourceTree = \"<group>\"; };")
                add("PBXBuildFile", "\t\t\(buildFileID) /* \(path) in Sources */ = {isa = PBXBuildFile; fileRef = \(fileID) /* \(path) */; };")
            }
            let sourcesPhase = id()
            let frameworksPhase = id()
            add(
                "PBXSourcesBuildPhase",
                "\t\t\(sourcesPhase) /* Sources */ = {\n\t\t\tisa = PBXSourcesBuildPhase;\n\t\t\tbuildActionMask = 2147483647;\n\t\t\tfiles = (\n"
                    + sourceFiles.map { "\t\t\t\t\($0),\n" }.joined() + "\t\t\t);\n\t\t\trunOnlyForDeploymentPostprocessing = 0;\n\t\t};")
            add(
                "PBXFrameworksBuildPhase",
                "\t\t\(frameworksPhase) /* Frameworks */ = {\n\t\t\tisa = PBXFrameworksBuildPhase;\n\t\t\tbuildActionMask = 2147483647;\n\t\t\tfiles = (\n"
                    + linked.map { "\t\t\t\t\($0),\n" }.joined() + "\t\t\t);\n\t\t\trunOnlyForDeploymentPostprocessing = 0;\n\t\t};")
            let list = id()
            let configuration = id()
            add(
                "XCBuildConfiguration",
                "\t\t\(configuration) /* Release */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n\(settingsText(target.settings))\t\t\t};\n\t\t\tname = Release;\n\t\t};")
            add(
                "XCConfigurationList",
                "\t\t\(list) /* Build configuration list for PBXNativeTarget \"\(target.name)\" */ = {\n\t\t\tisa = XCConfigurationList;\n"
                    + "\t\t\tbuildConfigurations = (\n\t\t\t\t\(configuration) /* Release */,\n\t\t\t);\n\t\t\tdefaultConfigurationName = Release;\n\t\t};")
            add(
                "PBXNativeTarget",
                "\t\t\(targetID) /* \(target.name) */ = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tbuildConfigurationList = \(list);\n"
                    + "\t\t\tbuildPhases = (\n\t\t\t\t\(sourcesPhase) /* Sources */,\n\t\t\t\t\(frameworksPhase) /* Frameworks */,\n\t\t\t);\n"
                    + "\t\t\tdependencies = (\n" + dependencyIDs.map { "\t\t\t\t\($0),\n" }.joined() + "\t\t\t);\n"
                    + "\t\t\tname = \(quoted(target.name));\n"
                    + "\t\t\tpackageProductDependencies = (\n" + products.map { "\t\t\t\t\($0),\n" }.joined() + "\t\t\t);\n"
                    + "\t\t\tproductName = \(quoted(target.name));\n\t\t\tproductReference = \(productIDs[target.name] ?? "");\n"
                    + "\t\t\tproductType = \"com.apple.product-type.\(target.productType)\";\n\t\t};")
            listed.append(targetID)
        }
        add(
            "XCBuildConfiguration",
            "\t\t\(projectConfiguration) /* Release */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n\(settingsText(settings))\t\t\t};\n\t\t\tname = Release;\n\t\t};")
        add(
            "XCConfigurationList",
            "\t\t\(configurationList) /* Build configuration list for PBXProject */ = {\n\t\t\tisa = XCConfigurationList;\n"
                + "\t\t\tbuildConfigurations = (\n\t\t\t\t\(projectConfiguration) /* Release */,\n\t\t\t);\n\t\t\tdefaultConfigurationName = Release;\n\t\t};")
        add(
            "PBXGroup",
            "\t\t\(mainGroup) = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n" + mainChildren.map { "\t\t\t\t\($0),\n" }.joined()
                + "\t\t\t);\n\t\t\tsourceTree = \"<group>\";\n\t\t};")
        let packageReferences = remoteIDs.values.sorted().map { "\t\t\t\t\($0),\n" }.joined()
        add(
            "PBXProject",
            "\t\t\(projectID) /* Project object */ = {\n\t\t\tisa = PBXProject;\n\t\t\tbuildConfigurationList = \(configurationList);\n"
                + "\t\t\tcompatibilityVersion = \"Xcode 14.0\";\n\t\t\tmainGroup = \(mainGroup);\n"
                + "\t\t\tpackageReferences = (\n\(packageReferences)\t\t\t);\n\t\t\tprojectDirPath = \"\";\n"
                + (projectReferences.isEmpty ? "" : "\t\t\tprojectReferences = (\n" + projectReferences.joined() + "\t\t\t);\n")
                + "\t\t\tprojectRoot = \"\";\n\t\t\ttargets = (\n" + listed.map { "\t\t\t\t\($0),\n" }.joined() + "\t\t\t);\n\t\t};")
        var body = ""
        for isa in sections.keys.sorted() {
            body += "\n/* Begin \(isa) section */\n" + (sections[isa] ?? []).joined(separator: "\n") + "\n/* End \(isa) section */\n"
        }
        return "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 77;\n\tobjects = {\n"
            + body + "\t};\n\trootObject = \(projectID) /* Project object */;\n}\n"
    }

    /// The text of a `contents.xcworkspacedata` listing `locations` (`group:App/App.xcodeproj`, `group:external/Kit`).
    public static func workspace(_ locations: [String]) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Workspace\n   version = \"1.0\">\n"
            + locations.map { "   <FileRef\n      location = \"\($0)\">\n   </FileRef>\n" }.joined() + "</Workspace>\n"
    }

    /// The line of `text` holding `fragment` first (1-based); 0 when none does.
    public static func line(of fragment: String, in text: String) -> Int {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains(fragment) {
            return index + 1
        }
        return 0
    }
}
