import ModGraphCore

/// How source imports name modules.
public enum ModuleNames {
    /// The module `target` builds: the name its loader read (an Xcode
    /// target's `PRODUCT_MODULE_NAME`), else the one derived from its name.
    public static func module(of target: Target) -> String {
        target.moduleName ?? module(ofTarget: target.name)
    }

    /// The module a target builds: its name with every character that cannot
    /// start or continue a Swift identifier replaced by `_` (SwiftPM's `c99name`),
    /// so target `modgraph-bench` is imported as `modgraph_bench`.
    public static func module(ofTarget name: String) -> String {
        var result = ""
        for (index, character) in name.unicodeScalars.enumerated() {
            let isLetter = ("a"..."z").contains(character) || ("A"..."Z").contains(character) || character == "_"
            let isDigit = ("0"..."9").contains(character)
            if isLetter || (isDigit && index > 0) || (character.value > 0x7F && character.properties.isAlphabetic) {
                result.unicodeScalars.append(character)
            } else if isDigit {
                result += "_" + String(character)
            } else {
                result += "_"
            }
        }
        return result
    }

    /// Modules the toolchain or the operating system provides. Importing one
    /// never needs a package dependency, so the import checks skip them;
    /// `sources.ignoreModules` adds more (docs/configuration.md lists these).
    public static let platform: Set<String> = [
        // The standard library and its companions.
        "Swift", "_Concurrency", "_StringProcessing", "_Differentiation", "_Backtracing", "_Volatile",
        "Synchronization", "RegexBuilder", "Observation", "Distributed", "Cxx", "CxxStdlib", "SwiftShims",
        // Foundation, Dispatch and the test libraries of the toolchain.
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
        "FoundationXML", "CoreFoundation", "Dispatch", "XCTest", "Testing",
        // C libraries of each operating system.
        "Glibc", "Musl", "Bionic", "Android", "Darwin", "WinSDK", "ucrt", "CRT", "WASILibc", "SwiftGlibc",
        // SwiftPM's manifest and plugin APIs.
        "PackageDescription", "PackagePlugin", "CompilerPluginSupport",
        // Apple's SDKs, the frameworks apps import most.
        "ObjectiveC", "os", "OSLog", "UIKit", "AppKit", "SwiftUI", "Combine", "SwiftData", "CoreData",
        "CoreGraphics", "CoreImage", "CoreText", "CoreLocation", "CoreMotion", "CoreBluetooth", "CoreML",
        "CoreServices", "CoreTransferable", "QuartzCore", "Metal", "MetalKit", "simd", "Accelerate",
        "AVFoundation", "AVKit", "MapKit", "WebKit", "Security", "Network", "StoreKit", "WidgetKit",
        "CryptoKit", "UserNotifications", "AuthenticationServices", "Photos", "PhotosUI", "ImageIO",
        "UniformTypeIdentifiers", "Charts", "Contacts", "EventKit", "HealthKit", "LocalAuthentication",
        "MessageUI", "SafariServices", "SystemConfiguration", "BackgroundTasks", "ActivityKit", "AppIntents",
        "GameKit", "SpriteKit", "SceneKit", "RealityKit", "ARKit", "Vision", "NaturalLanguage", "Speech",
        "CloudKit", "MultipeerConnectivity", "CallKit", "PassKit", "MetricKit", "OSLog", "XCUIAutomation",
    ]
}
