import Foundation
import ModGraphChanges
import ModGraphCore
import ModGraphManifest

/// The `affected.triggers` `modgraph init` proposes: folders that tests read
/// but no target builds (`Fixtures`, `Inputs` or `Resources`, at a package's
/// top or under its `Tests/`), each with the test targets that may read it.
/// Without them a change to a fixture selects no test (docs/affected.md).
struct StarterTriggers {
    struct Trigger: Equatable {
        /// Relative to the folder the configuration is written in.
        let path: String
        /// Target patterns, each matching one target exactly.
        let targets: [String]
    }

    let triggers: [Trigger]

    static let folderNames = ["Fixtures", "Inputs", "Resources"]
    /// The most Swift files read, and bytes read of each, to find the tests that name a folder.
    static let maximumFiles = 2_000
    static let maximumFileBytes = 256 << 10

    init(loaded: LoadedGraph, folder: String) {
        let base = Paths.canonical(folder) ?? folder
        let owners = FileOwners(loaded.targetFiles)
        var triggers: [Trigger] = []
        var filesRead = 0
        let packages = loaded.workspace.packages.values.filter(\.origin.isOwn).sorted { $0.identity.rawValue < $1.identity.rawValue }
        for package in packages {
            guard let directory = package.directory, let inside = ChangeJudge.relative(directory, to: base) else { continue }
            let tests = loaded.graph.targets.filter { $0.package == package.identity && $0.type == .test }
            guard !tests.isEmpty else { continue }
            for candidate in Self.candidates(in: directory) where owners.owners(of: candidate + "/-").isEmpty {
                let name = (candidate as NSString).lastPathComponent
                let relative = ChangeJudge.relative(candidate, to: directory) ?? name
                // Under `Tests/NAME/`, NAME's; else the tests whose sources name the folder; else every test of the package.
                let parts = relative.split(separator: "/").map(String.init)
                var readers = tests.filter { parts.count >= 3 && parts[0] == "Tests" && $0.name == parts[1] }
                if readers.isEmpty {
                    readers = tests.filter { test in
                        Self.sources(of: test.id, in: loaded, budget: &filesRead).contains { Self.file($0, mentions: name) }
                    }
                }
                if readers.isEmpty { readers = tests }
                let path = (inside == "." ? "" : inside + "/") + relative + "/**"
                triggers.append(Trigger(path: path, targets: readers.map { StarterConfiguration.literal($0.id) }.sorted()))
            }
        }
        self.triggers = triggers
    }

    /// `Fixtures` (and the like) at the package's top, under `Tests/`, and under `Tests/NAME/`.
    static func candidates(in directory: String) -> [String] {
        var folders: [String] = []
        for name in folderNames {
            folders.append(directory + "/" + name)
            folders.append(directory + "/Tests/" + name)
        }
        let tests = (try? FileManager.default.contentsOfDirectory(atPath: directory + "/Tests")) ?? []
        for test in tests.sorted() where !folderNames.contains(test) {
            for name in folderNames { folders.append(directory + "/Tests/" + test + "/" + name) }
        }
        return folders.filter(Paths.isDirectory)
    }

    /// The Swift files of a test target's folder, while the budget lasts.
    static func sources(of target: TargetID, in loaded: LoadedGraph, budget: inout Int) -> [String] {
        guard case let .folder(folder, _, _)? = loaded.targetFiles[target],
            let enumerator = FileManager.default.enumerator(atPath: folder)
        else { return [] }
        var files: [String] = []
        while let next = enumerator.nextObject() as? String, budget < maximumFiles {
            guard next.hasSuffix(".swift") else { continue }
            budget += 1
            files.append(folder + "/" + next)
        }
        return files
    }

    static func file(_ path: String, mentions name: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let data = handle.readData(ofLength: maximumFileBytes)
        return String(decoding: data, as: UTF8.self).contains(name)
    }
}
