import ArgumentParser
import Foundation
import ModGraphManifest
import ModGraphRules

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
            Console.error(error.description)
            for line in error.details { Console.writeError("note: \(line)\n") }
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
            Console.writeError(message + "\n")
            return 2
        }
    }
}

/// A failure of the command itself (as opposed to the input it read), one line.
public struct CommandError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
