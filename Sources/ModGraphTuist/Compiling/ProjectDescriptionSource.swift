import ModGraphSystem

/// modgraph's ProjectDescription: the files of `ProjectDescription/`, embedded in the binary as
/// text (Package.swift's `ProjectDescriptionFiles` lists them) and compiled on the user's machine,
/// with the user's toolchain, before the first manifest that needs them.
enum ProjectDescriptionSource {
    /// Each file's name and text, in Package.swift's order.
    static let files: [(name: String, text: [UInt8])] = [
        ("BuildPhases.swift", PackageResources.BuildPhases_swift),
        ("Config.swift", PackageResources.Config_swift),
        ("Dependencies.swift", PackageResources.Dependencies_swift),
        ("Files.swift", PackageResources.Files_swift),
        ("Manifests.swift", PackageResources.Manifests_swift),
        ("Scheme.swift", PackageResources.Scheme_swift),
        ("Settings.swift", PackageResources.Settings_swift),
        ("Target.swift", PackageResources.Target_swift),
    ]

    /// Part of every cached answer's key: a change to the library is a change to what manifests print.
    static let digest: String = {
        var hasher = SHA256()
        for (name, text) in files {
            hasher.update(Array("\(name):\(text.count):".utf8))
            hasher.update(text)
        }
        return hasher.finalizeHex()
    }()
}
