import Foundation
import ModGraphCore
import ModGraphXcode

/// The `.xcconfig` files a target's build settings name, with every file they
/// include (`#include "Shared.xcconfig"`, `#include? "Local.xcconfig"`: relative
/// to the including file's folder, or absolute), read at the head through
/// ``ChangeSources``: a change to an included file changes the settings of every
/// target whose configuration is based on a file that includes it.
///
/// Only files inside the repository's top folder are read; a file over
/// ``maximumBytes``, includes deeper than ``maximumDepth`` and more than
/// ``maximumFiles`` files in all are not followed, so a planted include loop or
/// chain costs a bounded amount.
enum ConfigurationIncludes {
    static let maximumBytes = 1 << 20
    static let maximumDepth = 32
    static let maximumFiles = 512

    /// `targetFiles` with each Xcode target's setting files joined by what their `.xcconfig`s include.
    ///
    /// - Parameter read: a file's contents at the head, by its path relative to `topLevel`.
    /// - Complexity: O(files read × their size), each file read once.
    static func expanded(
        _ targetFiles: [TargetID: TargetFiles], topLevel: String, read: @escaping (String) -> Data?
    ) -> [TargetID: TargetFiles] {
        var reader = Reader(topLevel: topLevel, read: read)
        var result = targetFiles
        for (target, files) in targetFiles {
            guard case let .project(sources, folders, resources, settings) = files,
                settings.contains(where: { $0.hasSuffix(".xcconfig") })
            else { continue }
            var all = settings
            var seen = Set(settings)
            for file in settings where file.hasSuffix(".xcconfig") {
                for included in reader.included(by: file, depth: 0) where seen.insert(included).inserted { all.append(included) }
            }
            result[target] = .project(files: sources, folders: folders, resources: resources, settings: all)
        }
        return result
    }

    /// The paths `text` includes, as written, in order (read as the loader reads `.xcconfig` files: ``ConfigFiles``).
    static func includes(in text: String) -> [String] {
        ConfigFiles.lines(text).compactMap { line in
            if case let .include(path, _) = line { return path }
            return nil
        }
    }

    private struct Reader {
        let topLevel: String
        let read: (String) -> Data?
        /// What each file includes, transitively, once worked out.
        var known: [String: [String]] = [:]
        var filesRead = 0

        init(topLevel: String, read: @escaping (String) -> Data?) {
            self.topLevel = topLevel
            self.read = read
        }

        /// Every file `file` (absolute) includes, directly or through others, without `file` itself.
        mutating func included(by file: String, depth: Int) -> [String] {
            if let done = known[file] { return done }
            // Marked before the walk: a loop back to a file being read ends there.
            known[file] = []
            guard depth < ConfigurationIncludes.maximumDepth, filesRead < ConfigurationIncludes.maximumFiles,
                let relative = ChangeJudge.relative(file, to: topLevel), relative != ".",
                let data = read(relative), data.count <= ConfigurationIncludes.maximumBytes
            else { return [] }
            filesRead += 1
            let folder = (file as NSString).deletingLastPathComponent
            var all: [String] = []
            for written in ConfigurationIncludes.includes(in: String(decoding: data, as: UTF8.self)) {
                let path = XcodePath.join(folder, written)
                all.append(path)
                all += included(by: path, depth: depth + 1)
            }
            known[file] = all
            return all
        }
    }
}
