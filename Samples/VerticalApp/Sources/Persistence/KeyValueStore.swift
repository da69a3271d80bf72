import Prelude

public protocol KeyValueStore: AnyObject {
    func string(forKey key: String) -> String?
    func set(_ value: String?, forKey key: String)
    var keys: [String] { get }
}

extension KeyValueStore {
    public func bool(forKey key: String) -> Bool? {
        string(forKey: key).map { $0 == "true" }
    }

    public func set(_ value: Bool, forKey key: String) {
        set(value ? "true" : "false", forKey: key)
    }

    /// All keys under `namespace.`, without the prefix.
    public func keys(in namespace: String) -> [String] {
        let prefix = namespace + "."
        return keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }.sorted()
    }
}
