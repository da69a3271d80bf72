/// `.xcconfig` files, read as Xcode reads them, for the settings a build
/// configuration is based on (`baseConfigurationReference`): `NAME = value`
/// lines (`NAME[sdk=…] = value` too), `//` comments, and `#include "file"` /
/// `#include? "file"` (relative to the including file's folder), a later
/// assignment replacing an earlier one. Teams keep their module names
/// (`PRODUCT_MODULE_NAME`) and compilation conditions there
/// (NetNewsWire, UTM); without them a target's module or `#if` is misread.
///
/// The decoder stays pure: it asks ``read`` for a file by its absolute path.
/// ``from(disk:)`` reads below the disk's root only, regular files of at most
/// ``maximumBytes``, includes at most ``maximumDepth`` deep and ``maximumFiles``
/// files per configuration, so a planted include loop or chain costs little.
public struct ConfigFiles: Sendable {
    public static let maximumBytes = 1 << 20
    public static let maximumDepth = 16
    public static let maximumFiles = 64

    /// The settings of the file at an absolute path, what it includes in place; nil when it cannot be read.
    let read: @Sendable (String) -> PropertyListDictionary?

    public init(read: @escaping @Sendable (String) -> PropertyListDictionary?) {
        self.read = read
    }

    /// No file is read: configurations based on one are not known in full.
    public static let none = ConfigFiles { _ in nil }

    /// Files read from `disk`, below its root.
    public static func from(disk: XcodeDisk) -> ConfigFiles {
        ConfigFiles { path in
            var settings = PropertyListDictionary()
            var files = 0
            guard load(path, into: &settings, depth: 0, files: &files, optional: false, disk: disk) else { return nil }
            return settings
        }
    }

    /// Reads `path` into `settings`; false when it (not an optional include) cannot be read.
    private static func load(
        _ path: String, into settings: inout PropertyListDictionary, depth: Int, files: inout Int, optional: Bool, disk: XcodeDisk
    ) -> Bool {
        guard depth < maximumDepth, files < maximumFiles, disk.isInside(path), disk.isRegularFile(path),
            let bytes = try? disk.contents(of: path, limit: maximumBytes)
        else { return optional }
        files += 1
        let folder = XcodePath.parent(path)
        for line in Self.lines(String(decoding: bytes, as: UTF8.self)) {
            switch line {
            case let .include(file, optional):
                let included = XcodePath.join(folder, file)
                if !load(included, into: &settings, depth: depth + 1, files: &files, optional: optional, disk: disk) { return false }
            case let .assignment(name, value):
                settings.set(name, .string(value))
            }
        }
        return true
    }

    /// One meaningful line of a file.
    public enum Line: Equatable, Sendable {
        case include(String, optional: Bool)
        case assignment(String, String)
    }

    /// The includes and assignments of `text`, in order; other lines are left out.
    ///
    /// - Complexity: O(n).
    public static func lines(_ text: String) -> [Line] {
        var result: [Line] = []
        for raw in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var line = Substring(raw)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            line = line.drop(while: { $0 == " " || $0 == "\t" })
            while let last = line.last, last == " " || last == "\t" || last == ";" { line = line.dropLast() }
            if line.hasPrefix("#include") {
                var rest = line.dropFirst("#include".count)
                let optional = rest.hasPrefix("?")
                if optional { rest = rest.dropFirst() }
                rest = rest.drop(while: { $0 == " " || $0 == "\t" })
                guard rest.first == "\"", let end = rest.dropFirst().firstIndex(of: "\"") else { continue }
                let file = rest[rest.index(after: rest.startIndex)..<end]
                if !file.isEmpty { result.append(.include(String(file), optional: optional)) }
                continue
            }
            // The first `=` outside a condition's brackets (`NAME[sdk=iphoneos*] = value`).
            var depth = 0
            guard
                let equals = line.indices.first(where: { index in
                    if line[index] == "[" { depth += 1 } else if line[index] == "]" { depth -= 1 }
                    return line[index] == "=" && depth == 0
                })
            else { continue }
            let name = line[..<equals].trimmingSpaces
            let value = line[line.index(after: equals)...].trimmingSpaces
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "_[]=*,.-".contains($0) }) else { continue }
            result.append(.assignment(String(name), String(value)))
        }
        return result
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = drop(while: { $0 == " " || $0 == "\t" })
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
