import Testing
@testable import ModGraphManifest

@Suite("finding declarations in manifest text")
struct ManifestLocatorTests {
    // Line numbers are those of the text below, counted by hand.
    static let manifest = """
        // swift-tools-version: 5.9
        import PackageDescription
        /* .target(name: "Commented") */
        let package = Package(
            name: "Demo",
            products: [.library(name: "Kit", targets: ["Profile", "Search"])],
            dependencies: [.package(path: "../Core")],
            targets: [
                .target(name: "Prelude"),
                .target(
                    name: "Profile",
                    dependencies: [
                        "Prelude",
                        .target(name: "Search", condition: .when(platforms: [.linux])),
                        .product(name: "Networking", package: "Core"), // "Prelude" again in a comment
                    ]
                ),
                .target(name: "Search", dependencies: ["Prelude"]),
                .testTarget(name: "ProfileTests", dependencies: ["Profile"]),
                .target(name: "Self", dependencies: [.target(name: "Selfish")]),
                .target(name: "Selfish"),
            ]
        )
        """

    let locator = ManifestLocator(text: Self.manifest)

    @Test func declarationsAreFoundOutsideDependencyLists() {
        #expect(locator.line(ofTarget: "Prelude") == 9)
        #expect(locator.line(ofTarget: "Profile") == 11)
        // Not line 14, where `.target(name: "Search")` is a dependency of Profile.
        #expect(locator.line(ofTarget: "Search") == 18)
        #expect(locator.line(ofTarget: "ProfileTests") == 19)
        #expect(locator.line(ofTarget: "Commented") == nil)
        #expect(locator.line(ofTarget: "Missing") == nil)
    }

    @Test func dependenciesAreFoundInsideTheirTarget() {
        #expect(locator.line(ofDependency: "Prelude", inTarget: "Profile") == 13)
        #expect(locator.line(ofDependency: "Search", inTarget: "Profile") == 14)
        #expect(locator.line(ofDependency: "Networking", inTarget: "Profile") == 15)
        #expect(locator.line(ofDependency: "Prelude", inTarget: "Search") == 18)
        #expect(locator.line(ofDependency: "Profile", inTarget: "ProfileTests") == 19)
        #expect(locator.line(ofDependency: "Selfish", inTarget: "Self") == 20)
        #expect(locator.line(ofDependency: "Core", inTarget: "Prelude") == nil)
    }
}
