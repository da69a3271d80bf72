import ModGraphCore
import ModGraphSystem
import ModGraphXcode

/// Adding a package product to a target of a `project.pbxproj` the way Xcode adds it in the
/// target's *Frameworks, Libraries, and Embedded Content*: an `XCSwiftPackageProductDependency`
/// naming the product (and the project's reference to its package, when the package is one
/// the project references by URL or path; none for a local package added as a folder before
/// Xcode 15), its line in the target's `packageProductDependencies`, a `PBXBuildFile` that
/// links it, and that build file's line in the target's Frameworks phase. Each object goes in
/// its section at the place of its id (Xcode keeps sections sorted by id; a section missing is
/// made, in its place among the others); ids are 24 hex digits, as Xcode's, derived from what
/// is added so that the same fix writes the same file.
///
/// A package the project does not reference, a target without a Frameworks phase, or a name
/// that would need quoting is refused: those edits are Xcode's to make (*Add Package
/// Dependencies…*), and no name from a manifest is written where it could end a comment.
extension ProjectEditor {
    /// `text` with `product` of the package `package` added to `target`.
    /// - Parameter heldLocally: whether the project holds the package in a folder of its own (another target
    ///   uses its products with no reference object, as Xcode wrote local packages before Xcode 15, or inside a
    ///   synchronized folder): the product is then added without a reference, as those are.
    public func adding(product: String, of package: PackageIdentity, to target: String, heldLocally: Bool = false) throws(ManifestRefusal)
        -> String
    {
        guard Self.isPlain(product) else {
            throw ManifestRefusal(reason: "the product's name \"\(product)\" is not one fix writes into a project file: add it in Xcode")
        }
        let targetID = try nativeTarget(named: target)
        if strings(targetID, "packageProductDependencies").contains(where: { field($0, "productName") == product }) {
            throw ManifestRefusal(reason: "target \"\(target)\" already lists package product \"\(product)\"")
        }
        let reference = try packageReference(package, heldLocally: heldLocally)
        let phases = strings(targetID, "buildPhases").filter { isa($0) == "PBXFrameworksBuildPhase" }
        guard phases.count == 1, let phase = phases.first else {
            throw ManifestRefusal(reason: "target \"\(target)\" has \(phases.count) Frameworks phases: add the product in Xcode")
        }
        var ids = IDMaker(taken: Set(objects.keys), text: text)
        let dependencyID = ids.make(from: ["product", target, product])
        let buildFileID = ids.make(from: ["build file", target, product])
        var edited = EditedLines(lines)
        var dependency = ["\t\t\(dependencyID) /* \(product) */ = {", "\t\t\tisa = XCSwiftPackageProductDependency;"]
        if let reference { dependency.append("\t\t\tpackage = \(reference);") }
        dependency += ["\t\t\tproductName = \(product);", "\t\t};"]
        try edited.insert(object: dependency, id: dependencyID, section: "XCSwiftPackageProductDependency")
        let buildFile =
            "\t\t\(buildFileID) /* \(product) in Frameworks */ = {isa = PBXBuildFile; productRef = \(dependencyID) /* \(product) */; };"
        try edited.insert(object: [buildFile], id: buildFileID, section: "PBXBuildFile")
        try edited.append("\(dependencyID) /* \(product) */,", toList: "packageProductDependencies", of: targetID)
        try edited.append("\(buildFileID) /* \(product) in Frameworks */,", toList: "files", of: phase)
        let result = edited.text
        guard case let .dictionary(root)? = try? OpenStepParser.parse(Array(result.utf8)), let after = root["objects"]?.dictionary,
            after[targetID]?.dictionary?["packageProductDependencies"]?.strings.contains(dependencyID) == true,
            after[phase]?.dictionary?["files"]?.strings.contains(buildFileID) == true,
            after[dependencyID]?.dictionary?["productName"]?.string == product
        else {
            throw ManifestRefusal(
                reason: "the project is not written as Xcode writes it, so the product was not added; nothing was changed")
        }
        return result
    }

    /// The one native target named `name`.
    func nativeTarget(named name: String) throws(ManifestRefusal) -> String {
        let targets = objects.keys.filter { isa($0) == "PBXNativeTarget" && field($0, "name") == name }
        guard targets.count == 1, let id = targets.first else {
            throw ManifestRefusal(reason: "the project has \(targets.count) targets named \"\(name)\"")
        }
        return id
    }

    /// How a product dependency names `package`: its `XCRemoteSwiftPackageReference` or
    /// `XCLocalSwiftPackageReference` (with the comment Xcode writes after the id), or nil for a
    /// local package the project holds as a folder (Xcode 14 and before) or `heldLocally`; a refusal when the
    /// project holds neither.
    private func packageReference(_ package: PackageIdentity, heldLocally: Bool) throws(ManifestRefusal) -> String? {
        let root = objects.keys.first { isa($0) == "PBXProject" }
        let references = root.map { strings($0, "packageReferences") } ?? []
        let matching = references.filter { id in
            let location = isa(id) == "XCRemoteSwiftPackageReference" ? field(id, "repositoryURL") : field(id, "relativePath")
            return location.map { PackageIdentity(location: $0) } == package
        }
        if matching.count == 1, let id = matching.first {
            guard let comment = comment(of: id, multiLine: true) else {
                throw ManifestRefusal(reason: "the project's reference to package \"\(package)\" is not written as Xcode writes it")
            }
            return "\(id) /* \(comment) */"
        }
        guard matching.isEmpty else {
            throw ManifestRefusal(reason: "the project references package \"\(package)\" \(matching.count) times")
        }
        let folders = objects.keys.filter { id in
            isa(id) == "PBXFileReference" && ["wrapper", "folder"].contains(field(id, "lastKnownFileType") ?? "")
                && field(id, "path").map { PackageIdentity(location: $0) } == package
        }
        guard !folders.isEmpty || heldLocally else {
            throw ManifestRefusal(
                reason:
                    "the project does not reference package \"\(package)\": add it to the project in Xcode (Add Package Dependencies…), then run fix again"
            )
        }
        return nil
    }

    /// The text of the comment after `id` where its object opens: `XCRemoteSwiftPackageReference
    /// "Nuke"` on an object written over several lines, as Xcode writes a package reference
    /// (`multiLine`: the line ends at ` */ = {`), or `Low.framework` on one written whole on one
    /// line, as Xcode writes a file reference. Nil when the comment could hide another (`*/`, `/*`).
    func comment(of id: String, multiLine: Bool) -> String? {
        let opening = "\t\t\(id) /* "
        let closing = " */ = {"
        guard let line = lines.first(where: { $0.hasPrefix(opening) && (!multiLine || $0.hasSuffix(closing)) }),
            let end = line.range(of: closing)
        else { return nil }
        let comment = line[line.index(line.startIndex, offsetBy: opening.count)..<end.lowerBound]
        return comment.contains("*/") || comment.contains("/*") ? nil : String(comment)
    }

    /// A name written bare in a project file and in its comments: letters, digits, `_`, `-` and `.`.
    static func isPlain(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 256
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0))
            }
    }
}

/// Ids for new objects: 24 uppercase hex digits, as Xcode's, from the SHA-256 of what the object
/// stands for, so a fix is deterministic; one already in the project (or its text) is passed over.
struct IDMaker {
    var taken: Set<String>
    let text: String

    mutating func make(from parts: [String]) -> String {
        for attempt in 0..<1_000 {
            var hasher = SHA256()
            for part in ["modgraph-fix", String(attempt)] + parts { hasher.update(Array("\(part.utf8.count):\(part)".utf8)) }
            let id = String(hasher.finalizeHex().prefix(24)).uppercased()
            if !taken.contains(id), !text.contains(id) {
                taken.insert(id)
                return id
            }
        }
        // 1,000 collisions of 96-bit hashes do not happen; a fresh counter beyond them keeps the id unique anyway.
        let count = String(taken.count, radix: 16, uppercase: true)
        let id = String(repeating: "0", count: max(0, 24 - count.count)) + count
        taken.insert(id)
        return id
    }
}

/// A project file's lines, edited in Xcode's layout: objects opened at two tabs by `ID /* … */ = {`
/// (or written whole on one line) inside `/* Begin X section */` … `/* End X section */`, a list
/// from `key = (` to `);` with an entry a line.
struct EditedLines {
    private(set) var lines: [Substring]

    init(_ lines: [Substring]) {
        self.lines = lines
    }

    var text: String { lines.joined(separator: "\n") }

    /// Inserts `object` (its lines) into the section of `isa`, before the first object whose id sorts after `id`;
    /// makes the section, in its place by name, when the project has none.
    mutating func insert(object: [String], id: String, section isa: String) throws(ManifestRefusal) {
        let new = object.map { Substring($0) }
        if let begin = lines.firstIndex(of: "/* Begin \(isa) section */") {
            guard let end = lines[begin...].firstIndex(of: "/* End \(isa) section */") else {
                throw ManifestRefusal(reason: "the \(isa) section has no end")
            }
            var at = end
            for index in begin + 1..<end {
                // An object's first line: its id after two tabs (not a `};` closing one).
                guard let other = Self.word(after: 2, in: lines[index]) else { continue }
                if other > id {
                    at = index
                    break
                }
            }
            lines.insert(contentsOf: new, at: at)
            return
        }
        // A new section: before the first section named after it, else after the last.
        let begins = lines.indices.filter { lines[$0].hasPrefix("/* Begin ") && lines[$0].hasSuffix(" section */") }
        guard let last = begins.last, let lastEnd = lines[last...].firstIndex(where: { $0.hasPrefix("/* End ") }) else {
            throw ManifestRefusal(reason: "the project has no sections as Xcode writes them")
        }
        let block = ["/* Begin \(isa) section */"] + new + ["/* End \(isa) section */"]
        if let next = begins.first(where: { lines[$0].dropFirst("/* Begin ".count).prefix { $0 != " " } > isa }) {
            lines.insert(contentsOf: block + [""], at: next)
        } else {
            lines.insert(contentsOf: [""] + block, at: lastEnd + 1)
        }
    }

    /// The id or key that starts `line` after exactly `tabs` tabs (letters, digits, `_`), if one does.
    static func word(after tabs: Int, in line: Substring) -> Substring? {
        guard line.prefix(tabs).allSatisfy({ $0 == "\t" }) else { return nil }
        let word = line.dropFirst(tabs).prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        guard !word.isEmpty, word.startIndex > line.startIndex, line[line.index(before: word.startIndex)] == "\t" else { return nil }
        return word
    }

    /// Appends `entry` to the list `key` of the object `id` (made, among the object's keys in their
    /// order, when the object has none).
    mutating func append(_ entry: String, toList key: String, of id: String) throws(ManifestRefusal) {
        guard let open = lines.firstIndex(where: { $0.hasPrefix("\t\t\(id) ") && $0.hasSuffix(" = {") }) else {
            throw ManifestRefusal(reason: "object \(id) is not written as Xcode writes objects")
        }
        guard let close = lines[(open + 1)...].firstIndex(of: "\t\t};") else {
            throw ManifestRefusal(reason: "object \(id) has no end")
        }
        let keyLine = "\t\t\t\(key) = ("
        if let list = lines[open..<close].firstIndex(of: Substring(keyLine)) {
            guard let end = lines[list..<close].firstIndex(of: "\t\t\t);") else {
                throw ManifestRefusal(reason: "the list \(key) of object \(id) is not written an entry a line")
            }
            lines.insert(Substring("\t\t\t\t" + entry), at: end)
            return
        }
        guard !lines[open..<close].contains(where: { $0.hasPrefix("\t\t\t\(key) = ") }) else {
            throw ManifestRefusal(reason: "the list \(key) of object \(id) is not written an entry a line")
        }
        var at = close
        for index in open + 1..<close {
            // `isa` first, then the keys in name order.
            guard let other = Self.word(after: 3, in: lines[index]), other != "isa" else { continue }
            if other > key {
                at = index
                break
            }
        }
        lines.insert(contentsOf: [Substring(keyLine), Substring("\t\t\t\t" + entry), "\t\t\t);"], at: at)
    }
}
