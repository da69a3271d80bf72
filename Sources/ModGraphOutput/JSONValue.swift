/// A JSON document with object keys in the order they were written, so that
/// output reads in a sensible order and is byte-identical from run to run.
/// Not `indirect`: arrays already hold the nested values, and boxing every
/// value (each string, each number) cost a heap object apiece, over a million
/// for a report of 100,000 targets.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    /// `nil` becomes `null`.
    public static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    public static func strings(_ texts: [String]) -> JSONValue {
        .array(texts.map(JSONValue.string))
    }

    /// A measured or computed number, at most six decimals, so that summation
    /// noise (`0.30000000000000004`) never shows and output stays byte-identical.
    public static func decimal(_ value: Double) -> JSONValue {
        .double((value * 1_000_000).rounded() / 1_000_000)
    }

    /// Pretty-printed with two-space indentation and a final newline.
    public func serialized() -> String {
        String(decoding: serializedBytes(), as: UTF8.self)
    }

    /// ``serialized()`` as UTF-8 bytes, written into one buffer: a graph of
    /// 100,000 targets is 80 MB of JSON, which appending to a `String` piece
    /// by piece took seconds to build.
    public func serializedBytes() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        write(to: &output, indent: 0)
        output.append(UInt8(ascii: "\n"))
        return output
    }

    private func write(to output: inout [UInt8], indent: Int) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): output.append(contentsOf: String(value).utf8)
        case .double(let value): output.append(contentsOf: (value.isFinite ? Self.format(value) : "null").utf8)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            guard !values.isEmpty else {
                output.append(contentsOf: "[]".utf8)
                return
            }
            output.append(contentsOf: "[\n".utf8)
            for (position, value) in values.enumerated() {
                Self.writeSpaces(indent + 2, to: &output)
                value.write(to: &output, indent: indent + 2)
                output.append(contentsOf: (position == values.count - 1 ? "\n" : ",\n").utf8)
            }
            Self.writeSpaces(indent, to: &output)
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else {
                output.append(contentsOf: "{}".utf8)
                return
            }
            output.append(contentsOf: "{\n".utf8)
            for (position, (key, value)) in members.enumerated() {
                Self.writeSpaces(indent + 2, to: &output)
                Self.writeString(key, to: &output)
                output.append(contentsOf: ": ".utf8)
                value.write(to: &output, indent: indent + 2)
                output.append(contentsOf: (position == members.count - 1 ? "\n" : ",\n").utf8)
            }
            Self.writeSpaces(indent, to: &output)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func writeSpaces(_ count: Int, to output: inout [UInt8]) {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }

    /// Integral values print without a fraction; others with Swift's shortest round-trip form.
    private static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    private static func writeString(_ value: String, to output: inout [UInt8]) {
        Escape.writeJSONString(value, to: &output)
    }
}
