import Foundation
import ModGraphCore
import ModGraphSystem
import ModGraphOutput

/// The selected test targets as an Xcode test plan (`.xctestplan`), which
/// `xcodebuild test -testPlan` runs: a new plan of them, or a team's own plan
/// with every other test target turned off (`"enabled" : false`), its
/// configurations and options kept.
public enum TestPlan {
    /// One test target as a plan names it.
    public struct Entry: Hashable, Sendable {
        /// `container:App.xcodeproj`, or `container:Packages/Feed` for a package's test target.
        public let containerPath: String
        /// The target's object id in its `project.pbxproj`; a package's test target's name.
        public let identifier: String
        public let name: String
        /// An Xcode target's product as its project names it (`FeedTests.xctest`), which a scheme's reference carries; nil for a package's.
        public let productFileName: String?

        public init(containerPath: String, identifier: String, name: String, productFileName: String? = nil) {
            self.containerPath = containerPath
            self.identifier = identifier
            self.name = name
            self.productFileName = productFileName
        }
    }

    /// The largest plan read, and how deep its arrays and objects may nest.
    public static let maximumBytes = 16 << 20
    public static let maximumDepth = 64

    /// A plan of `entries`, in their order. The configuration's id is derived from them, so the same selection writes the same bytes.
    public static func written(_ entries: [Entry]) -> String {
        var hash = SHA256()
        for entry in entries { hash.update(entry.containerPath + "\u{0}" + entry.identifier + "\u{0}") }
        let hex = Array(hash.finalizeHex().uppercased())
        let id = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }.joined(separator: "-")
        return JSONValue.object([
            (
                "configurations",
                .array([.object([("id", .string(id)), ("name", .string("Affected")), ("options", .object([]))])])
            ),
            ("defaultOptions", .object([])),
            (
                "testTargets",
                .array(
                    entries.map { entry in
                        .object([
                            (
                                "target",
                                .object([
                                    ("containerPath", .string(entry.containerPath)), ("identifier", .string(entry.identifier)),
                                    ("name", .string(entry.name)),
                                ])
                            )
                        ])
                    })
            ),
            ("version", .int(1)),
        ]).serialized()
    }

    /// Why a plan cannot be filtered.
    public struct Failure: Error, Equatable, Sendable {
        public let problem: String
    }

    /// `plan` with the test targets not in `selected` (names) turned off; what else
    /// it says is kept. Returns the plan and the selected names it does not list.
    public static func filtered(_ plan: Data, selected: Set<String>) throws(Failure) -> (plan: String, missing: [String]) {
        guard plan.count <= maximumBytes else { throw Failure(problem: "it is larger than \(maximumBytes >> 20) MB") }
        guard nestingDepth(plan) <= maximumDepth else { throw Failure(problem: "it nests more than \(maximumDepth) deep") }
        guard var root = (try? JSONSerialization.jsonObject(with: plan)) as? [String: Any],
            let targets = root["testTargets"] as? [Any]
        else { throw Failure(problem: "it is not a test plan (a JSON object with testTargets)") }
        var listed: Set<String> = []
        root["testTargets"] = targets.map { item -> Any in
            guard var entry = item as? [String: Any], let target = entry["target"] as? [String: Any], let name = target["name"] as? String
            else { return item }
            listed.insert(name)
            if !selected.contains(name) { entry["enabled"] = false }
            return entry
        }
        guard
            let data = try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { throw Failure(problem: "it cannot be written back") }
        return (String(decoding: data, as: UTF8.self) + "\n", selected.subtracting(listed).sorted())
    }

    /// The test targets `plan` runs (those not `"enabled" : false`), as it names them; nil when it
    /// is not a test plan within the bounds.
    public static func enabledTargets(_ plan: Data) -> [Entry]? {
        guard plan.count <= maximumBytes, nestingDepth(plan) <= maximumDepth,
            let root = (try? JSONSerialization.jsonObject(with: plan)) as? [String: Any],
            let targets = root["testTargets"] as? [Any]
        else { return nil }
        return targets.compactMap { item -> Entry? in
            guard let entry = item as? [String: Any], entry["enabled"] as? Bool != false,
                let target = entry["target"] as? [String: Any], let container = target["containerPath"] as? String,
                let identifier = target["identifier"] as? String
            else { return nil }
            return Entry(containerPath: container, identifier: identifier, name: target["name"] as? String ?? identifier)
        }
    }

    /// How deep arrays and objects nest in JSON text, strings skipped: checked before Foundation reads it.
    ///
    /// - Complexity: O(n).
    static func nestingDepth(_ data: Data) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }
}
