import Foundation
import Testing

/// A dump file is mapped when it is a regular file and read otherwise; either
/// way the same graph comes out, and nothing past the bound is loaded.
@Suite("dump files")
struct DumpFileTests {
    private static let dump = #"""
        {"name": "P", "packageKind": {"root": ["/nowhere/P"]}, "dependencies": [], "products": [],
         "targets": [{"name": "A", "type": "regular", "dependencies": [{"byName": ["B", null]}]},
                     {"name": "B", "type": "regular", "dependencies": []}]}
        """#

    private func scratch() throws -> URL {
        try ModGraphRunner.scratchFolder("modgraph-dump")
    }

    @Test func aPipeGivesWhatTheFileGives() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("dump.json")
        try Self.dump.write(to: file, atomically: false, encoding: .utf8)
        let fromFile = try ModGraphRunner.run(["graph", file.path, "--format", "json"])
        #expect(fromFile.status == 0, "\(fromFile.errors)")
        #expect(fromFile.output.contains("\"p/A\""))

        let pipe = folder.appendingPathComponent("pipe.json")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        let writer = Thread {
            if let handle = FileHandle(forWritingAtPath: pipe.path) {
                handle.write(Data(Self.dump.utf8))
                try? handle.close()
            }
        }
        writer.start()
        let fromPipe = try ModGraphRunner.run(["graph", pipe.path, "--format", "json"])
        #expect(fromPipe.status == 0, "\(fromPipe.errors)")
        #expect(fromPipe.output == fromFile.output)
    }

    /// A sparse file far past the bound, and a device that never ends, are refused in one line.
    @Test func nothingPastTheBoundIsLoaded() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sparse = folder.appendingPathComponent("sparse.json")
        #expect(FileManager.default.createFile(atPath: sparse.path, contents: nil))
        #expect(truncate(sparse.path, 1 << 30) == 0)
        let device = folder.appendingPathComponent("device.json")
        try FileManager.default.createSymbolicLink(atPath: device.path, withDestinationPath: "/dev/zero")
        for path in [sparse.path, device.path] {
            let result = try ModGraphRunner.run(["graph", path])
            #expect(result.status == 2)
            #expect(result.errors == "error: \(path): larger than 64 MiB, which no dump-package document needs; not loaded\n")
        }
    }
}
