import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphSystem

/// Weights by size: the non-blank lines of the source files SwiftPM would
/// compile for each target. A cheap stand-in for compile time that needs no
/// build, and good enough to find the long chains.
///
/// The files are found as SwiftPM finds them: the target's folder (its
/// `path:`, else `Sources/NAME`, `Source/NAME`, `src/NAME`, `srcs/NAME`,
/// `Tests/NAME` for tests, `Plugins/NAME` for plugins, as the loader
/// resolved it), all of it or only the `sources:` listed, minus `exclude:`,
/// skipping hidden files and folders; for an Xcode target, its *Compile
/// Sources* phase and synchronised folders (``SourceFileLister``). Compiled
/// files are Swift, C, C++, Objective-C and assembly
/// (`.swift .c .cc .cpp .cxx .c++ .m .mm .s .S`); headers are not counted.
public struct SourceLineCounter: Sendable {
    /// Where each target's files are (``Workspace/targetFiles(for:)`` for
    /// packages; the Xcode loader adds its targets').
    public let files: [TargetID: TargetFiles]

    public init(files: [TargetID: TargetFiles]) {
        self.files = files
    }

    /// Line counts for every target whose files are on disk, remote
    /// packages' targets expanded from their checkouts included; external
    /// products, and targets of packages not on disk, get the default, and
    /// the warning says how to count external products' real lines.
    public func weights(for graph: ModuleGraph) -> TargetWeights {
        var known: [Int: Double] = [:]
        var warnings: [String] = []
        for (vertex, target) in graph.targets.enumerated() where TargetWeights.hasCompileStep(target.type) {
            guard let described = files[target.id] else { continue }
            if case let .folder(folder, _, _) = described, !FileStatus.isFolder(folder) {
                warnings.append("\(target.id): the folder of target '\(target.name)' (\(target.path ?? folder)) does not exist")
                continue
            }
            let lines = SourceFileLister.files(described, extensions: SourceFileLister.compiled)
                .reduce(0) { $0 + Self.nonBlankLines(inFileAt: $1) }
            // A weights file may not exceed the bound either (WeightsFile.maximumWeight says why).
            if Double(lines) > WeightsFile.maximumWeight {
                warnings.append(
                    "\(target.id): \(lines) non-blank lines of source; counted as \(Int(WeightsFile.maximumWeight)), the largest weight")
            }
            known[vertex] = min(Double(lines), WeightsFile.maximumWeight)
        }
        // A product node stands for another package's targets, whose files are only read once they are expanded.
        let note =
            graph.targets.contains { $0.type == .externalProduct }
            ? "`--externals expand` counts external products' sources (after `swift package resolve`)"
            : nil
        return TargetWeights.assemble(
            graph: graph, known: known, unit: .lines, source: "sources", extraWarnings: warnings, defaultedNote: note)
    }

    /// The largest source file read to count its lines: past any hand-written or generated file a
    /// repository keeps; a larger one is not read and counts as the largest weight.
    static let maximumFileBytes = 256 << 20

    /// Lines holding anything but white space; the file read with one open and counted on its
    /// bytes in place (byte by byte through `Data`'s iterator this was a quarter of a warm `diff`).
    static func nonBlankLines(inFileAt path: String) -> Int {
        let bytes: [UInt8]
        switch ConfinedFiles.read(path: path, limit: maximumFileBytes) {
        case let .bytes(read): bytes = read
        case .tooLarge: return Int(WeightsFile.maximumWeight)
        case .missing, .denied, .notAFile: return 0
        }
        return bytes.withUnsafeBufferPointer(nonBlankLines(in:))
    }

    /// The lines of `buffer` holding anything but white space (space, tab, CR, VT, FF). Each line
    /// is looked at up to its first other byte, then skipped to its end with `memchr`, which reads
    /// many bytes a step: counting byte by byte was a tenth of a warm `diff` on swift-package-manager.
    static func nonBlankLines(in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var count = 0
        var index = 0
        let end = buffer.count
        while index < end {
            let byte = base[index]
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                index += 1
            default:
                // Text on this line: it counts, and the rest of it need not be looked at.
                count += 1
                guard let newline = memchr(base + index, Int32(UInt8(ascii: "\n")), end - index) else { return count }
                index = base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
            }
        }
        return count
    }
}
