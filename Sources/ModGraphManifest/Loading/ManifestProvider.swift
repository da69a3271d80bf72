/// Where manifests come from: one package folder in, one decoded manifest out.
///
/// Loading a manifest is a pure step, so a provider can be cached, run in
/// parallel, or replaced by canned dumps in tests without the loader knowing.
public protocol ManifestProvider: Sendable {
    /// The manifest of the package whose folder is `directory` (an absolute, canonical path).
    func manifest(forPackageAt directory: String) throws(LoadError) -> Manifest
}
