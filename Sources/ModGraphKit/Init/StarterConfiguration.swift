import ModGraphCore

/// The layers `modgraph init` proposes for a graph, each with why: apps and
/// executables on top, feature-like modules as an isolated layer, interface
/// modules below them, and what is left (what they share) as core.
struct StarterConfiguration {
    struct Layer {
        let name: String
        let why: String
        let targets: [String]
        let isolated: Bool
    }

    let layers: [Layer]
    let interfaces: [String]

    /// - Complexity: O(V + E).
    init(graph: ModuleGraph) {
        let own = Set(graph.packages.filter(\.origin.isOwn).map(\.identity))
        let candidates = graph.targets.indices.filter { vertex in
            let target = graph.targets[vertex]
            return own.contains(target.package) && !target.type.isTest && target.type != .externalProduct
                && target.type != .plugin && target.type != .macro
        }
        let isCandidate = Set(candidates)
        let apps = candidates.filter { graph.targets[$0].type.isEntryPoint }
        let isApp = Set(apps)
        let interfaces = candidates.filter { !isApp.contains($0) && Self.looksLikeInterface(graph.targets[$0].name) }
        let isInterface = Set(interfaces)
        // A feature: named like one, or used by an app and by no other module of the workspace's own.
        let features = candidates.filter { vertex in
            guard !isApp.contains(vertex), !isInterface.contains(vertex) else { return false }
            if Self.looksLikeFeature(graph.targets[vertex].name) { return true }
            let users = graph.digraph.predecessors(of: vertex).filter { isCandidate.contains($0) }
            return !users.isEmpty && users.allSatisfy { isApp.contains($0) }
                && !graph.digraph.successors(of: vertex).isEmpty
        }
        let isFeature = Set(features)
        let core = candidates.filter { !isApp.contains($0) && !isInterface.contains($0) && !isFeature.contains($0) }
        func names(_ vertices: [Int]) -> [String] {
            // Names alone when they are unique among the candidates, else package/Name.
            let counts = Dictionary(grouping: candidates.map { graph.targets[$0].name }, by: { $0 }).mapValues(\.count)
            return vertices.map { vertex in
                let target = graph.targets[vertex]
                return counts[target.name] == 1 ? Self.literal(target.name) : Self.literal(target.id)
            }.sorted()
        }
        var layers: [Layer] = []
        if !apps.isEmpty {
            layers.append(
                Layer(
                    name: "app", why: "executables and apps: they wire the modules below and nothing depends on them", targets: names(apps),
                    isolated: false))
        }
        if !features.isEmpty {
            layers.append(
                Layer(
                    name: "features",
                    why: "named like features, or used by an app and by no other module: verticals that must not reach one another",
                    targets: names(features), isolated: true))
        }
        if !interfaces.isEmpty {
            layers.append(
                Layer(
                    name: "interfaces",
                    why: "named like interfaces: protocols and plain data the features share instead of depending on one another",
                    targets: names(interfaces), isolated: false))
        }
        if !core.isEmpty {
            layers.append(Layer(name: "core", why: "everything the layers above share", targets: names(core), isolated: false))
        }
        self.layers = layers
        self.interfaces = names(interfaces)
    }

    static func looksLikeInterface(_ name: String) -> Bool {
        ["Interface", "Interfaces", "API", "Api", "Contract", "Contracts", "Protocols"].contains {
            name.hasSuffix($0) && name.count > $0.count
        }
            || name == "Interfaces"
    }

    static func looksLikeFeature(_ name: String) -> Bool {
        ["Feature", "Features", "Vertical", "Screen", "Flow", "Module"].contains { name.hasSuffix($0) && name.count > $0.count }
    }

    /// The YAML, with `exceptions` for today's violations so that `check` passes right away;
    /// `notYetInterfaces` hold more than interfaces today and are left out of `sources.interfaces`.
    func yaml(
        exceptions: [(from: String, to: String, rule: String)], sourcesLevel: String, notYetInterfaces: Set<String> = [],
        triggers: [StarterTriggers.Trigger] = []
    ) -> String {
        var lines = [
            "# yaml-language-server: $schema=https://raw.githubusercontent.com/modgraph/modgraph/main/docs/modgraph.schema.json",
            "# Written by `modgraph init` from the graph as it is today: read it, move what is misplaced,",
            "# and commit it. docs/configuration.md explains every key.",
            "version: 1",
            "layers:",
        ]
        for layer in layers {
            lines.append("  # \(layer.why).")
            lines.append("  - name: \(layer.name)")
            lines.append("    targets: [" + layer.targets.map(Self.quoted).joined(separator: ", ") + "]")
            if layer.isolated { lines.append("    isolated: true") }
        }
        lines += [
            "# A module no layer names is an error: a new module must be placed.",
            "unassigned: error",
            "# Tests may depend on anything they test.",
            "tests: exempt",
            "# Read the Swift files: every module imports what its manifest declares, and interface modules hold only interfaces.",
            "sources:",
            "  undeclaredImports: \(sourcesLevel)",
            "  unusedDependencies: warning",
        ]
        let clean = interfaces.filter { !notYetInterfaces.contains($0) }
        if !clean.isEmpty {
            lines.append("  interfaces: [" + clean.map(Self.quoted).joined(separator: ", ") + "]")
        }
        for name in notYetInterfaces.sorted() {
            lines.append("  # \(name) holds more than protocols and plain data today: add it to interfaces when it does not.")
        }
        if !exceptions.isEmpty {
            lines.append("# Dependencies that break the layers above today. Each is allowed until it is gone; remove it then.")
            lines.append("exceptions:")
            for exception in exceptions {
                lines.append(
                    "  - {from: \(Self.quoted(exception.from)), to: \(Self.quoted(exception.to)), rule: \(exception.rule), "
                        + "reason: \"present when modgraph init wrote this file\"}")
            }
        }
        if !triggers.isEmpty {
            lines += [
                "affected:",
                "  # Folders tests read that no target builds (fixtures): a change there selects these tests.",
                "  # Narrow each list to the tests that read the folder.",
                "  triggers:",
            ]
            for trigger in triggers {
                lines.append("    - paths: [" + Self.quoted(trigger.path) + "]")
                lines.append("      targets: [" + trigger.targets.map(Self.quoted).joined(separator: ", ") + "]")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A pattern that matches exactly `name`: the pattern syntax's characters escaped, so that a
    /// target named `*` is not a pattern for every target. A leading U+FEFF is escaped too: the
    /// YAML library hands a scalar back through Foundation's UTF-8 decoding, which drops a
    /// leading U+FEFF as a byte order mark, so the scalar must not start with one.
    static func literal(_ name: String) -> String {
        var result = ""
        for (offset, character) in name.enumerated() {
            if "\\*?{}[]/".contains(character) || (offset == 0 && (character == "!" || character == "\u{FEFF}")) {
                result.append("\\")
            }
            result.append(character)
        }
        return result
    }

    /// `package/Name` as a pattern matching exactly that target.
    static func literal(_ id: TargetID) -> String {
        literal(id.package.rawValue) + "/" + literal(id.name)
    }

    /// A YAML double-quoted scalar that the configuration reader (libyaml) gives back
    /// as exactly `text`: names are data. What YAML does not allow raw in a document
    /// (anything outside its printable set: controls, DEL, C1, U+FFFE and U+FFFF) and
    /// what would change a reader's view of the line (line and paragraph separators,
    /// NEL, format characters such as U+FEFF and bidirectional overrides) is written
    /// as a `\u` escape; `"` and `\` are escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where !isPrintableInYAML(scalar) || scalar.properties.generalCategory == .format || (0x2028...0x2029).contains(scalar.value):
                result += scalar.value > 0xFFFF ? String(format: "\\U%08X", scalar.value) : String(format: "\\u%04X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// YAML's printable characters, less tab, line feed, carriage return and NEL, which a
    /// double-quoted scalar would fold or turn into line breaks.
    private static func isPrintableInYAML(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
