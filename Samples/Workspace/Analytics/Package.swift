// swift-tools-version: 5.9
import PackageDescription

// Analytics: a leaf package whose package name, product and target are all "Analytics",
// so dependents may reference the product by a plain string ("Analytics").
let package = Package(
    name: "Analytics",
    products: [
        .library(name: "Analytics", targets: ["Analytics"]),
    ],
    targets: [
        .target(name: "Analytics"),
    ]
)
