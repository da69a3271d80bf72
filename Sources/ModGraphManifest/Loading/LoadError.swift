/// Why a workspace could not be loaded. Each message is one line that names
/// the file or folder at fault and what to do about it; the compiler's own
/// diagnostics, when there are some, follow on the next lines.
public enum LoadError: Error, Equatable, Sendable, CustomStringConvertible {
    case noManifest(directory: String)
    case pathNotFound(String)
    case unreadable(path: String, reason: String)
    case swiftNotFound(executable: String)
    case manifestFailed(manifest: String, diagnostics: String)
    case dumpTooLarge(source: String, limit: Int)
    case malformedJSON(source: String, line: Int, column: Int, problem: String)
    case nestedTooDeep(source: String, line: Int, column: Int, limit: Int)
    case invalidDump(source: String, codingPath: String, problem: String)
    case unresolvedDependency(manifest: String, target: String, dependency: String)
    case unknownTarget(manifest: String, target: String, dependency: String)
    case unknownProduct(manifest: String, target: String, product: String, package: String)
    case unknownPackage(manifest: String, target: String, package: String)
    case ambiguousDependency(manifest: String, target: String, dependency: String, candidates: [String])
    case identityClash(identity: String, firstPath: String, secondPath: String)
    case unknownTrait(manifest: String, trait: String, declared: [String])

    public var description: String {
        switch self {
        case let .noManifest(directory):
            "\(directory): no Package.swift found"
        case let .pathNotFound(path):
            "\(path): no such file or directory"
        case let .unreadable(path, reason):
            "\(path): cannot read: \(reason)"
        case let .swiftNotFound(executable):
            "cannot run '\(executable)': not found; pass --swift-executable or set MODGRAPH_SWIFT"
        case let .manifestFailed(manifest, diagnostics):
            diagnostics.isEmpty
                ? "\(manifest): manifest failed to load"
                : "\(manifest): manifest failed to load\n\(diagnostics)"
        case let .dumpTooLarge(source, limit):
            "\(source): larger than \(limit / 1_048_576) MiB, which no dump-package document needs; not loaded"
        case let .malformedJSON(source, line, column, problem):
            "\(source):\(line):\(column): malformed JSON: \(problem)"
        case let .nestedTooDeep(source, line, column, limit):
            "\(source):\(line):\(column): JSON nested more than \(limit) arrays and objects deep, which no dump-package document needs; not loaded"
        case let .invalidDump(source, codingPath, problem):
            "\(source): not a dump-package document: \(problem)" + (codingPath.isEmpty ? "" : " (at \(codingPath))")
        case let .unresolvedDependency(manifest, target, dependency):
            "\(manifest): target '\(target)' depends on '\(dependency)', which is neither a target of this package nor a product of its dependencies"
        case let .unknownTarget(manifest, target, dependency):
            "\(manifest): target '\(target)' depends on target '\(dependency)', which this package does not declare"
        case let .unknownProduct(manifest, target, product, package):
            "\(manifest): target '\(target)' depends on product '\(product)', which package '\(package)' does not vend"
        case let .unknownPackage(manifest, target, package):
            "\(manifest): target '\(target)' names package '\(package)', which is not among the package's dependencies"
        case let .ambiguousDependency(manifest, target, dependency, candidates):
            "\(manifest): target '\(target)' depends on '\(dependency)', which several dependencies vend (\(candidates.joined(separator: ", "))); use .product(name:package:)"
        case let .identityClash(identity, firstPath, secondPath):
            "two packages have the identity '\(identity)': \(firstPath) and \(secondPath); rename one folder"
        case let .unknownTrait(manifest, trait, declared):
            "\(manifest): the package declares no trait '\(trait)' (" + (declared.isEmpty ? "it declares none" : "its traits: " + declared.joined(separator: ", ")) + ")"
        }
    }
}
