import Foundation
import ModGraphCore
import GraphTestSupport

/// Swift files for the targets of a synthetic graph, written to a temporary
/// folder so that the source benchmarks read, parse and check real files.
public struct SyntheticSources {
    /// The folder holding `Sources/<Target>/File<n>.swift`; remove it with ``remove()``.
    public let root: String
    /// Absolute paths per target, sorted.
    public let files: [TargetID: [String]]
    public let totalBytes: Int

    /// Writes `count` files, spread round-robin over the graph's targets. Each
    /// file is about 120 lines of ordinary Swift (a DTO, a protocol, an
    /// extension, a class with methods, `#if` blocks) and imports some of its
    /// target's dependencies; the first file of each target imports them all,
    /// and every `accidentalEvery`-th file also imports a dependency of a
    /// dependency, which builds by accident.
    public static func write(for graph: ModuleGraph, count: Int, accidentalEvery: Int = 97, seed: UInt64 = 1) throws -> SyntheticSources {
        var random = SplitMix64(seed: seed)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("modgraph-bench-sources-\(UUID().uuidString)").path
        var files: [TargetID: [String]] = [:]
        var totalBytes = 0
        let targets = graph.targets.filter { $0.type != .externalProduct }
        for index in 0..<count {
            let vertex = graph.index(of: targets[index % targets.count].id) ?? 0
            let target = graph.targets[vertex]
            let ordinal = files[target.id]?.count ?? 0
            let folder = "\(root)/Sources/\(target.name)"
            if ordinal == 0 { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            let dependencies = graph.digraph.successors(of: vertex).map { graph.targets[$0].name }
            var imports = ordinal == 0 ? dependencies : dependencies.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
            if index % accidentalEvery == 0, let next = graph.digraph.successors(of: vertex).first,
               let indirect = graph.digraph.successors(of: next).first(where: { !graph.digraph.successors(of: vertex).contains($0) }) {
                imports.append(graph.targets[indirect].name)
            }
            let text = file(name: "\(target.name)\(ordinal)", imports: ["Foundation"] + imports)
            let path = "\(folder)/File\(ordinal).swift"
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            totalBytes += text.utf8.count
            files[target.id, default: []].append(path)
        }
        return SyntheticSources(root: root, files: files.mapValues { $0.sorted() }, totalBytes: totalBytes)
    }

    public func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    private static func file(name: String, imports: [String]) -> String {
        var lines = imports.map { "import \($0)" }
        lines += [
            "",
            "/// A record of \(name).",
            "public struct \(name)Record: Hashable, Sendable, Codable {",
            "    public let id: String",
            "    public var title: String",
            "    public var count: Int",
            "    public var tags: [String]",
            "    public var created: Double",
            "",
            "    public init(id: String, title: String, count: Int = 0, tags: [String] = [], created: Double = 0) {",
            "        self.id = id",
            "        self.title = title",
            "        self.count = count",
            "        self.tags = tags",
            "        self.created = created",
            "    }",
            "",
            "    public var isEmpty: Bool { count == 0 && tags.isEmpty }",
            "}",
            "",
            "public protocol \(name)Providing {",
            "    func records(matching query: String) -> [\(name)Record]",
            "    func record(id: String) -> \(name)Record?",
            "}",
            "",
            "public enum \(name)Event: Equatable {",
            "    case loaded([\(name)Record])",
            "    case failed(reason: String)",
            "    case cancelled",
            "}",
            "",
            "extension \(name)Record: CustomStringConvertible {",
            "    public var description: String { \"\\(id): \\(title) (\\(count))\" }",
            "}",
            "",
            "public final class \(name)Store: \(name)Providing {",
            "    private var storage: [String: \(name)Record] = [:]",
            "    private let queue = DispatchQueue(label: \"\(name)\")",
            "",
            "    public init(records: [\(name)Record] = []) {",
            "        for record in records { storage[record.id] = record }",
            "    }",
            "",
            "    public func records(matching query: String) -> [\(name)Record] {",
            "        queue.sync {",
            "            storage.values",
            "                .filter { query.isEmpty || $0.title.lowercased().contains(query.lowercased()) }",
            "                .sorted { ($0.created, $0.id) < ($1.created, $1.id) }",
            "        }",
            "    }",
            "",
            "    public func record(id: String) -> \(name)Record? {",
            "        queue.sync { storage[id] }",
            "    }",
            "",
            "    public func insert(_ record: \(name)Record) -> \(name)Event {",
            "        guard !record.id.isEmpty else { return .failed(reason: \"empty id\") }",
            "        queue.sync { storage[record.id] = record }",
            "        return .loaded([record])",
            "    }",
            "",
            "    public func summary() -> String {",
            "        let all = records(matching: \"\")",
            "        var lines: [String] = []",
            "        for (index, record) in all.enumerated() where index < 10 {",
            "            switch record.count {",
            "            case 0: lines.append(\"- \\(record.title)\")",
            "            case 1...9: lines.append(\"- \\(record.title) x\\(record.count)\")",
            "            default: lines.append(\"- \\(record.title) (many)\")",
            "            }",
            "        }",
            "        #if DEBUG",
            "        lines.append(\"debug: \\(all.count) records\")",
            "        #endif",
            "        return lines.joined(separator: \"\\n\")",
            "    }",
            "}",
            "",
            "extension \(name)Providing {",
            "    public func first(matching query: String) -> \(name)Record? {",
            "        records(matching: query).first",
            "    }",
            "",
            "    public func titles(matching query: String) -> [String] {",
            "        records(matching: query).map(\\.title)",
            "    }",
            "}",
            "",
            "func make\(name)Fixtures(count: Int) -> [\(name)Record] {",
            "    (0..<count).map { index in",
            "        \(name)Record(id: \"\\(index)\", title: \"Item \\(index)\", count: index % 7,",
            "                     tags: index.isMultiple(of: 2) ? [\"even\"] : [\"odd\"], created: Double(index))",
            "    }",
            "}",
            "",
            "#if os(Linux)",
            "typealias \(name)Lock = NSLock",
            "#else",
            "typealias \(name)Lock = NSRecursiveLock",
            "#endif",
            "",
        ]
        return lines.joined(separator: "\n")
    }
}
