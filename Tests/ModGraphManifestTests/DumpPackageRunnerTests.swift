import Foundation
import Testing
@testable import ModGraphManifest

@Suite("running swift package dump-package")
struct DumpPackageRunnerTests {
    /// SwiftPM leaves a folder in `$TMPDIR` on every run: the child must get a
    /// private one that is gone once the run is over.
    @Test func theChildGetsATemporaryFolderThatIsRemovedAfterwards() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A stand-in for `swift` that records its TMPDIR and leaves a file there, as SwiftPM does.
        let fake = try folder.write("bin/swift", "#!/bin/sh\nprintf '%s' \"$TMPDIR\" > \"$1\"\nmkdir \"$TMPDIR/TemporaryDirectory.abc\"\n")
        #expect(chmod(fake, 0o755) == 0)
        let record = (folder.path as NSString).appendingPathComponent("tmpdir.txt")

        let result = try DumpPackageRunner(swiftExecutable: fake).run([record])

        #expect(result.status == .exited(0))
        let childTemporaryFolder = try String(contentsOfFile: record, encoding: .utf8)
        #expect(childTemporaryFolder.contains("modgraph-swiftpm."))
        #expect(!FileManager.default.fileExists(atPath: childTemporaryFolder))
    }

    @Test func aMissingExecutableIsNamed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let package = try folder.package("P", manifest: "// not read\n")
        #expect(throws: LoadError.swiftNotFound(executable: "/nonexistent/swift")) {
            try DumpPackageRunner(swiftExecutable: "/nonexistent/swift").dump(forPackageAt: package)
        }
    }
}
