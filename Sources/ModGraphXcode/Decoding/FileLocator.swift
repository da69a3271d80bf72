/// Where a file reference or group of a project lives, found as Xcode finds
/// it: each element's `path` is relative to its `sourceTree` — `<group>` (the
/// enclosing group's folder), `SOURCE_ROOT` (the project's source root),
/// `<absolute>`, or a build-time folder such as `BUILT_PRODUCTS_DIR`.
///
/// Groups do not name their parent; the parent of an element is the first
/// group (in file order) that lists it among its `children`. A hostile file
/// can make that chain loop or run deep, so the walk up is iterative, stops
/// at a loop or past ``maximumDepth`` (the element is then unresolved, with one
/// warning), and remembers every element it resolved, so resolving all files
/// of a project costs O(objects) however they nest.
struct FileLocator {
    /// Where an element is.
    enum Location: Equatable {
        /// Relative to the project's folder (the folder holding the `.xcodeproj`), or absolute.
        case path(String)
        /// Relative to `BUILT_PRODUCTS_DIR`: something a build makes, such as another target's product.
        case builtProduct(String)
        /// In a folder that is not part of the checkout: `SDKROOT`, `DEVELOPER_DIR`, a custom source tree.
        case elsewhere(sourceTree: String)
        /// Its group chain loops or runs too deep, or the element does not exist.
        case unresolved
    }

    /// Far deeper than any real project nests its groups.
    static let maximumDepth = 256

    static let groupKinds: Set<String> = ["PBXGroup", "PBXVariantGroup", "XCVersionGroup"]

    private let objects: ProjectObjects
    private let sourceRoot: String
    private let file: String
    private var parents: [String: String] = [:]
    private var known: [String: Location] = [:]
    private(set) var warnings: [String] = []

    /// - Parameters:
    ///   - all: every object of the project, in file order.
    ///   - sourceRoot: the project's source root relative to its folder (`""` unless `projectDirPath` is set).
    ///   - file: the `project.pbxproj` path, for warnings.
    /// - Complexity: O(objects + children).
    init(objects: ProjectObjects, all: [ProjectObjects.Object], sourceRoot: String, file: String) {
        self.objects = objects
        self.sourceRoot = sourceRoot
        self.file = file
        for group in all where Self.groupKinds.contains(group.isa) {
            for child in group.strings("children") where parents[child] == nil && child != group.id {
                parents[child] = group.id
            }
        }
    }

    /// Where the element `id` lives.
    ///
    /// - Complexity: amortised O(1): each element's location is worked out once.
    mutating func location(of id: String) -> Location {
        if let location = known[id] { return location }
        // Walk up through `<group>`-relative elements until an anchor: the top
        // of the tree, an element already known, or one with its own source tree.
        var chain: [ProjectObjects.Object] = []
        var onChain: Set<String> = []
        var current: String? = id
        var anchor: Location
        while true {
            guard let currentID = current else {
                anchor = .path(sourceRoot)
                break
            }
            if let location = known[currentID] {
                anchor = location
                break
            }
            guard !onChain.contains(currentID), chain.count < Self.maximumDepth else {
                let problem =
                    onChain.contains(currentID)
                    ? "its groups enclose each other in a loop" : "it is nested more than \(Self.maximumDepth) groups deep"
                let line = (chain.first ?? objects.object(id)).map { ":\($0.line)" } ?? ""
                warnings.append("\(file)\(line): cannot locate '\(describe(chain.first))': \(problem); skipped")
                for element in chain { known[element.id] = .unresolved }
                return .unresolved
            }
            guard let element = objects.object(currentID) else {
                // A dangling id: only possible for the element asked about, since parents come from existing groups.
                anchor = .unresolved
                break
            }
            let tree = element.string("sourceTree") ?? "<group>"
            if tree == "<group>" {
                chain.append(element)
                onChain.insert(currentID)
                current = parents[currentID]
            } else {
                anchor = Self.anchored(tree: tree, path: element.string("path") ?? "", sourceRoot: sourceRoot)
                known[currentID] = anchor
                break
            }
        }
        var location = anchor
        for element in chain.reversed() {
            location = Self.appending(element.string("path") ?? "", to: location)
            known[element.id] = location
        }
        known[id] = location
        return location
    }

    /// The location of an element whose source tree is not `<group>`.
    private static func anchored(tree: String, path: String, sourceRoot: String) -> Location {
        switch tree {
        case "<absolute>":
            .path(XcodePath.normalised(path))
        case "SOURCE_ROOT", "SRCROOT", "PROJECT_DIR":
            .path(XcodePath.join(sourceRoot, path))
        case "BUILT_PRODUCTS_DIR":
            .builtProduct(XcodePath.normalised(path))
        default:
            .elsewhere(sourceTree: tree)
        }
    }

    private static func appending(_ path: String, to location: Location) -> Location {
        switch location {
        case let .path(base): .path(XcodePath.join(base, path))
        case let .builtProduct(base): .builtProduct(XcodePath.join(base, path))
        case .elsewhere, .unresolved: location
        }
    }

    private func describe(_ element: ProjectObjects.Object?) -> String {
        element?.text("name") ?? element?.text("path") ?? element.map { "a \($0.isa)" } ?? "?"
    }
}
