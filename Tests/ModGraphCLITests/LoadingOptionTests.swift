import Foundation
import Testing

/// `--jobs`, the cache options and the progress bar, through the built executable.
@Suite("loading options")
struct LoadingOptionTests {
    @Test func oneJobOrManyGiveTheSameGraph() throws {
        let path = ModGraphRunner.samples.appendingPathComponent("Workspace/App").path
        for jobs in ["1", "3"] {
            let result = try ModGraphRunner.run(["graph", path, "--format", "json", "--jobs", jobs])
            #expect(result.status == 0, "\(result.errors)")
            try expectGolden(result.output, "Workspace.json")
        }
    }

    @Test func jobsMustBePositive() throws {
        let result = try ModGraphRunner.run(["graph", "--jobs", "0"])
        #expect(result.status == 2)
        #expect(result.errors.contains("--jobs must be at least 1, not 0"))
        #expect(result.output.isEmpty)
    }
}
