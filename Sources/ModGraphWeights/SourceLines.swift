import Foundation
import ModGraphCore
import ModGraphManifest

/// Weights by size: the non-blank lines of the source files SwiftPM would
/// compile for each target. A cheap stand-in for compile time that needs no
/// build, and good enough to find the long chains.
///
/// The files are found as SwiftPM finds them: the target's folder (its
/// `path:`, else `Sources/NAME`, `Source/NAME`, `src/NAME`, `srcs/NAME`,
/// `Tests/NAME` for tests, `Plugins/NAME` for plugins, as the loader
/// resolved it), all of it or only the `sources:` listed, minus `exclude:`,
/// skipping hidden files and folders. Compiled files are Swift, C, C++,
/// Objective-C and assembly (`.swift .c .cc .cpp .cxx .c++ .m .mm .s .S`);
/// headers are not counted.
public struct SourceLineCounter: Sendable {
    public static let compiledExtensions: Set<String> = ["swift", "c", "cc", "cpp", "cxx", "c++", "m", "mm", "s", "S"]

    public let workspace: Workspace

    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// Line counts for every target whose files are on disk; external
    /// products, and targets of packages not on disk, get the default.
    public func weights(for graph: ModuleGraph) -> TargetWeights {
        var known: [Int: Double] = [:]
        var warnings: [String] = []
        for (vertex, target) in graph.targets.enumerated() where TargetWeights.hasCompileStep(target.type) {
            guard let package = workspace.packages[target.package], let directory = package.directory,
                  let manifestTarget = package.manifest?.targets.first(where: { $0.name == target.name }),
                  let path = target.path else { continue }
            let folder = path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
            guard isDirectory(folder) else {
                warnings.append("\(package.manifestPath): the folder of target '\(target.name)' (\(path)) does not exist")
                continue
            }
            let files = sourceFiles(in: folder, sources: manifestTarget.sources, exclude: manifestTarget.exclude)
            let lines = files.reduce(0) { $0 + Self.nonBlankLines(inFileAt: $1) }
            // A weights file may not exceed the bound either (WeightsFile.maximumWeight says why).
            if Double(lines) > WeightsFile.maximumWeight {
                warnings.append("\(target.id): \(lines) non-blank lines of source; counted as \(Int(WeightsFile.maximumWeight)), the largest weight")
            }
            known[vertex] = min(Double(lines), WeightsFile.maximumWeight)
        }
        return TargetWeights.assemble(graph: graph, known: known, unit: .lines, source: "sources", extraWarnings: warnings)
    }

    /// The compiled files of a target folder, as absolute paths, sorted.
    func sourceFiles(in folder: String, sources: [String]?, exclude: [String]) -> [String] {
        let roots = (sources ?? ["."]).map { Self.normalised($0) }
        let excluded = exclude.map { Self.normalised($0) }
        var files = Set<String>()
        for root in roots {
            for relative in filesUnder(root, in: folder)
            where Self.isCompiled(relative) && !excluded.contains(where: { Self.isSame(relative, orInside: $0) }) {
                files.insert(relative)
            }
        }
        return files.sorted().map { $0 == "." ? folder : (folder as NSString).appendingPathComponent($0) }
    }

    /// Paths relative to `folder` of the files at or under `root`, without hidden ones.
    private func filesUnder(_ root: String, in folder: String) -> [String] {
        let start = root == "." ? folder : (folder as NSString).appendingPathComponent(root)
        guard isDirectory(start) else {
            return FileManager.default.fileExists(atPath: start) ? [root] : []
        }
        guard let enumerator = FileManager.default.enumerator(atPath: start) else { return [] }
        var found: [String] = []
        while let item = enumerator.nextObject() as? String {
            if item.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            let relative = root == "." ? item : (root as NSString).appendingPathComponent(item)
            if !isDirectory((start as NSString).appendingPathComponent(item)) { found.append(relative) }
        }
        return found
    }

    private func isDirectory(_ path: String) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
    }

    static func isCompiled(_ path: String) -> Bool {
        compiledExtensions.contains((path as NSString).pathExtension)
    }

    /// `./A/B/` and `A/B` are the same; `.` is the whole folder.
    static func normalised(_ path: String) -> String {
        let parts = path.split(separator: "/").filter { $0 != "." }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    static func isSame(_ path: String, orInside folder: String) -> Bool {
        folder == "." || path == folder || path.hasPrefix(folder + "/")
    }

    /// Lines holding anything but white space.
    static func nonBlankLines(inFileAt path: String) -> Int {
        guard let data = FileManager.default.contents(atPath: path) else { return 0 }
        var count = 0
        var lineHasText = false
        for byte in data {
            switch byte {
            case UInt8(ascii: "\n"):
                if lineHasText { count += 1 }
                lineHasText = false
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                break
            default:
                lineHasText = true
            }
        }
        return count + (lineHasText ? 1 : 0)
    }
}
