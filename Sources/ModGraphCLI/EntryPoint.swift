import ArgumentParser
import Foundation
import ModGraphKit
import ModGraphOutput

/// Runs `modgraph` with `arguments` and returns its exit status, so that the
/// executable stays one line and every failure maps to a documented code:
/// 0 success, 1 findings, 2 usage or input error.
public enum EntryPoint {
    public static func run(_ arguments: [String]) -> Int32 {
        // Started as the memory limiter of a child: become that child, before anything else.
        ChildMemory.runIfLimiter(arguments)
        do {
            var command = try ModGraphCommand.parseAsRoot(arguments)
            // Commands run `swift` and builds: an interrupt must not leave them running,
            // and a manifest must not take the machine's memory.
            Interrupts.stopChildProcesses()
            ChildMemory.limitThroughThisExecutable()
            try command.run()
            return 0
        } catch let error as any UserFacingError {
            // One line of error; what follows it (a failed manifest's compiler diagnostics, capped) as notes.
            Console.error(error.description)
            error.details.forEach(Console.note)
            return 2
        } catch let code as ExitCode {
            return code.rawValue
        } catch is ManifestsDiffer {
            // `--verify-manifests` printed each difference: a finding, as check's are.
            return 1
        } catch {
            let code = ModGraphCommand.exitCode(for: error)
            let message = ModGraphCommand.fullMessage(for: error)
            if code == .success {
                Console.write(message + "\n")
                return 0
            }
            // One prefix for every error: argument parsing's `Error: …` line becomes
            // `error: …`, and its usage lines follow as notes (each escaped, as argv may carry names).
            let lines = message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let first = lines.first.map { $0.hasPrefix("Error: ") ? String($0.dropFirst("Error: ".count)) : $0 } ?? "invalid arguments"
            Console.error(first)
            for line in lines.dropFirst() { Console.note(line) }
            return 2
        }
    }
}
