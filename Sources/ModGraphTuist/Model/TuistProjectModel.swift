import ModGraphCore
import ModGraphXcode

/// The Xcode project `tuist generate` would write for one `Project.swift`, made
/// from what the manifest printed (``TuistDump/Project``): the same
/// ``XcodeProject`` a committed `project.pbxproj` gives, so every command works
/// on it as on a committed project.
///
/// The model's ``XcodeProject/path`` is the manifest itself (`…/Project.swift`),
/// which is how another manifest's `.project(target:path:)` names it; findings
/// point into it (``XcodeProject/declarationFile``).
struct TuistProjectModel {
    /// The `Project.swift`, absolute.
    let manifest: String
    /// The folder `.relativeToRoot(_:)` paths and `//` paths start from: the one holding `Tuist/`.
    let tuistRoot: String
    let disk: XcodeDisk
    /// Where the manifest writes each name, for findings' lines; empty: no lines.
    var lines = ManifestLines(text: "")

    /// The folder the copies of the manifests and helpers are compiled in, below the run's private
    /// temporary folder (`modgraph-tuist.XXXXXX/src/`): what `#filePath` says in them, standing for
    /// ``tuistRoot``. Found by its shape, as a library compiled in an earlier run (and cached) names its own.
    static let copiesMarker = "/modgraph-tuist."

    var folder: String { XcodePath.parent(manifest) }

    /// ProjectDescription's `Product` raw values and the product types Tuist writes for them.
    static let productTypes: [String: String] = [
        "app": "application", "static_library": "library.static", "dynamic_library": "library.dynamic",
        "framework": "framework", "staticFramework": "framework.static", "unit_tests": "bundle.unit-test",
        "ui_tests": "bundle.ui-testing", "bundle": "bundle", "commandLineTool": "tool", "appClip": "application.on-demand-install-capable",
        "app_extension": "app-extension", "watch2App": "application.watchapp2", "watch2Extension": "watchkit2-extension",
        "tvTopShelfExtension": "tv-app-extension", "messagesExtension": "app-extension.messages",
        "sticker_pack_extension": "app-extension.messages-sticker-pack", "xpc": "xpc-service", "systemExtension": "system-extension",
        "extension_kit_extension": "extensionkit-extension", "macro": "tool",
    ]

    /// `Destination` raw values and the platform each builds for, as SwiftPM names platforms.
    static let destinationPlatforms: [String: String] = [
        "iPhone": "ios", "iPad": "ios", "macWithiPadDesign": "ios", "appleVisionWithiPadDesign": "ios", "mac": "macos",
        "macCatalyst": "maccatalyst", "appleWatch": "watchos", "appleTv": "tvos", "appleVision": "visionos",
    ]

    /// - Parameter compiledWith: the helper and plugin files the manifest compiled with (absolute): a change to
    ///   one is a change to the project, as a change to an XcodeGen spec's included file is.
    func project(_ dump: TuistDump.Project, compiledWith: [String] = []) -> XcodeProject {
        var warnings = dump.problems.map { "\(manifest): \($0)" }
        var referenced: [String] = []
        var targets: [XcodeTarget] = []
        let spans = lines.spans(of: dump.targets.map(\.name))
        for target in dump.targets {
            targets.append(self.target(target, span: spans[target.name], referenced: &referenced, warnings: &warnings))
        }
        targets.sort { $0.name < $1.name }
        let packages = dump.packages.map { package -> XcodePackageReference in
            switch package {
            case let .remote(url): .remote(url: url)
            case let .registry(identifier): .remote(url: identifier)
            case let .local(path): .local(path: relative(absolute(path)))
            }
        }
        return XcodeProject(
            path: manifest, name: dump.name, objectVersion: 0, defaultConfiguration: "Debug", targets: targets,
            packageReferences: packages, subprojects: [], referencedProjects: referenced, localPackageCandidates: [],
            warnings: warnings, declarationFile: manifest, declarationFiles: [manifest] + compiledWith
        ).confined(by: disk)
    }

    /// - Parameter span: the lines of the manifest where the target is written, when its name is there.
    func target(_ target: TuistDump.Target, span: ClosedRange<Int>? = nil, referenced: inout [String], warnings: inout [String]) -> XcodeTarget {
        var index = 0
        // The line writing the name within the target's span, else the line the evaluator made the dependency at.
        func edge(_ reference: XcodeDependency.Reference, _ declaration: XcodeDependency.Declaration, _ filters: [String], named name: String)
            -> XcodeDependency
        {
            let made = index < target.dependencyLines.count ? lines.checked(target.dependencyLines[index]) : nil
            return XcodeDependency(
                reference: reference, declaration: declaration, platformFilters: filters,
                line: span.flatMap { lines.line(of: name, in: $0) } ?? made, file: manifest)
        }
        let productType = Self.productTypes[target.product].map { "com.apple.product-type." + $0 }
        if productType == nil {
            warnings.append("\(manifest): target '\(target.name)' has product '\(target.product)', which modgraph does not know")
        }
        let kind = XcodeTargetKind(isa: "PBXNativeTarget", productType: productType ?? "")
        // Tuist names the product after the target, with `-` made `_`, unless told otherwise.
        let productName = target.settings["PRODUCT_NAME"] ?? target.productName ?? target.name.replacingOccurrences(of: "-", with: "_")
        let moduleName = target.settings["PRODUCT_MODULE_NAME"] ?? IdentifierMangling.c99Extended(productName)
        var dependencies: [XcodeDependency] = []
        for dependency in target.dependencies {
            defer { index += 1 }
            switch dependency {
            case let .target(name, filters):
                dependencies.append(edge(.target(id: name, name: name, project: nil), .targetDependency, filters, named: name))
            case let .macro(name):
                dependencies.append(edge(.target(id: name, name: name, project: nil), .targetDependency, [], named: name))
            case let .project(other, path, filters):
                let project = XcodePath.join(relative(absolute(path)), "Project.swift")
                if !referenced.contains(project) { referenced.append(project) }
                dependencies.append(edge(.target(id: other, name: other, project: project), .targetDependency, filters, named: other))
            case let .external(name, filters):
                // A product of the packages `Tuist/Package.swift` lists (`tuist install`): shown as that folder's product.
                let packages = XcodePackageReference.local(path: relative(XcodePath.join(tuistRoot, "Tuist")))
                let product = XcodePackageProduct(name: name, isPlugin: false, package: packages)
                dependencies.append(edge(.packageProduct(product), .packageProduct, filters, named: name))
            case let .package(name, isPlugin, filters):
                let product = XcodePackageProduct(name: name, isPlugin: isPlugin, package: nil)
                dependencies.append(edge(.packageProduct(product), .packageProduct, filters, named: name))
            case .prebuilt:
                continue
            }
        }
        var files: [String] = []
        var folders: [XcodeSynchronizedFolder] = []
        for glob in target.sources {
            add(glob, of: target.name, files: &files, folders: &folders, warnings: &warnings)
        }
        for path in target.buildableFolders {
            folders.append(XcodeSynchronizedFolder(path: relative(absolute(path)), membership: .all(except: [])))
        }
        var resources: [String] = []
        var resourceFolders: [XcodeSynchronizedFolder] = []
        for glob in target.resources {
            add(glob, of: target.name, files: &resources, folders: &resourceFolders, warnings: &warnings)
        }
        let platforms = Set(target.destinations.compactMap { Self.destinationPlatforms[$0] })
        return XcodeTarget(
            id: target.name, name: target.name, kind: kind, productName: productName, moduleName: moduleName,
            productFileName: kind.productFileName(named: productName), productReference: nil, dependencies: dependencies,
            sources: files, synchronizedFolders: folders, platforms: platforms.sorted(),
            line: span?.lowerBound ?? lines.checked(target.line),
            resources: resources + resourceFolders.map(\.path), file: manifest)
    }

    /// A glob of `sources:` or `resources:`: a file, or the folder before its first wildcard (the
    /// whole folder: `Sources/**` and `Sources/**/*.swift` alike), less the `excluding:` globs inside it.
    private func add(
        _ glob: TuistDump.Glob, of target: String, files: inout [String], folders: inout [XcodeSynchronizedFolder], warnings: inout [String]
    ) {
        let written = relative(absolute(glob.pattern))
        let components = written.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let wildcard = components.firstIndex(where: { $0.contains(where: { "*?[{".contains($0) }) }) else {
            let path = XcodePath.join(folder, written)
            if disk.isRegularFile(path) {
                files.append(written)
            } else if disk.isDirectory(path) {
                folders.append(XcodeSynchronizedFolder(path: written, membership: .all(except: [])))
            }
            return
        }
        let prefix = components[..<wildcard].joined(separator: "/")
        let base = prefix.isEmpty ? "." : prefix
        var patterns: [PathPattern] = []
        // A wildcard below the folder (`Sources/*.swift`) keeps its folder: the target compiles only some of it.
        let tail = components[wildcard...]
        if tail.count == 1, tail.first != "**" {
            patterns += (try? PathPattern("/*/*")).map { [$0] } ?? []
        }
        for exclude in glob.excluding {
            let excluded = relative(absolute(exclude))
            guard prefix.isEmpty || XcodePath.isSame(excluded, orInside: prefix) else { continue }
            let inside = prefix.isEmpty ? excluded : String(excluded.dropFirst(prefix.count))
            do {
                patterns.append(try PathPattern(inside.hasPrefix("/") ? inside : "/" + inside))
            } catch {
                warnings.append("\(manifest): exclude '\(exclude.text)' of target '\(target)': \(error.message); ignored")
            }
        }
        folders.append(XcodeSynchronizedFolder(path: base, membership: .all(except: []), excludedPatterns: patterns))
    }

    /// `path` as an absolute path: from the manifest's folder, the Tuist root, or the file that wrote it.
    func absolute(_ path: TuistDump.Path) -> String {
        let text = path.text
        if text.hasPrefix("/") { return XcodePath.normalised(text) }
        switch path.base {
        case .manifest: return XcodePath.join(folder, text)
        case .root: return XcodePath.join(tuistRoot, text)
        case .currentFile:
            guard let caller = path.callerPath else { return XcodePath.join(folder, text) }
            return XcodePath.join(XcodePath.parent(Self.callerFile(caller, tuistRoot: tuistRoot)), text)
        }
    }

    /// The file `caller` (a `#filePath`) stands for: a compiled copy's path is its original's below `tuistRoot`.
    static func callerFile(_ caller: String, tuistRoot: String) -> String {
        guard let marker = caller.range(of: copiesMarker),
            let copies = caller.range(of: "/src/", range: marker.upperBound..<caller.endIndex)
        else { return caller }
        return XcodePath.join(tuistRoot, String(caller[copies.upperBound...]))
    }

    /// `path` relative to the manifest's folder (`.` for the folder itself).
    func relative(_ path: String) -> String {
        let relative = XcodePath.relative(path, from: folder)
        return relative.isEmpty ? "." : relative
    }
}

/// Where a manifest writes names as string literals (`"Home"`), for the lines findings point at. A target
/// declared by name in the manifest spans from that line to the next such target's; a dependency written
/// inside the span is at its line. A target a helper makes has no span: it is at the line the evaluator
/// made it at (``TuistDump/Target/line``), when the manifest was evaluated from its text, else at none.
struct ManifestLines: Sendable {
    /// Each line's text, from line 1.
    private let texts: [Substring]

    init(text: String) {
        texts = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// `line` when the manifest has it: a line the evaluator gave, or the cache kept, that is no line of this text is none.
    func checked(_ line: Int?) -> Int? {
        guard let line, line >= 1, line <= texts.count else { return nil }
        return line
    }

    /// The first line writing `"name"` within `range`.
    func line(of name: String, in range: ClosedRange<Int>) -> Int? {
        let literal = "\"\(name)\""
        for number in range where number >= 1 && number <= texts.count && texts[number - 1].contains(literal) { return number }
        return nil
    }

    /// The first line declaring a target `name`: `name: "X"` ending the line (`name: "X",`) or followed by the
    /// declaration's next argument (`, destinations:`, `, platform:`, `, product:`); `.target(name: "X")` and
    /// `.target(name: "X", condition: …)` are dependencies on it, not its declaration.
    func declaration(of name: String) -> Int? {
        let written = "name: \"\(name)\""
        for (index, text) in texts.enumerated() {
            guard let found = text.range(of: written) else { continue }
            let rest = text[found.upperBound...].trimmingCharacters(in: .whitespaces)
            if rest.isEmpty || rest == "," || [", destinations:", ", platform:", ", product:"].contains(where: rest.hasPrefix) {
                return index + 1
            }
        }
        return nil
    }

    /// Each target's span, for the targets the manifest declares by name (``declaration(of:)``).
    func spans(of names: [String]) -> [String: ClosedRange<Int>] {
        guard !texts.isEmpty else { return [:] }
        var starts: [(name: String, line: Int)] = []
        for name in Set(names) {
            if let line = declaration(of: name) { starts.append((name, line)) }
        }
        starts.sort { ($0.line, $0.name) < ($1.line, $1.name) }
        var spans: [String: ClosedRange<Int>] = [:]
        for (index, start) in starts.enumerated() {
            let next = starts[(index + 1)...].first { $0.line > start.line }?.line ?? texts.count + 1
            spans[start.name] = start.line...max(start.line, next - 1)
        }
        return spans
    }
}
