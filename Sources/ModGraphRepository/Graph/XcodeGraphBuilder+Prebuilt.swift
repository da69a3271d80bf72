import ModGraphCore
import ModGraphManifest
import ModGraphXcode

/// Frameworks the projects link that no target of the workspace makes (a prebuilt
/// `Carthage/Build/iOS/Lottie.framework`, an `.xcframework`, a product of a project not loaded):
/// external product nodes of a package `<project>-prebuilt`, said in one note per project.
extension XcodeGraphBuilder {
    /// The module a prebuilt framework file brings (`Kit.framework`, `Kit.xcframework`: `Kit`); nil for a library
    /// (`libKit.a`), whose module is not told by its file's name, and for CocoaPods' `Pods_App.framework`, which
    /// only links the pods (the Podfile says which, as their own nodes).
    static func prebuiltModule(_ fileName: String) -> String? {
        let base = XcodePath.baseName(fileName)
        guard ["framework", "xcframework"].contains(XcodePath.pathExtension(fileName).lowercased()),
            !base.hasPrefix("Pods_"), !base.hasPrefix("Pods-")
        else { return nil }
        return base
    }

    /// The node package prebuilt frameworks a project links belong to: `<project>-prebuilt`, listed with the project's folder.
    func prebuiltIdentity(of project: XcodeProject, _ identities: ProjectIdentities, _ found: inout Found) -> PackageIdentity {
        let identity = PackageIdentity((identities.byPath[project.path]?.rawValue ?? project.name) + "-prebuilt")
        found.missingPackages[identity] = ("\(project.name) (prebuilt)", Paths.relative(XcodePath.parent(project.path), from: base))
        return identity
    }

    /// One note per project, however many frameworks it links (UTM links 79).
    static func prebuiltNotes(_ prebuilt: [String: Found.Prebuilt], projects: [XcodeProject]) -> [String] {
        var notes: [String] = []
        for project in projects {
            guard let prebuilt = prebuilt[project.path] else { continue }
            let files = prebuilt.files.sorted()
            if files.count == 1 {
                notes.append(
                    "\(prebuilt.at): target '\(prebuilt.target)' links \(files[0]), which no target of the workspace makes (prebuilt, or built elsewhere); shown as an external product")
            } else {
                let shown = files.prefix(3).joined(separator: ", ") + (files.count > 3 ? " and \(files.count - 3) more" : "")
                notes.append(
                    "\(prebuilt.at): \(files.count) frameworks the project's targets link are made by no target of the workspace (prebuilt, or built elsewhere): \(shown); shown as external products")
            }
        }
        return notes
    }
}
