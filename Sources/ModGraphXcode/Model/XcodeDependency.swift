/// One thing a target needs built before it, with where the project says so.
///
/// A target usually names the same dependency more than once (a framework it
/// both depends on and links, a package product it lists and links); each
/// declaration is kept, in the target's order, so a report can point at any
/// of them. ``XcodeTarget/dependencies`` has them all; callers that want the
/// edges use the distinct ``reference``s.
public struct XcodeDependency: Hashable, Sendable {
    /// What the dependency is.
    public enum Reference: Hashable, Sendable {
        /// A target: of this project when `project` is `nil`, else of the
        /// project at `project` (a path relative to this project's folder: a
        /// subproject or a sibling project of the workspace). `name` is the
        /// target's name in this project, or the `remoteInfo` Xcode wrote for
        /// another project's target.
        case target(id: String, name: String?, project: String?)
        /// The product of a target of the project at `project`, reached through a
        /// `PBXReferenceProxy`: `productReference` is the id of the product's
        /// file reference in that project (see ``XcodeProject/target(producing:)``),
        /// `fileName` the product's file (`Core.framework`), `name` the `remoteInfo`.
        case productOfTarget(productReference: String, fileName: String?, name: String?, project: String)
        /// A product of a Swift package.
        case packageProduct(XcodePackageProduct)
        /// A product made by the build (`BUILT_PRODUCTS_DIR`) that no target of
        /// this project makes: Xcode's implicit dependencies find the target of
        /// the workspace whose product has this file name (`Core.framework`).
        case builtProduct(fileName: String)
    }

    /// Where the project declares it.
    public enum Declaration: String, Hashable, Sendable {
        /// The target's *Target Dependencies* (`dependencies`: `PBXTargetDependency`).
        case targetDependency
        /// *Link Binary With Libraries* (`PBXFrameworksBuildPhase`).
        case linkedLibrary
        /// A *Copy Files* phase: *Embed Frameworks*, *Embed App Extensions*, … (`PBXCopyFilesBuildPhase`).
        case embedded
        /// The target's package products (`packageProductDependencies`).
        case packageProduct
    }

    public let reference: Reference
    public let declaration: Declaration
    /// The platforms it applies to (`platformFilter`/`platformFilters`: `ios`, `maccatalyst`, …); empty for all.
    public let platformFilters: [String]
    /// The 1-based line of `project.pbxproj` where the declaration is written (the
    /// `PBXTargetDependency`, the `PBXBuildFile` of a link or copy phase, or the
    /// `XCSwiftPackageProductDependency` of a package product): where a finding about the
    /// dependency points. `nil` when not known. Where, not what: not part of equality.
    public let line: Int?
    /// The file ``line`` is in when it is not the target's (an XcodeGen template's `include:`d
    /// file), absolute; else `nil`. Where, not what: not part of equality.
    public let file: String?

    public init(reference: Reference, declaration: Declaration, platformFilters: [String] = [], line: Int? = nil, file: String? = nil) {
        self.file = file
        self.reference = reference
        self.declaration = declaration
        self.platformFilters = platformFilters
        self.line = line
    }

    public static func == (lhs: XcodeDependency, rhs: XcodeDependency) -> Bool {
        lhs.reference == rhs.reference && lhs.declaration == rhs.declaration && lhs.platformFilters == rhs.platformFilters
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(reference)
        hasher.combine(declaration)
        hasher.combine(platformFilters)
    }
}
