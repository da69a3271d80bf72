/// How a load's Tuist manifests were answered: evaluated statically, compiled, or taken from the
/// cache; and with `--verify-manifests`, each difference between the evaluated and the compiled
/// project, one line each, and each manifest's outcome.
public struct TuistVerification: Sendable, Equatable {
    public var manifests = 0
    /// Answered by the evaluator, now or (from the cache) before.
    public var evaluated = 0
    /// Compiled and run now.
    public var compiled = 0
    /// Answers taken from the cache, evaluated or compiled before.
    public var cached = 0
    public var differences: [String] = []
    /// `evaluated: PATH` or `fell back: PATH: reason`, one per manifest, with `--verify-manifests`.
    public var outcomes: [String] = []

    public init() {}

    /// `Tuist manifests: 44 read, 40 evaluated statically (91%), 4 compiled, 0 from the cache`, and with
    /// `--verify-manifests` the differences found.
    public func summary(verifying: Bool) -> String {
        let share = manifests == 0 ? 0 : Int((Double(evaluated) * 100 / Double(manifests)).rounded())
        var line =
            "Tuist manifests: \(manifests) read, \(evaluated) evaluated statically (\(share)%), \(compiled) compiled, "
            + "\(cached) from the cache"
        if verifying { line += ", \(differences.count) difference\(differences.count == 1 ? "" : "s")" }
        return line
    }

    /// What differs between the project evaluated statically and the one the compiled manifest printed. A
    /// `.relativeToCurrentFile` path names its caller as the file it stands for (``TuistProjectModel/callerFile(_:tuistRoot:)``):
    /// the compiled manifest's `#filePath` is its copy's, in a temporary folder.
    static func differences(_ mine: TuistDump.Project, _ theirs: TuistDump.Project, tuistRoot: String) -> [String] {
        func placed(_ project: TuistDump.Project) -> TuistDump.Project {
            var project = project
            for index in project.targets.indices {
                project.targets[index].dependencies = project.targets[index].dependencies.map { dependency in
                    guard case .project(let target, var path, let filters) = dependency, let caller = path.callerPath else {
                        return dependency
                    }
                    path.callerPath = TuistProjectModel.callerFile(caller, tuistRoot: tuistRoot)
                    return .project(target: target, path: path, filters: filters)
                }
            }
            return project
        }
        return differences(placed(mine), placed(theirs))
    }

    private static func differences(_ mine: TuistDump.Project, _ theirs: TuistDump.Project) -> [String] {
        var found: [String] = []
        if mine.name != theirs.name { found.append("name: '\(mine.name)' evaluated, '\(theirs.name)' compiled") }
        if mine.packages != theirs.packages { found.append("packages: \(mine.packages) evaluated, \(theirs.packages) compiled") }
        let names = Set(mine.targets.map(\.name)).union(theirs.targets.map(\.name)).sorted()
        for name in names {
            let left = mine.targets.filter { $0.name == name }
            let right = theirs.targets.filter { $0.name == name }
            guard left.count == right.count else {
                found.append("target '\(name)': \(left.count) evaluated, \(right.count) compiled")
                continue
            }
            for (a, b) in zip(left, right) where a != b {
                found += fieldDifferences(a, b).map { "target '\(name)': \($0)" }
            }
        }
        return found
    }

    private static func fieldDifferences(_ a: TuistDump.Target, _ b: TuistDump.Target) -> [String] {
        var found: [String] = []
        func compare<T: Equatable>(_ field: String, _ x: T, _ y: T) {
            if x != y { found.append("\(field): \(x) evaluated, \(y) compiled") }
        }
        compare("product", a.product, b.product)
        compare("productName", a.productName, b.productName)
        compare("destinations", a.destinations, b.destinations)
        compare("sources", a.sources.map(describe), b.sources.map(describe))
        compare("resources", a.resources.map(describe), b.resources.map(describe))
        compare("buildableFolders", a.buildableFolders.map(describe), b.buildableFolders.map(describe))
        compare("dependencies", a.dependencies, b.dependencies)
        compare("settings", a.settings, b.settings)
        return found
    }

    private static func describe(_ glob: TuistDump.Glob) -> String {
        describe(glob.pattern) + (glob.excluding.isEmpty ? "" : " excluding " + glob.excluding.map(describe).joined(separator: ", "))
    }

    /// A path as modgraph reads it: `.relativeToCurrentFile` by the folder it names, not the caller's spelling.
    private static func describe(_ path: TuistDump.Path) -> String {
        "\(path.base.rawValue)(\(path.text))"
    }
}
