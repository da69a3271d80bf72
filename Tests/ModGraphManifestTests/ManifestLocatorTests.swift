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

    /// Names written with escapes, raw and multi-line strings are found at their line, as the
    /// compiler reads them; a string with an interpolation names nothing, and lines after it still count.
    @Test func escapedNamesAreFoundAtTheirLine() {
        let manifest = #"""
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Escapes",
                targets: [
                    .target(name: "Cor\u{65}"),
                    .target(name: "Quo\"te", dependencies: ["Cor\u{0065}"]),
                    .target(name: #"Raw\Name"#),
                    .target(name: "Say \(greeting)"),
                    .target(
                        name: """
                            Multi
                            """
                    ),
                    .target(name: "Tab\tbed", dependencies: [##"Raw\Name"##]),
                ]
            )
            """#
        let locator = ManifestLocator(text: manifest)
        #expect(locator.line(ofTarget: "Core") == 6)
        #expect(locator.line(ofTarget: "Quo\"te") == 7)
        #expect(locator.line(ofDependency: "Core", inTarget: "Quo\"te") == 7)
        #expect(locator.line(ofTarget: #"Raw\Name"#) == 8)
        #expect(locator.line(ofTarget: "Say \\(greeting)") == nil)
        #expect(locator.line(ofTarget: "Multi") == 11)
        #expect(locator.line(ofTarget: "Tab\tbed") == 15)
        #expect(locator.line(ofDependency: #"Raw\Name"#, inTarget: "Tab\tbed") == 15)
    }
}
