// swift-tools-version: 5.9
import PackageDescription

// Violations: a shrunken VerticalApp with exactly three planted architecture faults,
// each marked `// FAULT:` below. Everything else follows the rules:
//   core        Prelude, Networking
//   interfaces  VerticalInterfaces (-> Prelude only)
//   verticals   Profile, Search, Checkout, Messaging (-> VerticalInterfaces, Prelude)
//   helper      SharedHelpers
//   app         App
// No vertical depends on Networking, so fault (c) adds no further vertical-to-vertical paths,
// and the graph stays acyclic.
let package = Package(
    name: "Violations",
    products: [
        .executable(name: "App", targets: ["App"]),
    ],
    targets: [
        // MARK: Core
        .target(name: "Prelude"),
        .target(
            name: "Networking",
            dependencies: [
                "Prelude",
                "Profile", // FAULT (c): core module Networking depends upward on vertical Profile.
            ]
        ),

        // MARK: Interfaces
        .target(name: "VerticalInterfaces", dependencies: ["Prelude"]),

        // MARK: Verticals
        .target(name: "Profile", dependencies: ["VerticalInterfaces", "Prelude"]),
        .target(name: "Messaging", dependencies: ["VerticalInterfaces", "Prelude"]),
        .target(
            name: "Search",
            dependencies: [
                "VerticalInterfaces",
                "Prelude",
                "SharedHelpers", // FAULT (b): Search -> SharedHelpers -> Messaging, a vertical reached through a helper.
            ]
        ),
        .target(
            name: "Checkout",
            dependencies: [
                "VerticalInterfaces",
                "Prelude",
                .target(name: "Profile"), // FAULT (a): vertical Checkout depends directly on vertical Profile.
            ]
        ),

        // MARK: Helpers
        .target(
            name: "SharedHelpers",
            dependencies: [
                "Prelude",
                "Messaging", // FAULT (b): helper module depends on vertical Messaging (second hop of Search -> Messaging).
            ]
        ),

        // MARK: App
        .executableTarget(
            name: "App",
            dependencies: [
                "Profile", "Search", "Checkout", "Messaging", "VerticalInterfaces", "Networking",
                "Prelude", // FAULT (f): declared, but no file of App imports Prelude.
                // FAULT (e) is what is missing here: App imports SharedHelpers without declaring it.
            ]
        ),

        // MARK: Tests
        .testTarget(name: "SearchTests", dependencies: ["Search", "VerticalInterfaces"]),
    ]
)
