/// SwiftPM encodes enums as one-key objects (`{"byName": [...]}`): the key
/// names the case, the value holds its payload. The container must be used
/// while its decoder is live, so callers read the payload right away.
struct OneKeyObject {
    let key: AnyKey
    let container: KeyedDecodingContainer<AnyKey>

    init(_ container: KeyedDecodingContainer<AnyKey>) throws {
        guard let key = container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }).first else {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath, debugDescription: "expected an object with one key"))
        }
        self.key = key
        self.container = container
    }

    init(from decoder: any Decoder) throws {
        try self.init(decoder.container(keyedBy: AnyKey.self))
    }

    var name: String { key.stringValue }

    func payload<T: Decodable>(_ type: T.Type) throws -> T {
        try container.decode(T.self, forKey: key)
    }

    func unkeyedPayload() throws -> UnkeyedDecodingContainer {
        try container.nestedUnkeyedContainer(forKey: key)
    }
}

struct AnyKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(_ string: String) {
        stringValue = string
        intValue = nil
    }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// Skips one element of an unkeyed container whatever its type.
struct Skip: Decodable {
    init(from decoder: any Decoder) throws {}
}
