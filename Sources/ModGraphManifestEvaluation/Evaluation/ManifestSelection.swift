import ModGraphManifest

/// Which manifest file `dump-package` reads in a folder that holds
/// version-specific manifests (`Package@swift-5.9.swift`), by SwiftPM's rule
/// (`ManifestLoader.findManifest`): a file named for the toolchain's version
/// first; else the newest version-specific one not newer than the toolchain,
/// when its tools-version is greater than `Package.swift`'s or `Package.swift`
/// cannot be read by this toolchain; else `Package.swift`. Wherever the rule
/// depends on something not known exactly here (the toolchain's patch
/// version, two files for one version, a tools-version line of another
/// form), the folder falls back.
enum ManifestSelection {
    /// - Parameters:
    ///   - names: the folder's file names.
    ///   - toolsVersion: reads the tools-version of a file in the folder; `nil` when it is not one of the common forms.
    static func manifestName(
        in names: [String], current: ToolsVersion,
        toolsVersion: (String) -> ToolsVersion?
    ) throws(EvaluationFallback) -> String {
        var parsed: [(version: ToolsVersion, name: String)] = []
        for name in names where name.hasPrefix("Package@swift") {
            guard let version = version(ofVersionedName: name) else {
                throw EvaluationFallback("a manifest name of another form (\(name))")
            }
            // A file for the toolchain's major.minor with a patch: which patch the toolchain calls itself decides.
            if version.tools.major == current.major, version.tools.minor == current.minor, version.components == 3 {
                throw EvaluationFallback("a version-specific manifest for this toolchain's patch version")
            }
            parsed.append((version.tools, name))
        }
        guard !parsed.isEmpty else { return "Package.swift" }
        // Files named for the toolchain's version come first, whatever else is there.
        for key in ["Package@swift-\(current.major).\(current.minor).swift", "Package@swift-\(current.major).swift"]
        where names.contains(key) {
            return key
        }
        var versioned: [ToolsVersion: String] = [:]
        for (version, name) in parsed {
            guard versioned[version] == nil else { throw EvaluationFallback("two version-specific manifests for \(version)") }
            versioned[version] = name
        }
        guard let regular = toolsVersion("Package.swift") else {
            throw EvaluationFallback("a swift-tools-version line of another form", line: 1)
        }
        guard let candidate = versioned.keys.sorted(by: >).first(where: { $0 <= current }), let name = versioned[candidate] else {
            return "Package.swift"
        }
        guard candidate >= ToolsVersion(major: 4, minor: 0), let candidateTools = toolsVersion(name) else {
            throw EvaluationFallback("a version-specific manifest whose tools-version is not read here")
        }
        if candidateTools > regular { return name }
        let regularIsValid = regular >= ToolsVersion(major: 4, minor: 0) && regular <= current
        return regularIsValid ? "Package.swift" : name
    }

    /// `Package@swift-5.9.swift` → 5.9.0 with 2 components; `nil` for another form.
    private static func version(ofVersionedName name: String) -> (tools: ToolsVersion, components: Int)? {
        let prefix = "Package@swift-"
        let suffix = ".swift"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return nil }
        let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
        let parts = middle.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count else { return nil }
        return (
            ToolsVersion(major: numbers[0], minor: numbers.count > 1 ? numbers[1] : 0, patch: numbers.count > 2 ? numbers[2] : 0),
            parts.count
        )
    }
}
