import ModGraphCore
import ModGraphManifest
import ModGraphXcode

/// The pods each loaded Xcode target links, from the `Podfile`s beside the loaded projects and
/// workspaces (``Podfile``): CocoaPods integrates a target with the pods its `target` block
/// declares, which no `project.pbxproj` names (it links one `libPods-App.a` or `Pods_App.framework`).
///
/// Each Podfile is a package of the graph (origin ``PackageOrigin/cocoapods``, never loaded) whose
/// external products are its pods, one per pod (subspecs are their pod's), building the module
/// CocoaPods names by default (``ModuleIdentifier/c99(_:)``). A `target` block names the project
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
        /// Pod → the module its local podspec names (`module_name`), when it names one.
        var moduleNames: [String: String] = [:]
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
            let local = Self.localPodspecs(of: podfile, in: folder, disk: disk)
            use.moduleNames = local.compactMapValues(\.moduleName)
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
                guard having.count == 1, let project = having.first else {
                    warnings.append(Self.unplaced(target, of: path, candidates: candidates, having: having))
                    continue
                }
                let pods = Self.withDependencies(target.pods, local)
                let searchPaths = Self.withDependencies(target.searchPaths, local)
                if !pods.isEmpty { use.pods[project.path, default: [:]][target.name] = pods }
                if !searchPaths.isEmpty { use.searchPaths[project.path, default: [:]][target.name] = searchPaths }
            }
            guard !use.pods.isEmpty || !use.searchPaths.isEmpty else { continue }
            var identity = PackageIdentity(uses.isEmpty ? "pods" : "pods-\(uses.count + 1)")
            while taken.contains(identity) { identity = PackageIdentity(identity.rawValue + "-cocoapods") }
            taken.insert(identity)
            use.identity = identity
            uses.append(use)
        }
    }

    /// Why the Podfile's `target` block links nothing in the graph: no project loaded is the one it names
    /// (or beside the Podfile), none of those has a target of its name (otoaka-ios's `target 'Rocket'`, whose
    /// spec names its app targets otherwise), or several have one and the block names no `project`.
    private static func unplaced(
        _ target: Podfile.Target, of podfile: String, candidates: [XcodeProject], having: [XcodeProject]
    ) -> LoadWarning {
        func names(_ projects: [XcodeProject]) -> [LoadWarning.Part] {
            projects.enumerated().flatMap { index, project -> [LoadWarning.Part] in
                (index == 0 ? [] : [.text(index == projects.count - 1 ? " and " : ", ")]) + [.path(project.path)]
            }
        }
        let head: [LoadWarning.Part] = [.path(podfile), .text(":\(target.line): target '\(target.name)' ")]
        let tail = LoadWarning.Part.text("; its pods are not shown")
        if candidates.isEmpty {
            let place = target.project.map { "is in '\($0)', which is not loaded" } ?? "has no project loaded beside the Podfile"
            return LoadWarning(head + [.text(place), tail])
        }
        if having.isEmpty {
            return LoadWarning(head + [.text("is no target of ")] + names(candidates) + [tail])
        }
        return LoadWarning(head + [.text("is a target of ")] + names(having) + [.text(": name its project with `project`"), tail])
    }

    /// More pods than a target links; the dependencies of local pods past it are not followed.
    static let maximumPodsPerTarget = 1_000

    /// The podspecs of the Podfile's local pods (`:path`), by pod: `<path>/<Pod>.podspec`, read when inside the root.
    private static func localPodspecs(of podfile: Podfile, in folder: String, disk: XcodeDisk) -> [String: Podspec] {
        var result: [String: Podspec] = [:]
        for target in podfile.targets {
            for pod in target.pods + target.searchPaths where result[pod.name] == nil {
                guard let path = pod.path else { continue }
                let file = XcodePath.normalised(XcodePath.join(XcodePath.join(folder, path), pod.name + ".podspec"))
                guard disk.isRegularFile(file), let spec = try? Podspec.load(at: file, disk: disk) else { continue }
                result[pod.name] = spec
            }
        }
        return result
    }

    /// `pods` and, after them, the pods local ones depend on, transitively (CocoaPods integrates each into
    /// the target), each declared at the line of the pod that brings it in.
    static func withDependencies(_ pods: [Podfile.Pod], _ local: [String: Podspec]) -> [Podfile.Pod] {
        var result = pods
        var seen = Set(pods.map(\.name))
        var index = 0
        while index < result.count, result.count < maximumPodsPerTarget {
            let pod = result[index]
            index += 1
            for dependency in local[pod.name]?.dependencies ?? [] where seen.insert(dependency).inserted {
                result.append(Podfile.Pod(written: dependency, line: pod.line, path: nil))
            }
        }
        return result
    }
}
