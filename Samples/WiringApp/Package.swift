// swift-tools-version: 5.9
import PackageDescription

// WiringApp: verticals that never import one another but use one another at run time,
// in the three styles `modgraph graph --wiring` reads (docs/wiring.md):
//
//   core        ScreenKit (a small stand-in for Lasso: ScreenModule, FlowModule, LassoStore),
//               BuilderKit (Builder<Args, Product> and `.scoped`)
//   interfaces  AppInterfaces (the Builders namespace, DTOs, protocols)
//   verticals   Home, Paywall, Messaging, Records
//   app         App (executable; implements each vertical's dependencies and wires the builders)
//
// Home asks for a paywall builder (`associatedtype PaywallBuilderType: Builder<PaywallSource, Screen>`)
// and for MessagingBuilding; Paywall declares PaywallBuilder; Records adds a namespaced builder
// function (`Builders.Records.makeHistory(with:)`) that the app calls to give Home its history.
let package = Package(
    name: "WiringApp",
    products: [.executable(name: "App", targets: ["App"])],
    targets: [
        .target(name: "ScreenKit"),
        .target(name: "BuilderKit"),
        .target(name: "AppInterfaces"),
        .target(name: "Home", dependencies: ["AppInterfaces", "BuilderKit", "ScreenKit"]),
        .target(name: "Paywall", dependencies: ["AppInterfaces", "BuilderKit", "ScreenKit"]),
        .target(name: "Messaging", dependencies: ["AppInterfaces"]),
        .target(name: "Records", dependencies: ["AppInterfaces"]),
        .executableTarget(name: "App", dependencies: ["Home", "Paywall", "Messaging", "Records", "AppInterfaces", "BuilderKit"]),
    ]
)
