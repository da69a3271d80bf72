import ArgumentParser
import Foundation
import ModGraphKit
import ModGraphOutput

/// Runs `modgraph` with `arguments` and returns its exit status, so that the
/// executable stays one line and every failure maps to a documented code:
/// 0 success, 1 findings, 2 usage or input error.
public enum EntryPoint {
    public static func run(_ arguments: [String]) -> Int32 {
        do {
            var command = try ModGraphCommand.parseAsRoot(arguments)
            try command.run()
            return 0
        } catch let error as LoadError {
            // One line of error; a failed manifest's compiler diagnostics follow as notes.
            if case let .manifestFailed(manifest, diagnostics) = error {
                Console.error("\(manifest): manifest failed to load")
                for line in diagnostics.split(separator: "\n") { Console.note(String(line)) }
            } else {
                Console.error(error.description)
            }
            return 2
        } catch let error as ConfigError {
            Console.error(error.description)
            return 2
        } catch let error as CommandError {
            Console.error(error.description)
            return 2
        } catch let code as ExitCode {
            return code.rawValue
        } catch {
            let code = ModGraphCommand.exitCode(for: error)
            let message = ModGraphCommand.fullMessage(for: error)
            if code == .success {
                Console.write(message + "\n")
                return 0
            }
            // Usage errors keep their lines; each is escaped, as argv may carry names.
            for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
                Console.writeError(Escape.text(String(line), limit: Escape.messageLimit) + "\n")
            }
            return 2
        }
    }
}
