// swift-tools-version: 5.9
import PackageDescription

// A local package the app and the Checkout vertical link by product.
let package = Package(
    name: "DesignSystem",
    products: [
        .library(name: "DesignSystem", targets: ["DesignSystem"]),
    ],
    targets: [
        .target(name: "DesignSystem"),
        .testTarget(name: "DesignSystemTests", dependencies: ["DesignSystem"]),
    ]
)
