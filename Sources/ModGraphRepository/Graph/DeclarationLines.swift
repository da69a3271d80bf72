import ModGraphCore

/// Where an Xcode target and its dependencies are written in its `project.pbxproj`, so that a
/// finding about a dependency points at the line to change (the target dependency, the build
/// file of *Link Binary With Libraries* or *Embed*, the package product entry), as a finding
/// about a package's dependency points at its line of `Package.swift`.
public struct DeclarationLines: Sendable, Hashable {
    /// The `project.pbxproj`, absolute.
    public let file: String
    /// The 1-based line of the target's object; `nil` when not known.
    public let target: Int?
    /// The 1-based line of each dependency's first declaration, by the name the graph's edge
    /// gives it (the product for a package product, else the target).
    public let dependencies: [String: Int]
    /// The file a dependency is declared in when it is not ``file``, absolute: a pod's `Podfile`.
    public let files: [String: String]

    public init(file: String, target: Int?, dependencies: [String: Int], files: [String: String] = [:]) {
        self.file = file
        self.target = target
        self.dependencies = dependencies
        self.files = files
    }
}
