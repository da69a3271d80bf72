// swift-tools-version: 5.9
import PackageDescription

// Core: the bottom layer of the Workspace sample. No dependencies on anything else.
let package = Package(
    name: "Core",
    products: [
        .library(name: "Prelude", targets: ["Prelude"]),
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "DesignSystem", targets: ["DesignSystem"]),
    ],
    targets: [
        .target(name: "Prelude"),
        .target(name: "Networking", dependencies: ["Prelude"]),
        .target(name: "DesignSystem", dependencies: [.target(name: "Prelude")]),
        .testTarget(name: "PreludeTests", dependencies: ["Prelude"]),
    ]
)
