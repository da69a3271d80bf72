import Foundation
import ModGraphCore

/// Writes synthetic Xcode projects for the loading benchmarks: `projects`
/// projects sharing `targets` framework targets, each depending on a few
/// earlier ones (a random DAG, deterministic by seed). A dependency inside a
/// project is a target dependency plus a linked product, as Xcode writes it;
/// across projects, a linked framework the build makes (Xcode's implicit
/// dependency). Each target compiles one Swift file of its own folder.
public struct SyntheticXcodeWriter {
    public let projects: Int
    public let targets: Int
    public let seed: UInt64

    public init(projects: Int, targets: Int, seed: UInt64) {
        self.projects = max(1, projects)
        self.targets = max(1, targets)
        self.seed = seed
    }

    /// Writes `folder/ProjectK/ProjectK.xcodeproj` and the sources; returns the number of dependencies.
    @discardableResult
    public func write(to folder: String, writesSources: Bool = true) throws -> Int {
        let graph = SyntheticGraph.randomDAG(vertices: targets, averageDegree: 3, seed: seed)
        let projectOf = (0..<targets).map { $0 * projects / targets }
        var dependencies = [[Int]](repeating: [], count: targets)
        // randomDAG's edges go from higher to lower numbers: a target depends on earlier ones.
        for edge in graph.edges where edge.from != edge.to { dependencies[edge.from].append(edge.to) }
        for project in 0..<projects {
            let members = (0..<targets).filter { projectOf[$0] == project }
            let text = projectText(project: project, members: members, dependencies: dependencies, projectOf: projectOf)
            let path = "\(folder)/Project\(project)/Project\(project).xcodeproj"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try text.write(toFile: path + "/project.pbxproj", atomically: true, encoding: .utf8)
            if writesSources {
                for target in members {
                    let sources = "\(folder)/Project\(project)/Target\(target)"
                    try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
                    let imports = dependencies[target].sorted().map { "import Target\($0)\n" }.joined()
                    try (imports + "public struct Target\(target)Type {}\n").write(toFile: sources + "/Target\(target).swift", atomically: true, encoding: .utf8)
                }
            }
        }
        return dependencies.reduce(0) { $0 + $1.count }
    }

    /// An object id: 24 hex digits, unique per (kind, number).
    private func id(_ kind: Int, _ number: Int) -> String {
        String(format: "%02X%022X", kind, number)
    }

    private func projectText(project: Int, members: [Int], dependencies: [[Int]], projectOf: [Int]) -> String {
        var objects: [String] = []
        let root = id(0xF0, project)
        for target in members {
            let file = id(0x10, target), product = id(0x11, target), source = id(0x12, target)
            let sourcesPhase = id(0x13, target), frameworksPhase = id(0x14, target), configList = id(0x15, target)
            let configuration = id(0x16, target)
            objects.append("\t\t\(file) /* Target\(target).swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Target\(target)/Target\(target).swift; sourceTree = \"<group>\"; };")
            objects.append("\t\t\(product) /* Target\(target).framework */ = {isa = PBXFileReference; explicitFileType = wrapper.framework; includeInIndex = 0; path = Target\(target).framework; sourceTree = BUILT_PRODUCTS_DIR; };")
            objects.append("\t\t\(source) /* Target\(target).swift in Sources */ = {isa = PBXBuildFile; fileRef = \(file); };")
            var linked: [String] = []
            var targetDependencies: [String] = []
            for other in dependencies[target] {
                let buildFile = id(0x20, target * 64 + linked.count)
                if projectOf[other] == project {
                    linked.append(buildFile)
                    objects.append("\t\t\(buildFile) = {isa = PBXBuildFile; fileRef = \(id(0x11, other)); };")
                    let dependency = id(0x21, target * 64 + targetDependencies.count), proxy = id(0x22, target * 64 + targetDependencies.count)
                    targetDependencies.append(dependency)
                    objects.append("\t\t\(proxy) = {isa = PBXContainerItemProxy; containerPortal = \(root); proxyType = 1; remoteGlobalIDString = \(id(0x30, other)); remoteInfo = Target\(other); };")
                    objects.append("\t\t\(dependency) = {isa = PBXTargetDependency; target = \(id(0x30, other)); targetProxy = \(proxy); };")
                } else {
                    // Another project's framework, found by the build as Xcode's implicit dependencies find it.
                    let reference = id(0x23, target * 64 + linked.count)
                    linked.append(buildFile)
                    objects.append("\t\t\(reference) = {isa = PBXFileReference; explicitFileType = wrapper.framework; path = Target\(other).framework; sourceTree = BUILT_PRODUCTS_DIR; };")
                    objects.append("\t\t\(buildFile) = {isa = PBXBuildFile; fileRef = \(reference); };")
                }
            }
            objects.append("\t\t\(sourcesPhase) = {isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (\(source), ); runOnlyForDeploymentPostprocessing = 0; };")
            objects.append("\t\t\(frameworksPhase) = {isa = PBXFrameworksBuildPhase; buildActionMask = 2147483647; files = (\(linked.map { $0 + ", " }.joined())); runOnlyForDeploymentPostprocessing = 0; };")
            objects.append("\t\t\(configuration) = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = \"$(TARGET_NAME)\"; }; name = Release; };")
            objects.append("\t\t\(configList) = {isa = XCConfigurationList; buildConfigurations = (\(configuration), ); defaultConfigurationName = Release; };")
            objects.append("\t\t\(id(0x30, target)) /* Target\(target) */ = {isa = PBXNativeTarget; buildConfigurationList = \(configList); buildPhases = (\(sourcesPhase), \(frameworksPhase), ); dependencies = (\(targetDependencies.map { $0 + ", " }.joined())); name = Target\(target); productName = Target\(target); productReference = \(product); productType = \"com.apple.product-type.framework\"; };")
        }
        let mainGroup = id(0xF1, project)
        objects.append("\t\t\(mainGroup) = {isa = PBXGroup; children = (\(members.map { id(0x10, $0) + ", " }.joined())); sourceTree = \"<group>\"; };")
        objects.append("\t\t\(root) /* Project object */ = {isa = PBXProject; mainGroup = \(mainGroup); projectDirPath = \"\"; projectRoot = \"\"; targets = (\(members.map { id(0x30, $0) + ", " }.joined())); };")
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tclasses = {
            \t};
            \tobjectVersion = 77;
            \tobjects = {
            \(objects.joined(separator: "\n"))
            \t};
            \trootObject = \(root) /* Project object */;
            }

            """
    }
}
