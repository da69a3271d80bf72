// swift-tools-version: 5.9
import PackageDescription

// Feature package: reaches Profile and Checkout only through VerticalInterfaces.
let package = Package(
    name: "Search",
    products: [
        .library(name: "Search", targets: ["Search"]),
    ],
    dependencies: [
        .package(path: "../../Interfaces"),
        .package(path: "../../Core"),
    ],
    targets: [
        .target(
            name: "Search",
            dependencies: [
                .product(name: "VerticalInterfaces", package: "Interfaces"),
                .product(name: "Prelude", package: "Core"),
                .product(name: "Networking", package: "Core"),
            ]
        ),
    ]
)
