import Foundation
@testable import ModGraphKit
@testable import ModGraphWeights
import Testing

/// The phases a weights file records: after a warm-up, what the warm-up build took beyond the
/// measured one, which a clean build in a new scratch folder pays again (docs/planning.md).
@Suite("measured phases")
struct MeasuredPhasesTests {
    static func result(warmUp: Double?) -> MeasuredBuild.Result {
        var module = ModuleTime()
        module.add(start: 100.5, seconds: 9.5)
        return MeasuredBuild.Result(
            modules: ["A": module], wallSeconds: 11, startedAt: 100, endedAt: 111, arguments: [], warnings: [],
            warmUpSeconds: warmUp, coldCacheEntries: [])
    }

    @Test func aWarmUpRecordsTheColdCachesItFilled() {
        let phases = Dictionary(uniqueKeysWithValues: MeasureRun.phases(of: Self.result(warmUp: 15.5)))
        #expect(phases["beforeFirstCompile"] == 0.5)
        #expect(phases["compiling"] == 9.5)
        #expect(phases["afterLastCompile"] == 1)
        #expect(phases["coldCaches"] == 4.5)
        #expect(MeasureRun.phases(of: Self.result(warmUp: nil)).map(\.0) == ["beforeFirstCompile", "compiling", "afterLastCompile"])
    }
}
