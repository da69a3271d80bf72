import Foundation
import ModGraphCore
import ModGraphXcode

/// Schemes and test plans build nothing themselves; what they change is which
/// tests run and how (arguments, environment, options), and, for a scheme's
/// build action, what it builds. So a changed `.xcscheme` selects the test
/// targets its test action runs (its testables, or the test plans it names), at
/// the base and at the head, and the targets of its build action when those
/// entries changed; a changed `.xctestplan` selects the test targets it runs at
/// either end. A file that cannot be read, or that names nothing loaded, is
/// judged as before (a project's file: every target of it).
extension ChangeJudge {
    mutating func schemeChanged(_ path: String, absolute: String) -> AffectedReport.Verdict? {
        // Either end that is there and cannot be read could run anything.
        let headBytes = sources.headContent(of: path)
        let baseBytes = sources.baseContent(of: path)
        let head = headBytes.flatMap { try? XcodeScheme(Array($0), file: path) }
        let base = baseBytes.flatMap { try? XcodeScheme(Array($0), file: path) }
        guard head != nil || base != nil, (head == nil) == (headBytes == nil), (base == nil) == (baseBytes == nil) else { return nil }
        let folder = Self.containerFolder(of: absolute)
        var tests: [TargetID] = []
        for scheme in [base, head].compactMap({ $0 }) {
            tests += scheme.tests.compactMap { target($0.container, $0.identifier, $0.name, from: [folder]) }
            for plan in scheme.testPlans {
                guard let planPath = Self.containerPath(plan, from: folder), let relative = Self.relative(planPath, to: topLevel),
                    let entries = sources.headContent(of: relative).flatMap(TestPlan.enabledTargets)
                else { continue }
                tests += entries.compactMap { target($0.containerPath, $0.identifier, $0.name, from: Self.folders(above: planPath, to: topLevel)) }
            }
        }
        var builds: [TargetID] = []
        if base?.builds != head?.builds {
            for scheme in [base, head].compactMap({ $0 }) {
                builds += scheme.builds.compactMap { target($0.container, $0.identifier, $0.name, from: [folder]) }
            }
        }
        let selected = Array(Set(tests + builds)).sorted()
        guard !selected.isEmpty else { return nil }
        for target in Set(tests) { add(target, .project(path, detail: "a scheme that tests it changed")) }
        for target in Set(builds) { add(target, .project(path, detail: "the build action of a scheme changed")) }
        let detail = builds.isEmpty ? "the tests it runs" : "the tests it runs, and what its build action builds, which changed"
        return .tests(.scheme, targets: selected, detail: detail)
    }

    mutating func testPlanChanged(_ path: String, absolute: String) -> AffectedReport.Verdict? {
        let folders = Self.folders(above: absolute, to: topLevel)
        var tests: [TargetID] = []
        for plan in [sources.baseContent(of: path), sources.headContent(of: path)].compactMap({ $0 }) {
            guard let entries = TestPlan.enabledTargets(plan) else { return nil }
            tests += entries.compactMap { target($0.containerPath, $0.identifier, $0.name, from: folders) }
        }
        guard !tests.isEmpty else { return nil }
        let selected = Array(Set(tests)).sorted()
        for target in selected { add(target, .project(path, detail: "a test plan that runs it changed")) }
        return .tests(.testPlan, targets: selected, detail: "the tests it runs")
    }

    /// The loaded target a reference names: its container (`container:App.xcodeproj`, `container:Packages/Feed`,
    /// `container:` for the folder itself) resolved against the first of `folders` where it is a loaded project or
    /// own package; the target by name there (a project's) or by identifier (a package's, which is its name).
    private func target(_ container: String, _ identifier: String, _ name: String, from folders: [String]) -> TargetID? {
        for folder in folders {
            guard let path = Self.containerPath(container, from: folder) else { return nil }
            let candidate: TargetID
            if let project = inputs.projects[path] {
                candidate = TargetID(package: project, name: name)
            } else if let package = inputs.workspace.packages.values.first(where: { $0.origin.isOwn && $0.directory == path }) {
                candidate = TargetID(package: package.identity, name: identifier)
            } else {
                continue
            }
            return graph.index(of: candidate) != nil ? candidate : nil
        }
        return nil
    }

    /// `container:PATH` (or `group:PATH`, `absolute:PATH`) as an absolute path, `container:` against `folder`.
    static func containerPath(_ location: String, from folder: String) -> String? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let path = String(location[location.index(after: colon)...])
        switch location[..<colon] {
        case "container", "group": return XcodePath.join(folder, path)
        case "absolute": return XcodePath.normalised(path)
        default: return nil
        }
    }

    /// The folder a scheme's `container:` paths are relative to: the one holding the `.xcodeproj`,
    /// `.xcworkspace` or `.swiftpm` folder the scheme is kept in; else the scheme's own folder.
    static func containerFolder(of scheme: String) -> String {
        let parts = scheme.split(separator: "/", omittingEmptySubsequences: false)
        if let index = parts.lastIndex(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") || $0 == ".swiftpm" }) {
            let folder = parts[..<index].joined(separator: "/")
            return folder.isEmpty ? "/" : folder
        }
        return (scheme as NSString).deletingLastPathComponent
    }

    /// The folders holding `path`, innermost first, down to `top` (a test plan's `container:` paths
    /// are relative to the workspace or project that uses it, which is usually in one of them).
    static func folders(above path: String, to top: String) -> [String] {
        var folders: [String] = []
        var folder = (path as NSString).deletingLastPathComponent
        while relative(folder, to: top) != nil, folders.count < 256 {
            folders.append(folder)
            if folder == top { break }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return folders
    }
}
