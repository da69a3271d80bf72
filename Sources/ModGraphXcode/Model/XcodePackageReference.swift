import ModGraphCore

/// A Swift package a project depends on: an `XCRemoteSwiftPackageReference`
/// (by URL) or an `XCLocalSwiftPackageReference` (Xcode 15 and later, by
/// folder). Local packages added before Xcode 15 are folder references
/// instead; see ``XcodeProject/localPackageCandidates``.
public enum XcodePackageReference: Hashable, Sendable {
    /// `repositoryURL` as written.
    case remote(url: String)
    /// `relativePath` resolved against the project's source root: relative to
    /// the folder holding the `.xcodeproj` (or absolute, when written so).
    case local(path: String)

    /// The package's identity as SwiftPM derives it: the last component of
    /// the URL or folder, lowercased, without `.git`, so a product reached
    /// through Xcode and through a `Package.swift` meets the same package.
    public var identity: PackageIdentity {
        switch self {
        case let .remote(url): PackageIdentity(location: url)
        case let .local(path): PackageIdentity(location: path)
        }
    }
}
