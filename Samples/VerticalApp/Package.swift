// swift-tools-version: 5.9
import PackageDescription

// VerticalApp: a single package laid out the way ModGraph expects a modular app to be.
//
//   core        Prelude, LinuxSupport, Networking, DesignSystem, Persistence
//   interfaces  VerticalInterfaces (protocols and DTOs only, depends on Prelude only)
//   verticals   Onboarding, Profile, Settings, Search, Checkout, Messaging
//               (each depends on VerticalInterfaces and core modules, never on another vertical)
//   app         App (executable; wires every vertical's builder into the others)
//
// The dependency lists deliberately mix every spelling SwiftPM accepts:
// plain strings (byName), .target(name:), .byName(name:condition:) and .target(name:condition:).
let package = Package(
    name: "VerticalApp",
    products: [
        .library(
            name: "VerticalKit",
            targets: ["Onboarding", "Profile", "Settings", "Search", "Checkout", "Messaging"]
        ),
        .executable(name: "App", targets: ["App"]),
    ],
    targets: [
        // MARK: Core
        .target(name: "Prelude"),
        .target(name: "LinuxSupport"),
        .target(name: "Networking", dependencies: ["Prelude"]),
        .target(name: "DesignSystem", dependencies: [.target(name: "Prelude")]),
        .target(
            name: "Persistence",
            dependencies: [
                "Prelude",
                .target(name: "LinuxSupport", condition: .when(platforms: [.linux])),
            ]
        ),

        // MARK: Interfaces
        .target(name: "VerticalInterfaces", dependencies: [.target(name: "Prelude")]),

        // MARK: Verticals
        .target(
            name: "Onboarding",
            dependencies: ["VerticalInterfaces", "DesignSystem", "Prelude"]
        ),
        .target(
            name: "Profile",
            dependencies: [
                .target(name: "VerticalInterfaces"),
                .target(name: "Networking"),
                .target(name: "DesignSystem"),
                "Prelude",
            ]
        ),
        .target(
            name: "Settings",
            dependencies: [
                "VerticalInterfaces",
                // Apple platforms back preferences with the shared store; Linux keeps them in memory.
                .target(name: "Persistence", condition: .when(platforms: [.macOS, .iOS])),
            ]
        ),
        .target(
            name: "Search",
            dependencies: ["VerticalInterfaces", "Networking", "Prelude"]
        ),
        .target(
            name: "Checkout",
            dependencies: [
                "VerticalInterfaces",
                .target(name: "Networking"),
                .target(name: "Persistence"),
                "Prelude",
            ]
        ),
        .target(
            name: "Messaging",
            dependencies: ["VerticalInterfaces", "Networking", "Persistence", "Prelude"]
        ),

        // MARK: App
        .executableTarget(
            name: "App",
            dependencies: [
                "Onboarding",
                "Profile",
                "Settings",
                "Search",
                "Checkout",
                "Messaging",
                .target(name: "VerticalInterfaces"),
                "Networking",
                "Persistence",
                "DesignSystem",
                "Prelude",
                .byName(name: "LinuxSupport", condition: .when(platforms: [.linux])),
            ]
        ),

        // MARK: Tests
        .testTarget(name: "PreludeTests", dependencies: ["Prelude"]),
        .testTarget(
            name: "ProfileTests",
            dependencies: ["Profile", "VerticalInterfaces", .target(name: "Networking")]
        ),
        .testTarget(
            name: "CheckoutTests",
            dependencies: ["Checkout", "VerticalInterfaces", "Networking", "Persistence"]
        ),
    ]
)
