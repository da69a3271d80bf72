import Foundation

/// A provider that can hand over the dump itself, so that a cache can store
/// the bytes and decode them again later, and can say which toolchain made it.
public protocol DumpSource: ManifestProvider {
    /// What `swift package dump-package` printed for the package in `directory`.
    func dump(forPackageAt directory: String) throws(LoadError) -> Data
    /// The toolchain's description of itself (`swift --version`); `nil` when it cannot tell.
    func toolchainVersion() -> String?
    /// The toolchain's files: while their paths, sizes and times are unchanged,
    /// so is ``toolchainVersion()``, which can then be remembered instead of run.
    func toolchainFiles() -> [String]
}
