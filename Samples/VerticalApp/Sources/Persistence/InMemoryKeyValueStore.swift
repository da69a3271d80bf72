#if os(Linux)
import LinuxSupport
typealias StoreLock = PThreadMutex
#else
import Foundation
typealias StoreLock = NSLock
#endif

/// A thread-safe dictionary behind the `KeyValueStore` protocol.
public final class InMemoryKeyValueStore: KeyValueStore {
    private var storage: [String: String]
    private let lock = StoreLock()

    public init(_ initial: [String: String] = [:]) {
        storage = initial
    }

    public func string(forKey key: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return storage[key]
    }

    public func set(_ value: String?, forKey key: String) {
        lock.lock()
        defer { lock.unlock() }
        storage[key] = value
    }

    public var keys: [String] {
        lock.lock()
        defer { lock.unlock() }
        return Array(storage.keys)
    }
}
