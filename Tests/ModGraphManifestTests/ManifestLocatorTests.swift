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

    /// Hand-worked, as ProtonVPN writes it: dependencies through helpers and variables, a target
    /// through a helper function. Before, each of these fell back to line 1 (or the declaration).
    @Test func namesWrittenByHelpersAreFoundWhereTheyAreWritten() {
        let manifest = """
            // swift-tools-version: 5.9
            import PackageDescription
            extension Target.Dependency {
                static var ui: Self { .product(name: "UIKitExtras", package: "extras") }
            }
            let shared: [Target.Dependency] = ["Logging"]
            func feature(_ name: String) -> Target { .target(name: name, dependencies: shared) }
            let package = Package(
                name: "App",
                products: [.library(name: "Logging", targets: ["Logging"])],
                dependencies: [.package(name: "UIKitExtras", path: "../extras")],
                targets: [
                    .target(name: "Logging"),
                    .target(name: "Feed", dependencies: [.ui] + shared),
                    feature("Profile"),
                ]
            )
            """
        let locator = ManifestLocator(text: manifest)
        // The helper's line, not the package dependency's (line 11).
        #expect(locator.line(ofDependency: "UIKitExtras", inTarget: "Feed") == 4)
        // The variable's line, not the product's (line 10) nor Logging's own declaration.
        #expect(locator.line(ofDependency: "Logging", inTarget: "Feed") == 6)
        #expect(locator.line(ofDependency: "Logging", inTarget: "Profile") == 6)
        // A target built by a helper: the call that names it.
        #expect(locator.line(ofTarget: "Profile") == 15)
        #expect(locator.line(ofTarget: "Logging") == 13)
        // A target's own name is no dependency of it.
        #expect(locator.line(ofDependency: "Profile", inTarget: "Profile") == nil)
        #expect(locator.line(ofDependency: "Missing", inTarget: "Feed") == nil)
    }
}
