import ModGraphXcode

/// Removes a dependency from a target of a `project.pbxproj` the way Xcode does when it
/// is deleted in the target's General tab: the package product (its
/// `XCSwiftPackageProductDependency` and the line that lists it in the target's
/// `packageProductDependencies`), or the other target (its `PBXTargetDependency`, the
/// `PBXContainerItemProxy` behind it, and the line in `dependencies`), and every build
/// file of the target's phases that links or embeds it (the object's line in the
/// `PBXBuildFile` section and its line in the phase's `files`). The file is edited line by
/// line in Xcode's own layout (one build file a line, one list entry a line, an object
/// from `ID /* … */ = {` to `};`); a project written otherwise is refused. Objects another
/// target still uses are kept. The result must parse and no longer mention what was removed.
public struct ProjectEditor {
    let text: String
    let lines: [Substring]
    let objects: PropertyListDictionary

    public init(_ text: String) throws(ManifestRefusal) {
        guard case let .dictionary(root)? = try? OpenStepParser.parse(Array(text.utf8)), let objects = root["objects"]?.dictionary else {
            throw ManifestRefusal(reason: "it does not parse as a project file")
        }
        self.text = text
        self.lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        self.objects = objects
    }

    /// `text` without `target`'s dependency written `written` (a package product's name,
    /// another target's or its product's name, or a framework linked by file: `Vendor` for
    /// `Vendor.framework`, a prebuilt one or another project's, with that project's target
    /// dependency, which names it and has no `target`).
    public func removing(_ written: String, from target: String) throws(ManifestRefusal) -> String {
        let targetID = try nativeTarget(named: target)
        var listEntries: Set<String> = []  // ids whose line in a list goes
        var objectsGone: Set<String> = []  // ids whose object goes
        // A package product.
        let products = strings(targetID, "packageProductDependencies").filter { field($0, "productName") == written }
        // Another target: its dependency object and the product it builds.
        let dependencies = strings(targetID, "dependencies").filter { dependency in
            guard let other = field(dependency, "target") else { return false }
            return field(other, "name") == written || field(other, "productName") == written
        }
        var builtProducts = Set(dependencies.compactMap { field($0, "target") }.compactMap { field($0, "productReference") })
        // A framework linked by file (a file reference, or a reference proxy of another project's product), and the
        // dependency on another project's target, which Xcode writes with the target's `name` and a proxy only.
        let phaseFiles = strings(targetID, "buildPhases").flatMap { strings($0, "files") }
        let linkedByFile = Set(phaseFiles.compactMap { field($0, "fileRef") }.filter { frameworkName(of: $0) == written })
        let crossProject = strings(targetID, "dependencies").filter { field($0, "target") == nil && field($0, "name") == written }
        builtProducts.formUnion(linkedByFile)
        guard !products.isEmpty || !dependencies.isEmpty || !linkedByFile.isEmpty else {
            throw ManifestRefusal(
                reason: "target \"\(target)\" lists no package product, target dependency or framework \"\(written)\"")
        }
        listEntries.formUnion(products)
        objectsGone.formUnion(products)
        listEntries.formUnion(dependencies + crossProject)
        objectsGone.formUnion(dependencies + crossProject)
        objectsGone.formUnion((dependencies + crossProject).compactMap { field($0, "targetProxy") })
        // The build files of the target's phases that link or embed them.
        let productSet = Set(products)
        for phase in strings(targetID, "buildPhases") {
            for file in strings(phase, "files") {
                let linksProduct = field(file, "productRef").map { productSet.contains($0) } ?? false
                let linksBuilt = field(file, "fileRef").map { builtProducts.contains($0) } ?? false
                if linksProduct || linksBuilt {
                    listEntries.insert(file)
                    objectsGone.insert(file)
                }
            }
        }
        // An object another target still names stays (a shared build file is not Xcode's way, but input is input).
        let everything = objectsGone.union(listEntries)
        var drop = Set<Int>()
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == "\t" || $0 == " " }
            guard let first = trimmed.split(separator: " ", maxSplits: 1).first else { continue }
            let bare = first.hasSuffix(",") ? String(first.dropLast()) : String(first)
            guard everything.contains(bare) else { continue }
            if trimmed.contains("= {") {
                guard objectsGone.contains(bare) else { continue }
                // The object: this line to its closing `};` (the same line for a one-line build file).
                guard let end = closing(from: index) else {
                    throw ManifestRefusal(reason: "object \(bare) is not written as Xcode writes objects")
                }
                for remove in index...end { drop.insert(remove) }
            } else if listEntries.contains(bare), trimmed.hasSuffix(",") {
                drop.insert(index)
            }
        }
        var kept = lines.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
        // A section left empty goes too, as Xcode writes none.
        var index = 0
        while index + 1 < kept.count {
            if kept[index].hasPrefix("/* Begin "), kept[index + 1] == "/* End " + kept[index].dropFirst("/* Begin ".count) {
                kept.removeSubrange(index...index + 1)
                if index < kept.count, index > 0, kept[index].isEmpty, kept[index - 1].isEmpty { kept.remove(at: index) }
            } else {
                index += 1
            }
        }
        let result = kept.joined(separator: "\n")
        // Nothing may still name what went: otherwise the project was not in Xcode's layout.
        for id in everything where result.contains(id) {
            throw ManifestRefusal(reason: "\(id) is still named after the edit: the project is not written as Xcode writes it")
        }
        guard case .dictionary? = try? OpenStepParser.parse(Array(result.utf8)) else {
            throw ManifestRefusal(reason: "the edited project would not parse; nothing was changed")
        }
        return result
    }

    /// The module a framework file names: `Vendor` for `Vendor.framework` or `Vendor.xcframework`, the
    /// last component of the reference's `path` (or `name`); nil for any other file.
    func frameworkName(of reference: String) -> String? {
        guard let path = field(reference, "path") ?? field(reference, "name") else { return nil }
        let last = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in [".framework", ".xcframework"] where last.hasSuffix(suffix) && last.count > suffix.count {
            return String(last.dropLast(suffix.count))
        }
        return nil
    }

    /// The line that closes the object opened on line `start`: the same line when it ends in `};`,
    /// else the first later line that is, at the object's indentation, `};`.
    private func closing(from start: Int) -> Int? {
        let opening = lines[start]
        if opening.hasSuffix("};") { return start }
        let indent = opening.prefix { $0 == "\t" || $0 == " " }
        var index = start + 1
        while index < lines.count, index < start + 10_000 {
            if lines[index] == indent + "};" { return index }
            index += 1
        }
        return nil
    }

    func isa(_ id: String) -> String? { field(id, "isa") }

    func field(_ id: String, _ key: String) -> String? {
        objects[id]?.dictionary?[key]?.string
    }

    func strings(_ id: String, _ key: String) -> [String] {
        objects[id]?.dictionary?[key]?.strings ?? []
    }
}
