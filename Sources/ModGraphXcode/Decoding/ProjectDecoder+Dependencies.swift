/// The three ways a target declares what it needs: target dependencies,
/// product files in *Link Binary With Libraries* and *Copy Files* phases, and
/// Swift package products. Each follows at most a fixed number of ids
/// (dependency → proxy → project file), never a chain, so a proxy that names
/// itself or a cycle of proxies costs nothing more than a wrong id.
extension ProjectDecoder {
    /// A `PBXTargetDependency`: its `target` in this project, else its
    /// `targetProxy`, or its `productRef` for a package plugin. Warnings name
    /// the target and the line of the dependency, never an object id.
    mutating func targetDependency(_ id: String, of target: ProjectObjects.Object, named targetName: String) -> XcodeDependency? {
        guard let dependency = objects.object(id, isa: ["PBXTargetDependency"]) else {
            let found = objects.object(id).map { "a \($0.isa)" } ?? "an object the file does not have"
            warn("target '\(targetName)': one of its target dependencies is \(found), not a PBXTargetDependency; skipped", line: target.line)
            return nil
        }
        let filters = Self.platformFilters(of: dependency)
        if let productID = dependency.text("productRef") {
            guard let product = packageProduct(productID, of: targetName, referredAt: dependency.line) else { return nil }
            return XcodeDependency(
                reference: .packageProduct(product), declaration: .targetDependency, platformFilters: filters, line: dependency.line)
        }
        if let targetID = dependency.text("target"), let name = targetNames[targetID] {
            return XcodeDependency(
                reference: .target(id: targetID, name: name, project: nil), declaration: .targetDependency, platformFilters: filters,
                line: dependency.line)
        }
        let proxy = objects.object(dependency.text("targetProxy"), isa: ["PBXContainerItemProxy"])
        guard let proxy, let reference = proxyReference(proxy, fileName: nil) else {
            // The proxy's `remoteInfo` is the name Xcode showed; the target it named is gone.
            let named = proxy?.text("remoteInfo") ?? dependency.text("name")
            let inThisProject = proxy?.text("containerPortal") == rootID
            let what =
                named.map { "'\($0)' (" + (inThisProject ? "a target no longer in the project" : "of a project the reference to which leads nowhere") + ")" }
                ?? "a target neither this nor another project has"
            warn("target '\(targetName)' depends on \(what); skipped", line: dependency.line)
            return nil
        }
        return XcodeDependency(reference: reference, declaration: .targetDependency, platformFilters: filters, line: dependency.line)
    }

    /// What a `PBXContainerItemProxy` points at. `proxyType` 2 points at a
    /// product file (for a `PBXReferenceProxy`), 1 at a target.
    mutating func proxyReference(_ proxy: ProjectObjects.Object, fileName: String?) -> XcodeDependency.Reference? {
        guard let remoteID = proxy.text("remoteGlobalIDString"), let portal = proxy.text("containerPortal") else { return nil }
        let isProduct = proxy.string("proxyType") == "2"
        if portal == rootID {
            let targetID = isProduct ? targetsByProduct[remoteID] : remoteID
            guard let targetID, let name = targetNames[targetID] else { return nil }
            return .target(id: targetID, name: name, project: nil)
        }
        guard let project = projectPath(ofPortal: portal, referredAt: proxy.line) else { return nil }
        let name = proxy.text("remoteInfo")
        if isProduct {
            return .productOfTarget(productReference: remoteID, fileName: fileName, name: name, project: project)
        }
        return .target(id: remoteID, name: name, project: project)
    }

    /// A `PBXBuildFile` of a link or copy phase, when it is a product: of a
    /// target here (its `productReference`), of another project's target (a
    /// `PBXReferenceProxy`), of a package (`productRef`), or a file the build
    /// makes (`BUILT_PRODUCTS_DIR`). SDK and vendored files are not
    /// dependencies on anything the workspace builds, and are not returned.
    mutating func buildFileDependency(_ id: String, declaration: XcodeDependency.Declaration, of targetName: String) -> XcodeDependency? {
        guard let buildFile = objects.object(id, isa: ["PBXBuildFile"]) else { return nil }
        let filters = Self.platformFilters(of: buildFile)
        if let productID = buildFile.text("productRef") {
            guard let product = packageProduct(productID, of: targetName, referredAt: buildFile.line) else { return nil }
            return XcodeDependency(
                reference: .packageProduct(product), declaration: declaration, platformFilters: filters, line: buildFile.line)
        }
        guard let file = objects.object(buildFile.text("fileRef")) else { return nil }
        let reference: XcodeDependency.Reference?
        switch file.isa {
        case "PBXFileReference":
            if let targetID = targetsByProduct[file.id], let name = targetNames[targetID] {
                reference = .target(id: targetID, name: name, project: nil)
            } else if case let .builtProduct(path) = locator.location(of: file.id), !path.isEmpty {
                reference = .builtProduct(fileName: XcodePath.lastComponent(path))
            } else if case let .path(path) = locator.location(of: file.id), !Self.isSystemPath(path),
                let name = (file.text("path") ?? file.text("name")).map(XcodePath.lastComponent), Self.isProductFile(name)
            {
                // A framework or library linked from a folder of the checkout (`Carthage/Build/iOS/Kit.framework`):
                // what a target of the workspace makes under the same name is what Xcode's search paths find.
                reference = .builtProduct(fileName: name)
            } else {
                reference = nil
            }
        case "PBXReferenceProxy":
            let fileName = (file.text("path") ?? file.text("name")).map(XcodePath.lastComponent)
            reference = objects.object(file.text("remoteRef"), isa: ["PBXContainerItemProxy"])
                .flatMap { proxyReference($0, fileName: fileName) }
        default:
            reference = nil
        }
        return reference.map { XcodeDependency(reference: $0, declaration: declaration, platformFilters: filters, line: buildFile.line) }
    }

    /// Whether an absolute path is the system's or a developer tool's (`/System/Library/Frameworks/…`), never
    /// a product of the workspace.
    static func isSystemPath(_ path: String) -> Bool {
        ["/System/", "/Library/", "/usr/", "/Applications/", "/opt/"].contains { path.hasPrefix($0) }
    }

    /// Whether a file linked by name may be another target's product, or a prebuilt one: a framework
    /// (an `.xcframework` too) or a library.
    static func isProductFile(_ name: String) -> Bool {
        ["framework", "xcframework", "a", "dylib"].contains(XcodePath.pathExtension(name).lowercased())
    }

    /// An `XCSwiftPackageProductDependency`, decoded once; `line` is where target `targetName`
    /// refers to it, for the warning when it is not one.
    mutating func packageProduct(_ id: String, of targetName: String? = nil, referredAt line: Int? = nil) -> XcodePackageProduct? {
        if let known = packageProducts[id] { return known }
        var product: XcodePackageProduct?
        let object = objects.object(id, isa: ["XCSwiftPackageProductDependency"])
        if let object, let raw = object.text("productName") {
            let isPlugin = raw.hasPrefix("plugin:")
            let name = isPlugin ? String(raw.dropFirst("plugin:".count)) : raw
            let package = object.text("package").flatMap { packageReference($0, referredAt: object.line) }
            product = XcodePackageProduct(name: name, isPlugin: isPlugin, package: package)
        } else {
            let whose = targetName.map { "target '\($0)': " } ?? ""
            warn(
                "\(whose)a package product it uses is not an XCSwiftPackageProductDependency with a productName; skipped",
                line: object?.line ?? line)
        }
        packageProducts[id] = product
        return product
    }

    /// An `XCRemoteSwiftPackageReference` or `XCLocalSwiftPackageReference`, decoded once.
    mutating func packageReference(_ id: String, referredAt line: Int? = nil) -> XcodePackageReference? {
        if let known = packageReferences[id] { return known }
        let object = objects.object(id)
        var reference: XcodePackageReference?
        switch object?.isa {
        case "XCRemoteSwiftPackageReference":
            reference = object?.text("repositoryURL").map { .remote(url: $0) }
        case "XCLocalSwiftPackageReference":
            reference = object?.text("relativePath").map { .local(path: XcodePath.join(sourceRoot, $0)) }
        default:
            break
        }
        if reference == nil {
            warn("a package reference is not an XCRemote/XCLocalSwiftPackageReference with a URL or path; skipped", line: object?.line ?? line)
        }
        packageReferences[id] = reference
        return reference
    }

    /// `platformFilter` and `platformFilters`, as written.
    static func platformFilters(of object: ProjectObjects.Object) -> [String] {
        var filters = object.strings("platformFilters")
        if let single = object.text("platformFilter"), !filters.contains(single) { filters.insert(single, at: 0) }
        return filters
    }
}
