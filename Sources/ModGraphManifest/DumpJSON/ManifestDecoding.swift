import Foundation

/// Turns the bytes `dump-package` printed into a ``Manifest``.
public enum ManifestDecoding {
    /// The largest dump decoded. Real dumps are kilobytes to a few megabytes;
    /// a dump is read whole and decoded into several times its size.
    public static let maximumBytes = 64 * 1_048_576
    /// How deep arrays and objects may nest. Dumps nest about ten deep, and
    /// reading recurses once per level.
    public static let maximumDepth = 100

    /// Decodes one dump (``ManifestReader``). `source` names the file or folder in error messages.
    ///
    /// The size is checked first. Toolchains have leaked log lines onto
    /// standard output, so when the whole text is not JSON, the object between
    /// the first line that starts with `{` and the last `}` is tried before giving up.
    /// A text that is not JSON is worded by ``JSONSyntaxCheck`` (line, column,
    /// what was expected); a document of the wrong shape names what is wrong and where.
    public static func decode(_ data: Data, source: String) throws(LoadError) -> Manifest {
        guard data.count <= maximumBytes else { throw .dumpTooLarge(source: source, limit: maximumBytes) }
        let bytes = Array(data)
        let refusal: JSONReader.Refusal
        switch read(bytes) {
        case .success(let manifest): return manifest
        case .failure(let failure): refusal = failure
        }
        // Not JSON at all, or JSON of the wrong shape: the text's first syntax error comes first.
        if let syntax = JSONSyntaxCheck.firstError(in: bytes, maximumDepth: maximumDepth) {
            if syntax.isTooDeep {
                throw .nestedTooDeep(source: source, line: syntax.line, column: syntax.column, limit: maximumDepth)
            }
            if let embedded = embeddedObject(in: bytes), JSONSyntaxCheck.firstError(in: embedded, maximumDepth: maximumDepth) == nil,
                case .success(let manifest) = read(embedded)
            {
                return manifest
            }
            throw .malformedJSON(source: source, line: syntax.line, column: syntax.column, problem: syntax.problem)
        }
        throw .invalidDump(
            source: source, codingPath: refusal.pathText, problem: refusal.problem ?? "a string holds an escape that is not a character")
    }

    private static func read(_ bytes: [UInt8]) -> Result<Manifest, JSONReader.Refusal> {
        bytes.withUnsafeBufferPointer { ManifestReader.manifest(from: $0, maximumDepth: maximumDepth) }
    }

    private static func embeddedObject(in bytes: [UInt8]) -> [UInt8]? {
        var start: Int?
        var lineStart = 0
        for (index, byte) in bytes.enumerated() {
            if index == lineStart, byte == UInt8(ascii: "{") {
                start = index
                break
            }
            if byte == UInt8(ascii: "\n") { lineStart = index + 1 }
        }
        guard let start, let end = bytes.lastIndex(of: UInt8(ascii: "}")), end > start else { return nil }
        guard start > 0 || end < bytes.count - 1 else { return nil }
        return Array(bytes[start...end])
    }
}
