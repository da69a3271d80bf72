// swift-tools-version: 5.9
import PackageDescription

// The root of the Workspace sample: the app package pulls every feature package, the
// interfaces and the core by local path and wires the features together.
//
//   App ──> Features/{Profile,Search,Checkout,Messaging} ──> Interfaces ──> Core
//                                   Checkout ──> Analytics
//
// Product references use both spellings: .product(name:package:) and, where the product
// has the same name as its package, a plain string ("Messaging", "Analytics").
let package = Package(
    name: "App",
    products: [
        .executable(name: "App", targets: ["App"]),
    ],
    dependencies: [
        .package(path: "../Features/Profile"),
        .package(path: "../Features/Search"),
        .package(path: "../Features/Checkout"),
        .package(path: "../Features/Messaging"),
        .package(path: "../Interfaces"),
        .package(path: "../Core"),
        .package(path: "../Analytics"),
    ],
    targets: [
        .executableTarget(
            name: "App",
            dependencies: [
                .product(name: "Profile", package: "Profile"),
                .product(name: "Search", package: "Search"),
                .product(name: "Checkout", package: "Checkout"),
                "Messaging",
                .product(name: "VerticalInterfaces", package: "Interfaces"),
                .product(name: "Prelude", package: "Core"),
                .product(name: "Networking", package: "Core"),
                .product(name: "DesignSystem", package: "Core"),
                "Analytics",
            ]
        ),
        // Tests the cross-feature wiring with the real feature products (an executable
        // target is not a test dependency here).
        .testTarget(
            name: "AppTests",
            dependencies: [
                .product(name: "Profile", package: "Profile"),
                .product(name: "Search", package: "Search"),
                .product(name: "Checkout", package: "Checkout"),
                .product(name: "Messaging", package: "Messaging"),
                .product(name: "VerticalInterfaces", package: "Interfaces"),
                .product(name: "Networking", package: "Core"),
                "Analytics",
            ]
        ),
    ]
)
