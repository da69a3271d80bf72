import ModGraphCore

/// Where targets and their dependencies are written, looked up for the rules
/// so that a finding is located when it is created. Reading `Package.swift`
/// and naming files relative to the current folder are I/O, which this module
/// leaves to its caller (the CLI implements this with `ManifestLocator`).
public protocol ManifestLines: Sendable {
    /// The manifest of `package` as reports name it; `nil` when it cannot be read.
    func manifestFile(of package: PackageIdentity) -> String?
    /// The 1-based line of the declaration of `target` in its package's manifest.
    func line(ofTarget target: String, package: PackageIdentity) -> Int?
    /// The 1-based line where `target` names `dependency` (a target or product name).
    func line(ofDependency dependency: String, inTarget target: String, package: PackageIdentity) -> Int?
    /// `path` as reports name it (the configuration file, a source file).
    func reportedPath(_ path: String) -> String
    /// The file where `target` names `dependency`, as reports name it, when it is not the
    /// manifest (an Xcode target's pod, declared in a `Podfile`); nil: the manifest.
    func file(ofDependency dependency: String, inTarget target: String, package: PackageIdentity) -> String?
    /// The file `target` is declared in, as reports name it, when it is not ``manifestFile(of:)``
    /// (an XcodeGen target written in a file the spec includes); nil: the manifest.
    func file(ofTarget target: String, package: PackageIdentity) -> String?
}

extension ManifestLines {
    public func file(ofTarget target: String, package: PackageIdentity) -> String? { nil }
}

extension ManifestLines {
    public func file(ofDependency dependency: String, inTarget target: String, package: PackageIdentity) -> String? { nil }
}

/// No manifest to read: findings point at their source line or their
/// configuration entry, with paths as written. For tests and benchmarks.
public struct UnreadManifests: ManifestLines {
    public init() {}

    public func manifestFile(of package: PackageIdentity) -> String? { nil }
    public func line(ofTarget target: String, package: PackageIdentity) -> Int? { nil }
    public func line(ofDependency dependency: String, inTarget target: String, package: PackageIdentity) -> Int? { nil }
    public func reportedPath(_ path: String) -> String { path }
}

extension ManifestLines where Self == UnreadManifests {
    /// No manifest to read.
    public static var unread: UnreadManifests { UnreadManifests() }
}
