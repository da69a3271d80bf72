/// Strings escaped once and written many times: a graph's target ids, two
/// per dependency of a document that lists 300,000. Each is kept as the bytes
/// of its JSON literal, quotes included, in one buffer; writing one copies
/// them, without reading, checking or retaining a `String` again.
public struct EscapedStrings: Sendable {
    /// Every literal, one after another.
    fileprivate let bytes: [UInt8]
    /// Where literal `i` starts; one more entry, for the end of the last.
    fileprivate let starts: [Int]
    /// Whether `<`, `>` and `&` are escaped too, for a page's script (``JSONStream/Layout/script``).
    fileprivate let inScript: Bool

    /// The literals of `count` strings, `write(&stream, index)` writing the
    /// string at `index` with one `string` call, for a stream of `layout`.
    ///
    /// - Complexity: O(n) in the length of the strings.
    public init(count: Int, for layout: JSONStream.Layout, _ write: (inout JSONStream, Int) -> Void) {
        var stream = JSONStream(layout: layout == .script ? .script : .compact)
        var starts = [0]
        starts.reserveCapacity(count + 1)
        for index in 0..<count {
            write(&stream, index)
            // Nothing written would later copy nothing where a value belongs.
            precondition(stream.count > starts[index], "each escaped string is written with one string call")
            starts.append(stream.count)
        }
        self.bytes = stream.finish()
        self.starts = starts
        self.inScript = layout == .script
    }

    public var count: Int { starts.count - 1 }
}

extension JSONStream {
    /// The string at `index` of `strings`, escaped for this layout.
    ///
    /// - Complexity: O(n) in its length.
    public mutating func string(_ strings: EscapedStrings, _ index: Int) {
        precondition(strings.inScript == (layout == .script), "strings escaped for another layout")
        strings.bytes.withUnsafeBufferPointer { bytes in
            literal(UnsafeBufferPointer(rebasing: bytes[strings.starts[index]..<strings.starts[index + 1]]))
        }
    }
}
