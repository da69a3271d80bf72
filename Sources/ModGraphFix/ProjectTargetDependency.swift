import ModGraphXcode

/// Adding another target of the same project to a target of a `project.pbxproj`, the way
/// Xcode adds one in *Build Phases › Target Dependencies* and *Frameworks, Libraries, and
/// Embedded Content*: a `PBXContainerItemProxy` pointing at the target within this project
/// (`proxyType = 1`), a `PBXTargetDependency` through it and its line in the target's
/// `dependencies`; for a framework or library, a `PBXBuildFile` of its product in the
/// target's Frameworks phase; and for a framework an application links, another build file
/// of it in the application's *Embed Frameworks* phase (made when the application has none).
/// Ids and sections as ``adding(product:of:to:heldLocally:)`` writes them.
///
/// Refused: a target that already depends on it, a name that would need quoting, a product
/// the target cannot link (an application, a bundle) unless the target is a test bundle (which
/// imports its host's module without linking it), a target without one Frameworks phase.
extension ProjectEditor {
    /// The product types a target links as a library: its module is imported by linking the product.
    static let linkedProductTypes: Set<String> = [
        "com.apple.product-type.framework", "com.apple.product-type.framework.static", "com.apple.product-type.library.static",
        "com.apple.product-type.library.dynamic",
    ]

    /// `text` with the target `dependency` added to `target`'s dependencies, linked, and embedded where an application needs it.
    public func adding(targetDependency dependency: String, to target: String) throws(ManifestRefusal) -> String {
        guard Self.isPlain(dependency), Self.isPlain(target) else {
            throw ManifestRefusal(reason: "the target's name \"\(dependency)\" is not one fix writes into a project file: add it in Xcode")
        }
        let targetID = try nativeTarget(named: target)
        let dependencyID = try nativeTarget(named: dependency)
        if strings(targetID, "dependencies").contains(where: { field($0, "target") == dependencyID }) {
            throw ManifestRefusal(reason: "target \"\(target)\" already depends on target \"\(dependency)\"")
        }
        guard let project = objects.keys.first(where: { isa($0) == "PBXProject" }) else {
            throw ManifestRefusal(reason: "the project has no project object")
        }
        let links = Self.linkedProductTypes.contains(field(dependencyID, "productType") ?? "")
        let targetType = field(targetID, "productType") ?? ""
        guard links || targetType.hasPrefix("com.apple.product-type.bundle.") else {
            throw ManifestRefusal(
                reason:
                    "target \"\(dependency)\" is not a framework or library that \"\(target)\" can link: make the edit the finding says in Xcode"
            )
        }
        var ids = IDMaker(taken: Set(objects.keys), text: text)
        let proxyID = ids.make(from: ["proxy", target, dependency])
        let targetDependencyID = ids.make(from: ["target dependency", target, dependency])
        var edited = EditedLines(lines)
        try edited.insert(
            object: [
                "\t\t\(proxyID) /* PBXContainerItemProxy */ = {", "\t\t\tisa = PBXContainerItemProxy;",
                "\t\t\tcontainerPortal = \(project) /* Project object */;", "\t\t\tproxyType = 1;",
                "\t\t\tremoteGlobalIDString = \(dependencyID);", "\t\t\tremoteInfo = \(dependency);", "\t\t};",
            ], id: proxyID, section: "PBXContainerItemProxy")
        try edited.insert(
            object: [
                "\t\t\(targetDependencyID) /* PBXTargetDependency */ = {", "\t\t\tisa = PBXTargetDependency;",
                "\t\t\ttarget = \(dependencyID) /* \(dependency) */;", "\t\t\ttargetProxy = \(proxyID) /* PBXContainerItemProxy */;",
                "\t\t};",
            ], id: targetDependencyID, section: "PBXTargetDependency")
        try edited.append("\(targetDependencyID) /* PBXTargetDependency */,", toList: "dependencies", of: targetID)
        var phases: [(id: String, file: String)] = []
        if links { phases = try link(dependencyID, named: dependency, into: targetID, named: target, &edited, &ids) }
        let result = edited.text
        guard case let .dictionary(root)? = try? OpenStepParser.parse(Array(result.utf8)), let after = root["objects"]?.dictionary,
            after[targetID]?.dictionary?["dependencies"]?.strings.contains(targetDependencyID) == true,
            after[targetDependencyID]?.dictionary?["target"]?.string == dependencyID,
            after[proxyID]?.dictionary?["remoteGlobalIDString"]?.string == dependencyID,
            phases.allSatisfy({ phase in after[phase.id]?.dictionary?["files"]?.strings.contains(phase.file) == true })
        else {
            throw ManifestRefusal(reason: "the project is not written as Xcode writes it, so the target was not added; nothing was changed")
        }
        return result
    }

    /// Links the product of `dependencyID` in `targetID`'s Frameworks phase and, when the target is an
    /// application and the product a framework, embeds it; the phases and build files added, to check.
    private func link(
        _ dependencyID: String, named dependency: String, into targetID: String, named target: String, _ edited: inout EditedLines,
        _ ids: inout IDMaker
    ) throws(ManifestRefusal) -> [(id: String, file: String)] {
        guard let product = field(dependencyID, "productReference"), let name = comment(of: product, multiLine: false), Self.isPlain(name)
        else {
            throw ManifestRefusal(reason: "target \"\(dependency)\" has no product written as Xcode writes it: add it in Xcode")
        }
        let frameworks = strings(targetID, "buildPhases").filter { isa($0) == "PBXFrameworksBuildPhase" }
        guard frameworks.count == 1, let phase = frameworks.first else {
            throw ManifestRefusal(reason: "target \"\(target)\" has \(frameworks.count) Frameworks phases: add the target in Xcode")
        }
        let linkID = ids.make(from: ["link", target, dependency])
        try edited.insert(
            object: ["\t\t\(linkID) /* \(name) in Frameworks */ = {isa = PBXBuildFile; fileRef = \(product) /* \(name) */; };"],
            id: linkID, section: "PBXBuildFile")
        try edited.append("\(linkID) /* \(name) in Frameworks */,", toList: "files", of: phase)
        var added = [(id: phase, file: linkID)]
        let isApplication = (field(targetID, "productType") ?? "").hasPrefix("com.apple.product-type.application")
        guard isApplication, field(dependencyID, "productType") == "com.apple.product-type.framework" else { return added }
        let embedID = ids.make(from: ["embed", target, dependency])
        try edited.insert(
            object: [
                "\t\t\(embedID) /* \(name) in Embed Frameworks */ = {isa = PBXBuildFile; fileRef = \(product) /* \(name) */; "
                    + "settings = {ATTRIBUTES = (CodeSignOnCopy, RemoveHeadersOnCopy, ); }; };"
            ], id: embedID, section: "PBXBuildFile")
        // Xcode's Embed Frameworks phase copies into the Frameworks folder (dstSubfolderSpec 10).
        let embedding = strings(targetID, "buildPhases").filter {
            isa($0) == "PBXCopyFilesBuildPhase" && field($0, "dstSubfolderSpec") == "10"
        }
        guard embedding.count <= 1 else {
            throw ManifestRefusal(
                reason: "target \"\(target)\" has \(embedding.count) phases that embed frameworks: add the target in Xcode")
        }
        if let existing = embedding.first {
            try edited.append("\(embedID) /* \(name) in Embed Frameworks */,", toList: "files", of: existing)
            added.append((existing, embedID))
        } else {
            let phaseID = ids.make(from: ["embed phase", target])
            try edited.insert(
                object: [
                    "\t\t\(phaseID) /* Embed Frameworks */ = {", "\t\t\tisa = PBXCopyFilesBuildPhase;",
                    "\t\t\tbuildActionMask = 2147483647;",
                    "\t\t\tdstPath = \"\";", "\t\t\tdstSubfolderSpec = 10;", "\t\t\tfiles = (",
                    "\t\t\t\t\(embedID) /* \(name) in Embed Frameworks */,", "\t\t\t);", "\t\t\tname = \"Embed Frameworks\";",
                    "\t\t\trunOnlyForDeploymentPostprocessing = 0;", "\t\t};",
                ], id: phaseID, section: "PBXCopyFilesBuildPhase")
            try edited.append("\(phaseID) /* Embed Frameworks */,", toList: "buildPhases", of: targetID)
            added.append((phaseID, embedID))
        }
        return added
    }
}
