import Foundation
import ModGraphManifest

extension LoadOptions {
    /// `runner` behind the dump cache, unless `--no-cache` or the cache folder
    /// cannot be written (then with a warning: loading still works, only slower).
    func manifestProvider(dumpingWith runner: DumpPackageRunner) -> any ManifestProvider {
        if noCache { return runner }
        guard let chosen = cacheDir ?? CacheLocation.defaultFolder() else { return runner }
        let folder = chosen.hasPrefix("/") ? chosen : FileManager.default.currentDirectoryPath + "/" + chosen
        do {
            try CacheLocation.prepare(folder)
        } catch {
            Console.warning("\(folder): cannot use the manifest cache (\(Self.reason(error))); loading without it")
            return runner
        }
        return CachingManifestProvider(base: runner, folder: folder)
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? POSIXError {
            return String(cString: strerror(error.code.rawValue))
        }
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return (error as NSError).localizedDescription
    }
}
