// swift-tools-version: 5.9
import PackageDescription

// Interfaces: protocols and DTOs only. Every feature package depends on it; it depends on Core's Prelude.
let package = Package(
    name: "Interfaces",
    products: [
        .library(name: "VerticalInterfaces", targets: ["VerticalInterfaces"]),
    ],
    dependencies: [
        .package(path: "../Core"),
    ],
    targets: [
        .target(
            name: "VerticalInterfaces",
            dependencies: [.product(name: "Prelude", package: "Core")]
        ),
    ]
)
