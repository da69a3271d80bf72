import Foundation
import ModGraphCLI

exit(EntryPoint.run(Array(CommandLine.arguments.dropFirst())))
