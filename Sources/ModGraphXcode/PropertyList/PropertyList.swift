/// A value of an old-style (OpenStep) property list, the format of Xcode's
/// `project.pbxproj`: strings, arrays, dictionaries and `<hex>` data.
///
/// Dictionaries keep their keys in file order so that everything built from
/// them is deterministic.
public indirect enum PropertyList: Equatable, Sendable {
    case string(String)
    case array([PropertyList])
    case dictionary(PropertyListDictionary)
    case data([UInt8])

    public var string: String? {
        if case let .string(value) = self { return value }
        return nil
    }

    public var array: [PropertyList]? {
        if case let .array(value) = self { return value }
        return nil
    }

    public var dictionary: PropertyListDictionary? {
        if case let .dictionary(value) = self { return value }
        return nil
    }

    /// The strings of an array value; non-strings are skipped.
    public var strings: [String] {
        array?.compactMap(\.string) ?? []
    }
}

/// A dictionary of a property list: keys in file order, looked up by hash.
public struct PropertyListDictionary: Equatable, Sendable {
    public private(set) var keys: [String] = []
    private var values: [String: PropertyList] = [:]
    /// The 1-based line of the dictionary's `{`, where Xcode writes an object's id
    /// (`ID /* name */ = {isa = …`): what messages and findings about the object point at.
    /// 0 for a dictionary made in code. Not part of equality.
    public internal(set) var line = 0

    public init() {}

    public static func == (lhs: PropertyListDictionary, rhs: PropertyListDictionary) -> Bool {
        lhs.keys == rhs.keys && lhs.values == rhs.values
    }

    public subscript(key: String) -> PropertyList? {
        values[key]
    }

    /// Sets `key`; a repeated key keeps its first position and takes the last value, as Xcode does.
    mutating func set(_ key: String, _ value: PropertyList) {
        if values.updateValue(value, forKey: key) == nil { keys.append(key) }
    }

    public var count: Int { keys.count }
}

/// Why a property list could not be read: the line, and what was wrong there.
public struct PropertyListError: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let problem: String

    public var description: String { "line \(line): \(problem)" }
}
