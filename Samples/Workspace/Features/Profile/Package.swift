// swift-tools-version: 5.9
import PackageDescription

// Feature package: depends only on Interfaces and Core, never on another feature package.
let package = Package(
    name: "Profile",
    products: [
        .library(name: "Profile", targets: ["Profile"]),
    ],
    dependencies: [
        .package(path: "../../Interfaces"),
        .package(path: "../../Core"),
    ],
    targets: [
        .target(
            name: "Profile",
            dependencies: [
                .product(name: "VerticalInterfaces", package: "Interfaces"),
                .product(name: "Prelude", package: "Core"),
                .product(name: "Networking", package: "Core"),
                .product(name: "DesignSystem", package: "Core"),
            ]
        ),
        .testTarget(
            name: "ProfileTests",
            dependencies: [
                "Profile",
                .product(name: "VerticalInterfaces", package: "Interfaces"),
                .product(name: "Networking", package: "Core"),
            ]
        ),
    ]
)
