/// A product of a Swift package that a target uses: an
/// `XCSwiftPackageProductDependency`.
public struct XcodePackageProduct: Hashable, Sendable {
    /// The product's name, without the `plugin:` prefix Xcode writes for plugins.
    public let name: String
    /// Whether Xcode applies it as a build-tool plugin (`productName = "plugin:…"`) rather than linking it.
    public let isPlugin: Bool
    /// The package that vends it; `nil` when the product names no package,
    /// as for local packages added as folder references before Xcode 15: the
    /// loader then finds the package among ``XcodeProject/localPackageCandidates``.
    public let package: XcodePackageReference?

    public init(name: String, isPlugin: Bool, package: XcodePackageReference?) {
        self.name = name
        self.isPlugin = isPlugin
        self.package = package
    }
}
