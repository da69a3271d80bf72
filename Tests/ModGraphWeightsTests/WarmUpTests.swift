import Foundation
@testable import ModGraphWeights
import Testing

/// `measure` builds twice so that no target pays for the cold module caches:
/// what the warm-up leaves for the measured build, and, on a real package,
/// that the measured build then finds every module cache entry it needs.
@Suite("Measured build warm-up")
struct WarmUpTests {
    private func scratch() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-warm-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    private func write(_ path: String, in folder: String) throws {
        let file = (folder as NSString).appendingPathComponent(path)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
    }

    /// Everything a build made goes but the module caches and what resolution left.
    @Test func onlyModuleCachesAndResolutionSurviveTheWarmUp() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for path in [
            "build.db", "debug.yaml", "workspace-state.json", "checkouts/lib/Package.swift", "repositories/lib/HEAD",
            "modgraph-tools/modgraph-cc",
            "x86_64-unknown-linux-gnu/debug/App.build/main.swift.o", "x86_64-unknown-linux-gnu/debug/Modules/Core.swiftmodule",
            "x86_64-unknown-linux-gnu/debug/ModuleCache/2AYQ8ZLNLBFMK/SwiftShims-3K2Q0R6S5S1T8.pcm",
            "x86_64-unknown-linux-gnu/debug/ModuleCache/Glibc-DB533DMMHEC4.swiftmodule",
            "plugins/cache/Gen/output", "x86_64-unknown-linux-gnu/debug/index/store/v5/units/a",
        ] {
            try write(path, in: folder)
        }
        try FileManager.default.createSymbolicLink(atPath: folder + "/debug", withDestinationPath: "x86_64-unknown-linux-gnu/debug")

        try ModuleCaches.removeBuildOutputs(in: folder, keeping: MeasuredBuild.keptAfterWarmUp)
        var left: [String] = []
        let walker = try #require(FileManager.default.enumerator(atPath: folder))
        while let path = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                left.append(path)
            }
        }
        #expect(
            left.sorted() == [
                "checkouts/lib/Package.swift", "modgraph-tools/modgraph-cc", "repositories/lib/HEAD", "workspace-state.json",
                "x86_64-unknown-linux-gnu/debug/ModuleCache/2AYQ8ZLNLBFMK/SwiftShims-3K2Q0R6S5S1T8.pcm",
                "x86_64-unknown-linux-gnu/debug/ModuleCache/Glibc-DB533DMMHEC4.swiftmodule",
            ])
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/debug")) == nil)
        #expect(
            ModuleCaches.entries(in: folder) == [
                "x86_64-unknown-linux-gnu/debug/ModuleCache/2AYQ8ZLNLBFMK/SwiftShims-3K2Q0R6S5S1T8.pcm",
                "x86_64-unknown-linux-gnu/debug/ModuleCache/Glibc-DB533DMMHEC4.swiftmodule",
            ])
        #expect(ModuleCaches.moduleName(ofEntry: "a/ModuleCache/X/SwiftShims-3K2Q0R6S5S1T8.pcm") == "SwiftShims")
        #expect(ModuleCaches.moduleName(ofEntry: "a/ModuleCache/_Concurrency-3IYF0DSEKW2BX.swiftmodule") == "_Concurrency")
    }

    /// Two real builds of a two-module package: the measured one compiles
    /// every module again and builds no module cache entry of its own, so no
    /// module is charged for them; without the warm-up, the first modules are.
    @Test func theMeasuredBuildFindsTheModuleCachesWarm() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let package = folder + "/Package"
        try FileManager.default.createDirectory(atPath: package + "/Sources/Core", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: package + "/Sources/App", withIntermediateDirectories: true)
        try """
        // swift-tools-version: 5.9
        import PackageDescription
        let package = Package(name: "Warm", targets: [.target(name: "Core"), .target(name: "App", dependencies: ["Core"])])
        """.write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
        try "import Foundation\npublic let core = Date()\n".write(
            toFile: package + "/Sources/Core/Core.swift", atomically: true, encoding: .utf8)
        try "import Core\npublic let app = core\n".write(toFile: package + "/Sources/App/App.swift", atomically: true, encoding: .utf8)
        let swift = ProcessInfo.processInfo.environment["MODGRAPH_SWIFT"] ?? "swift"

        let warm = try MeasuredBuild(
            packageDirectory: package, swiftExecutable: swift, configuration: .debug, jobs: 2,
            buildTests: false, scratchDirectory: folder + "/warm"
        ).run()
        #expect(warm.warmUpSeconds != nil)
        #expect(Set(warm.modules.keys).isSuperset(of: ["Core", "App"]))
        #expect(warm.coldCacheEntries.isEmpty)
        #expect(!warm.warnings.contains { $0.contains("module cache") })

        let cold = try MeasuredBuild(
            packageDirectory: package, swiftExecutable: swift, configuration: .debug, jobs: 2,
            buildTests: false, scratchDirectory: folder + "/cold", warmUp: false
        ).run()
        #expect(cold.warmUpSeconds == nil)
        #expect(!cold.coldCacheEntries.isEmpty)
    }
}
