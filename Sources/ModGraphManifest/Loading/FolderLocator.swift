/// Where a package dependency lives on disk, if anywhere: the canonical
/// folder of a `path:` dependency, or with ``ExternalsMode/expand`` the
/// checkout of a remote one.
struct FolderLocator: Sendable {
    let externals: ExternalsMode
    let checkouts: CheckoutIndex?

    /// The folder of `dependency`, declared in `manifest` whose folder is `directory`.
    func folder(of dependency: PackageDependency, declaredIn manifest: Manifest, at directory: String?) -> String? {
        switch dependency.kind {
        case .fileSystem:
            return Paths.canonical(location(of: dependency, declaredIn: manifest, at: directory))
        case .sourceControl, .registry:
            return externals == .expand ? checkouts?.folder(for: dependency.identity) : nil
        }
    }

    /// Where a `path:` dependency is, absolute, whether or not anything is there.
    func location(of dependency: PackageDependency, declaredIn manifest: Manifest, at directory: String?) -> String {
        Paths.absolute(dependency.location, relativeTo: directory ?? manifest.packageDirectory ?? "")
    }
}
