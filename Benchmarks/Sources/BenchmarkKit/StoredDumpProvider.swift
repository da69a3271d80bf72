import Foundation
import ModGraphManifest

/// Reads the `dump-package.json` that ``SyntheticProjectWriter`` wrote in
/// JSON mode, so loading and graph building can be measured without a toolchain.
public struct StoredDumpProvider: ManifestProvider {
    public init() {}

    public func manifest(forPackageAt directory: String) throws(LoadError) -> Manifest {
        let path = directory + "/dump-package.json"
        guard let data = FileManager.default.contents(atPath: path) else { throw .noManifest(directory: directory) }
        return try ManifestDecoding.decode(data, source: path)
    }
}
