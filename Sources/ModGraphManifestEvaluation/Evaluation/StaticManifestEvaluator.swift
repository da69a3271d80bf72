import Foundation
import ModGraphManifest
import ModGraphSyntax
import SwiftParser
import SwiftSyntax

/// Evaluates a `Package.swift` from its syntax tree, without compiling it:
/// the manifest's own packages are mostly declarations (`Package(name:,
/// products:, dependencies:, targets:)` with literals, a few constants,
/// concatenation, `#if os(...)`), and compiling each costs a `swift` process
/// and half a second to seconds. The result is the ``Manifest`` that decoding
/// `dump-package`'s output gives on this toolchain, or an
/// ``EvaluationFallback`` when the manifest leaves the subset evaluated here
/// (functions, loops, environment reads, other imports, unknown API or
/// arguments, anything `dump-package` might reject), and must be dumped.
///
/// Version-specific manifests (`Package@swift-6.0.swift`) are chosen as SwiftPM chooses (``ManifestSelection``).
public struct StaticManifestEvaluator: Sendable {
    public let host: EvaluationHost

    /// The oldest tools-version evaluated: older manifests use API overloads not modelled here.
    public static let oldestToolsVersion = ToolsVersion(major: 5, minor: 0)

    public init(host: EvaluationHost) {
        self.host = host
    }

    /// The manifest of the package in `directory` (absolute, canonical).
    ///
    /// - Complexity: O(n) in the manifest's size, within ``EvaluationBounds``.
    public func manifest(forPackageAt directory: String) -> Result<Manifest, EvaluationFallback> {
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            return .failure(EvaluationFallback("the folder cannot be listed"))
        }
        let chosen: String
        do throws(EvaluationFallback) {
            chosen = try ManifestSelection.manifestName(in: names, current: host.compilerVersion) { name in
                (try? Data(contentsOf: folder.appendingPathComponent(name))).flatMap(ToolsVersionLine.parse(start:))
            }
        } catch {
            return .failure(error)
        }
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(chosen)) else {
            return .failure(EvaluationFallback("\(chosen) cannot be read"))
        }
        return manifest(source: data, directory: directory)
    }

    /// The manifest whose `Package.swift` holds `source`, for the package in `directory`.
    public func manifest(source: Data, directory: String) -> Result<Manifest, EvaluationFallback> {
        guard source.count <= EvaluationBounds.maximumManifestBytes else {
            return .failure(EvaluationFallback("a manifest larger than \(EvaluationBounds.maximumManifestBytes) bytes"))
        }
        // Foundation drops a byte-order mark when it decodes UTF-8, so the bytes are asked: SwiftPM does not
        // skip one, finds no tools-version line, and refuses the manifest as tools-version 3.1.
        guard !ToolsVersionLine.startsWithByteOrderMark(source) else {
            return .failure(EvaluationFallback("a byte-order mark before the swift-tools-version line", line: 1))
        }
        guard let text = String(validatingUTF8: source), !text.isEmpty, !text.hasPrefix("\u{FEFF}") else {
            return .failure(EvaluationFallback("a manifest that is empty or not UTF-8"))
        }
        guard let toolsVersion = ToolsVersionLine.parse(text) else {
            return .failure(EvaluationFallback("a swift-tools-version line of another form", line: 1))
        }
        guard toolsVersion >= Self.oldestToolsVersion, toolsVersion <= host.compilerVersion else {
            return .failure(
                EvaluationFallback("tools-version \(toolsVersion) outside \(Self.oldestToolsVersion)...\(host.compilerVersion)", line: 1))
        }
        // The parser recurses once per level of brackets and of chains without them (`try try …`, `->`),
        // and its recovery from damaged input can take time exponential in the brackets' nesting: both
        // are measured on the tokens before parsing, and the parse runs only where its recursion has room.
        let (deepest, excess) = source.withUnsafeBytes {
            SyntaxDepth.measure($0.bindMemory(to: UInt8.self), limits: EvaluationBounds.syntaxLimits)
        }
        if let excess {
            switch excess {
            case .brackets: return .failure(EvaluationFallback("brackets nested past the bound"))
            case .depth, .typeBrackets: return .failure(EvaluationFallback("brackets, #if blocks or chains (try, await, ->) nested past the bound"))
            case .treeDepth: return .failure(EvaluationFallback("chains of ., !, ?, calls or subscripts nested past the bound"))
            }
        }
        let evaluated = SyntaxStack.run(depth: deepest.treeDepth) { () -> Result<Manifest, EvaluationFallback> in
            var parser = Parser(text, maximumNestingLevel: EvaluationBounds.maximumNesting)
            let file = SourceFileSyntax.parse(from: &parser)
            guard !file.hasError else { return .failure(EvaluationFallback("a manifest the parser rejects")) }
            let interpreter = Interpreter(toolsVersion: toolsVersion, host: host, source: text)
            do throws(EvaluationFallback) {
                let package = try interpreter.run(file)
                return .success(try ManifestAssembly(toolsVersion: toolsVersion, directory: directory).manifest(from: package))
            } catch {
                return .failure(error)
            }
        }
        return evaluated ?? .failure(EvaluationFallback("nested \(deepest.treeDepth) deep, more than this thread's stack has room to parse"))
    }
}

private extension String {
    /// `nil` unless `data` is valid UTF-8, as SwiftPM requires of manifests.
    init?(validatingUTF8 data: Data) {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        self = text
    }
}
