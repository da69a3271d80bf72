import ModGraphCore
import ModGraphManifest
import ModGraphXcode

/// The pods each loaded Xcode target links, from the `Podfile`s beside the loaded projects and
/// workspaces (``Podfile``): CocoaPods integrates a target with the pods its `target` block
/// declares, which no `project.pbxproj` names (it links one `libPods-App.a` or `Pods_App.framework`).
///
/// Each Podfile is a package of the graph (origin ``PackageOrigin/cocoapods``, never loaded) whose
/// external products are its pods, one per pod (subspecs are their pod's), building the module
/// CocoaPods names by default (``Podfile/moduleName(ofPod:)``). A `target` block names the project
/// it is in with `project` (its own or inherited), else it is the project beside the Podfile that
/// has a target of that name.
struct CocoaPodsLinks {
    /// One Podfile read.
    struct Use {
        /// Absolute.
        let podfile: String
        var identity: PackageIdentity
        /// Project path → target name → the pods it links.
        var pods: [String: [String: [Podfile.Pod]]] = [:]
        /// Project path → target name → the pods it sees without linking them (`inherit! :search_paths`).
        var searchPaths: [String: [String: [Podfile.Pod]]] = [:]
    }

    private(set) var uses: [Use] = []
    private(set) var warnings: [LoadWarning] = []

    /// - Parameters:
    ///   - folders: where to look for a `Podfile`: the folders of the projects and workspaces loaded, absolute.
    ///   - taken: package identities the graph already has.
    init(projects: [XcodeProject], folders: [String], root: String?, taken: Set<PackageIdentity>) {
        let disk = XcodeDisk(root: root)
        var taken = taken
        var seen: Set<String> = []
        for folder in folders where seen.insert(folder).inserted {
            let path = XcodePath.join(folder, "Podfile")
            guard disk.isRegularFile(path) else { continue }
            let podfile: Podfile
            do {
                podfile = try Podfile.load(at: path, disk: disk)
            } catch {
                warnings.append(LoadWarning([.text(error.description + "; its pods are not shown")]))
                continue
            }
            for note in podfile.notes {
                warnings.append(LoadWarning([.path(path), .text(": \(note)")], isNote: true))
            }
            var use = Use(podfile: path, identity: PackageIdentity("pods"))
            let beside = projects.filter { XcodePath.parent($0.path) == folder }
            for target in podfile.targets where !target.pods.isEmpty || !target.searchPaths.isEmpty {
                let candidates: [XcodeProject]
                if let written = target.project {
                    let named = XcodePath.pathExtension(written) == "xcodeproj" ? written : written + ".xcodeproj"
                    let resolved = XcodePath.normalised(XcodePath.join(folder, named))
                    candidates = projects.filter { $0.path == resolved || InputDiscovery.canonical(resolved) == $0.path }
                } else {
                    candidates = beside
                }
                let having = candidates.filter { project in project.targets.contains { $0.name == target.name } }
                guard having.count == 1, let project = having.first else { continue }
                if !target.pods.isEmpty { use.pods[project.path, default: [:]][target.name] = target.pods }
                if !target.searchPaths.isEmpty { use.searchPaths[project.path, default: [:]][target.name] = target.searchPaths }
            }
            guard !use.pods.isEmpty || !use.searchPaths.isEmpty else { continue }
            var identity = PackageIdentity(uses.isEmpty ? "pods" : "pods-\(uses.count + 1)")
            while taken.contains(identity) { identity = PackageIdentity(identity.rawValue + "-cocoapods") }
            taken.insert(identity)
            use.identity = identity
            uses.append(use)
        }
    }
}
