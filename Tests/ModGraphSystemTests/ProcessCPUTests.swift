import Foundation
import ModGraphSystem
import Testing

/// `measure` compares the CPU a build used with its jobs' own: the runner
/// reports the CPU of a program and of every descendant it waited for.
@Suite("process CPU time")
struct ProcessCPUTests {
    @Test(.enabled(if: ProcessRunner.locate("python3") != nil)) func theCPUOfWaitedDescendantsIsCounted() throws {
        // The program itself only waits; its child spins for 0.4 s of CPU.
        let spin = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.4: pass\n"
        let parent = "import subprocess, sys\nsubprocess.run([sys.executable, '-c', sys.argv[1]], check=True)\n"
        let result = try ProcessRunner(timeout: .seconds(60)).run(
            "python3", ["-c", parent, spin], environment: ProcessInfo.processInfo.environment,
            output: .capture(limit: 1 << 16, errorHead: 1 << 12))
        #expect(result.status.code == 0)
        #expect(result.cpuSeconds >= 0.4, "\(result.cpuSeconds)")
        #expect(result.cpuSeconds < 30)
    }
}
