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
    /// A value written straight to the stream when the document is: a part
    /// too large to build as a tree first (a graph's targets and edges).
    /// It must write exactly one value.
    case stream(@Sendable (inout JSONStream) -> Void)

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
        .double(JSONStream.sixDecimals(value))
    }

    /// Pretty-printed with two-space indentation and a final newline.
    public func serialized() -> String {
        String(decoding: serializedBytes(), as: UTF8.self)
    }

    /// ``serializedBytes(layout:)`` handed to `drain` a few megabytes at a
    /// time, in order (``JSONStream/init(layout:drainAbove:drain:)``): for a
    /// file or standard output, a document of 100 MB is never held whole.
    public func serialize(
        layout: JSONStream.Layout = .pretty, draining drain: @escaping @Sendable (UnsafeRawBufferPointer) -> Void
    ) {
        var stream = JSONStream(layout: layout, drain: drain)
        stream.value(self)
        _ = stream.finish()
    }

    /// ``serialized()`` as UTF-8 bytes, written into one buffer by ``JSONStream``,
    /// after `prefix` (a page's markup before its data: the document is not copied again).
    public func serializedBytes(layout: JSONStream.Layout = .pretty, after prefix: [UInt8] = []) -> [UInt8] {
        var stream = JSONStream(layout: layout, after: ByteBuffer(copying: prefix))
        stream.value(self)
        return stream.finish()
    }
}
