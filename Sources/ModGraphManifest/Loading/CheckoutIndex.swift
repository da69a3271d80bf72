import Foundation
import ModGraphCore
import ModGraphSystem

/// Finds the checkout of a remote package under `<root>/.build/checkouts/`
/// (or `<scratch>/checkouts/` for a build with `--scratch-path`).
///
/// SwiftPM names checkout folders after the repository, which is usually but
/// not always the identity, so `.build/workspace-state.json` is read first
/// and folder names (case-insensitively) are the fallback.
struct CheckoutIndex: Sendable {
    private let folders: [PackageIdentity: String]

    init(rootDirectory: String, scratchDirectory: String? = nil) {
        let scratch = scratchDirectory ?? Paths.absolute(".build", relativeTo: rootDirectory)
        let checkouts = Paths.absolute("checkouts", relativeTo: scratch)
        var folders: [PackageIdentity: String] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: checkouts)) ?? []
        for name in names.sorted() {
            let path = Paths.absolute(name, relativeTo: checkouts)
            if FileStatus.isFolder(path), let canonical = Paths.canonical(path) {
                folders[PackageIdentity(name), default: canonical] = canonical
            }
        }
        let statePath = Paths.absolute("workspace-state.json", relativeTo: scratch)
        if let data = FileManager.default.contents(atPath: statePath),
            let state = try? JSONDecoder().decode(WorkspaceState.self, from: data)
        {
            for dependency in state.object.dependencies {
                guard let subpath = dependency.subpath,
                    let canonical = Paths.canonical(Paths.absolute(subpath, relativeTo: checkouts))
                else { continue }
                folders[PackageIdentity(dependency.packageRef.identity)] = canonical
            }
        }
        self.folders = folders
    }

    func folder(for identity: PackageIdentity) -> String? {
        guard let folder = folders[identity],
            FileManager.default.fileExists(atPath: Paths.absolute("Package.swift", relativeTo: folder))
        else { return nil }
        return folder
    }

    private struct WorkspaceState: Decodable {
        struct Object: Decodable { let dependencies: [Dependency] }
        struct Dependency: Decodable {
            struct Reference: Decodable { let identity: String }
            let packageRef: Reference
            let subpath: String?
        }
        let object: Object
    }
}
