// swift-tools-version: 5.9
import PackageDescription

// Feature package: needs Profile at run time, but only as `any ProfileBuilding` from Interfaces.
let package = Package(
    name: "Messaging",
    products: [
        .library(name: "Messaging", targets: ["Messaging"]),
    ],
    dependencies: [
        .package(path: "../../Interfaces"),
        .package(path: "../../Core"),
    ],
    targets: [
        .target(
            name: "Messaging",
            dependencies: [
                .product(name: "VerticalInterfaces", package: "Interfaces"),
                .product(name: "Prelude", package: "Core"),
                .product(name: "Networking", package: "Core"),
            ]
        ),
    ]
)
