import Foundation
import Testing
import ModGraphTestSupport
@testable import ModGraphManifest

/// A manifest is a program that pull requests can change: it can loop
/// forever, start helpers, or print without end. Loading must stay bounded
/// in time and memory, and leave nothing behind.
@Suite("dump-package limits")
struct DumpPackageLimitTests {
    /// The fake loops and leaves a helper that ignores SIGTERM; the load must
    /// fail at the deadline, with the whole process group gone and the child's
    /// temporary folder removed.
    @Test func aManifestThatNeverEndsIsStoppedWithEverythingItStarted() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let pidFile = folder.path + "/pids"
        let fake = try writeNeverEndingSwift(in: folder, pidFile: pidFile)
        let package = try folder.package("Loops", manifest: "// stands for a manifest with `while true {}`\n")
        let temporary = folder.path + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let runner = DumpPackageRunner(swiftExecutable: fake, timeout: .seconds(3), temporaryBase: temporary)

        let started = ContinuousClock.now
        let outcome = finishing(within: .seconds(20)) { () -> LoadError? in
            do throws(LoadError) {
                _ = try runner.dump(forPackageAt: package)
                return nil
            } catch {
                return error
            }
        }
        let elapsed = started.duration(to: .now)
        let pids = fakeProcessIDs(in: pidFile, within: .seconds(1))
        defer { killLeftovers(pids.map { [$0.swift, $0.helper] } ?? []) }

        #expect(outcome == .some(.manifestTimedOut(manifest: package + "/Package.swift", timeout: .seconds(3))))
        // The deadline, the grace between SIGTERM and SIGKILL, and room for a loaded machine.
        #expect(elapsed < .seconds(12))
        let (swift, helper) = try #require(pids, "the fake swift never started")
        #expect(isGone(swift, within: .milliseconds(500)), "swift survived")
        #expect(isGone(helper, within: .milliseconds(500)), "the helper that ignores SIGTERM survived")
        #expect(entries(of: temporary, startingWith: "modgraph-swiftpm.").isEmpty)
    }

    @Test func theTimeoutMessageIsOneLineThatSaysWhatToDo() {
        let error = LoadError.manifestTimedOut(manifest: "/w/Loops/Package.swift", timeout: .seconds(120))
        #expect(
            error.description
                == "/w/Loops/Package.swift: manifest still loading after 120 s, stopped (does it loop?); if it is only slow, pass --manifest-timeout with more seconds"
        )
        #expect(error.details.isEmpty)
    }

    /// 20 MB of diagnostics: one line for the error, the first 40 lines as
    /// details, and a note of how many were cut.
    @Test func aFloodOfDiagnosticsIsCappedAndKeptOutOfTheMessage() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // 625,000 lines of 32 bytes.
        let fake = try writeFakeSwift(in: folder, "yes 'Package.swift:1:1: error: noise' | head -c 20000000 >&2\nexit 1")
        let package = try folder.package("Noisy", manifest: "// fails loudly\n")

        let error = try #require(throws: LoadError.self) {
            try DumpPackageRunner(swiftExecutable: fake).dump(forPackageAt: package)
        }
        // Measured first, so that a failure does not print 20 MB.
        let length = error.description.utf8.count
        try #require(length < 500, "the message is \(length) bytes long")
        #expect(error.description == "\(package)/Package.swift: manifest failed to load (compiler diagnostics: 41 lines follow)")
        #expect(error.details.count == 41)
        #expect(error.details.prefix(40).allSatisfy { $0 == "Package.swift:1:1: error: noise" })
        #expect(error.details.last == "… 624,960 more lines cut")
    }

    /// One endless line: cut to the line cap, and said so.
    @Test func aSingleHugeLineIsCutShort() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fake = try writeFakeSwift(in: folder, "head -c 3000000 /dev/zero | tr '\\0' x >&2\nexit 1")
        let package = try folder.package("Wide", manifest: "// fails with one long line\n")

        let error = try #require(throws: LoadError.self) {
            try DumpPackageRunner(swiftExecutable: fake).dump(forPackageAt: package)
        }
        let length = error.description.utf8.count
        try #require(length < 500, "the message is \(length) bytes long")
        #expect(error.details.count == 2, "\(error.description)")
        #expect(error.details.first == String(repeating: "x", count: 400) + "…")
        #expect(error.details.last == "… lines longer than 400 bytes cut short")
    }

    @Test func swiftPMsSummaryLineIsLeftOut() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fake = try writeFakeSwift(
            in: folder,
            """
            printf '\\n/p/Package.swift:3:9: error: cannot find x in scope\\n  let y = x\\n          ^\\nerror: invalid manifests at [/p]\\n' >&2
            exit 1
            """)
        let package = try folder.package("Broken", manifest: "// fails\n")
        let error = try #require(throws: LoadError.self) {
            try DumpPackageRunner(swiftExecutable: fake).dump(forPackageAt: package)
        }
        #expect(error.details == ["/p/Package.swift:3:9: error: cannot find x in scope", "  let y = x", "          ^"])
    }

    /// Standard output is the dump: bounded too, and the child stopped when it goes past the bound.
    @Test func aDumpLargerThanTheLimitIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // 70 MB of blanks: more than the 64 MiB a dump may have.
        let fake = try writeFakeSwift(
            in: folder, "yes '                                                               ' | head -c 70000000\nexit 0")
        let package = try folder.package("Huge", manifest: "// prints without end\n")
        let error = try #require(throws: LoadError.self) {
            try DumpPackageRunner(swiftExecutable: fake, timeout: .seconds(60)).dump(forPackageAt: package)
        }
        #expect(error == .dumpTooLarge(source: package + "/Package.swift", limit: ManifestDecoding.maximumBytes))
    }
}
