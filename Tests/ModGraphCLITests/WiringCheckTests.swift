import Foundation
import Testing

/// `modgraph check` with `sources.wiring` on a copy of Samples/WiringApp that the test breaks:
/// a wiring finding takes an exception and a baseline like every other source finding, and a
/// container type no module extends is a stale-configuration warning.
@Suite("Wiring checks from the command line")
struct WiringCheckTests {
    /// A copy of the sample in a new folder, with Home wiring Paywall's builder itself.
    static func brokenCopy() throws -> URL {
        let folder = try ModGraphRunner.scratchFolder("wiring-check")
        let copy = folder.appendingPathComponent("WiringApp")
        try FileManager.default.copyItem(at: ModGraphRunner.samples.appendingPathComponent("WiringApp"), to: copy)
        let flow = copy.appendingPathComponent("Sources/Home/HomeFlow.swift")
        let text = try String(contentsOf: flow, encoding: .utf8) + "\nlet strayPaywall = PaywallBuilder().scoped { source in source }\n"
        try text.write(to: flow, atomically: true, encoding: .utf8)
        return copy
    }

    static func append(_ yaml: String, to copy: URL) throws {
        let file = copy.appendingPathComponent(".modgraph.yml")
        try (try String(contentsOf: file, encoding: .utf8) + yaml).write(to: file, atomically: true, encoding: .utf8)
    }

    @Test func aWiringFindingTakesAnExceptionAndABaseline() throws {
        let copy = try Self.brokenCopy()
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        let broken = try ModGraphRunner.run(["check", copy.path])
        #expect(broken.status == 1)
        #expect(broken.output.contains("Home wires PaywallBuilder.scoped of Paywall itself"))

        let baseline = copy.appendingPathComponent("baseline.json").path
        #expect(try ModGraphRunner.run(["check", copy.path, "--write-baseline", baseline]).status == 0)
        let known = try ModGraphRunner.run(["check", copy.path, "--baseline", baseline])
        #expect(known.status == 0, "\(known.output)\(known.errors)")
        #expect(known.output.contains("1 known violation"))

        let exception =
            "exceptions:\n  - from: Home\n    to: Home\n    rule: vertical-wiring\n" + "    reason: until the paywall moves to the app\n"
        try Self.append(exception, to: copy)
        let excused = try ModGraphRunner.run(["check", copy.path])
        #expect(excused.status == 0, "\(excused.output)\(excused.errors)")
        #expect(excused.output.contains("until the paywall moves to the app"))
    }

    @Test func aContainerNoModuleExtendsIsAStaleConfigurationWarning() throws {
        let copy = try Self.brokenCopy()
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        try Self.append("    containers:\n      - type: Wrold\n        owners: [App, Apq]\n", to: copy)
        let result = try ModGraphRunner.run(["check", copy.path])
        #expect(result.output.contains("container type 'Wrold' (sources.wiring.containers[0]) is extended by no module's sources"))
        #expect(result.output.contains("owner pattern 'Apq' of container Wrold (sources.wiring.containers[0].owners) matches no target"))
        #expect(result.output.contains("stale-config"))
    }
}
