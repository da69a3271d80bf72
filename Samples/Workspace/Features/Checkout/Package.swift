// swift-tools-version: 5.9
import PackageDescription

// Feature package. "Analytics" is a plain-string (byName) product reference: SwiftPM accepts
// that only because the product has the same name as the package that vends it.
let package = Package(
    name: "Checkout",
    products: [
        .library(name: "Checkout", targets: ["Checkout"]),
    ],
    dependencies: [
        .package(path: "../../Interfaces"),
        .package(path: "../../Core"),
        .package(path: "../../Analytics"),
    ],
    targets: [
        .target(
            name: "Checkout",
            dependencies: [
                .product(name: "VerticalInterfaces", package: "Interfaces"),
                .product(name: "Prelude", package: "Core"),
                .product(name: "Networking", package: "Core"),
                "Analytics",
            ]
        ),
        .testTarget(
            name: "CheckoutTests",
            dependencies: [
                "Checkout",
                "Analytics",
                .product(name: "VerticalInterfaces", package: "Interfaces"),
                .product(name: "Networking", package: "Core"),
            ]
        ),
    ]
)
