import ModGraphWeights
import Testing

/// SwiftPM's time from a module's release to its first job, read from a
/// measured build's spans (docs/planning.md, "Validation ledger").
@Suite("module start delay")
struct ModuleStartDelayTests {
    @Test func aModuleIsReleasedByItsLastDependencyOrAFreedSlot() {
        // Two slots. A 0–2 and B 0.1–1 start first (no release shown). D (no dependencies) waited for a
        // slot: B's end at 1.0 freed one (A and B ran just before it), D started at 1.2: 0.2. C depends
        // on A, which ended at 2.0 (A and D ran just before: a slot freed too), C started at 2.3: 0.3.
        let spans = [
            ModuleStartDelay.Span(start: 0, end: 2, dependencies: []),
            ModuleStartDelay.Span(start: 0.1, end: 1, dependencies: []),
            ModuleStartDelay.Span(start: 2.3, end: 3, dependencies: [0]),
            ModuleStartDelay.Span(start: 1.2, end: 2.5, dependencies: []),
        ]
        let delay = ModuleStartDelay.median(of: spans, slots: 2)
        #expect(delay.map { abs($0 - 0.25) < 1e-12 } == true)
        // With three slots B's end freed none: D shows no release, C's 0.3 is the only delay.
        #expect(ModuleStartDelay.median(of: spans, slots: 3).map { abs($0 - 0.3) < 1e-12 } == true)
    }

    @Test func aSlotFreedWhileTheDependencyRanDoesNotCount() {
        // Two slots: A 0–1 and B 0–3 run; C depends on B and starts at 3.1. A's end at 1 freed a slot,
        // but C was released later, by B at 3: 0.1, not 2.1.
        let spans = [
            ModuleStartDelay.Span(start: 0, end: 1, dependencies: []),
            ModuleStartDelay.Span(start: 0, end: 3, dependencies: []),
            ModuleStartDelay.Span(start: 3.1, end: 4, dependencies: [1]),
        ]
        #expect(ModuleStartDelay.median(of: spans, slots: 2).map { abs($0 - 0.1) < 1e-12 } == true)
    }

    @Test func nothingReleasedShowsNoDelay() {
        #expect(ModuleStartDelay.median(of: [], slots: 2) == nil)
        #expect(ModuleStartDelay.median(of: [ModuleStartDelay.Span(start: 0, end: 1, dependencies: [])], slots: 2) == nil)
        // A dependency index outside the spans is ignored, not trusted.
        #expect(ModuleStartDelay.median(of: [ModuleStartDelay.Span(start: 0, end: 1, dependencies: [7])], slots: 2) == nil)
    }
}
