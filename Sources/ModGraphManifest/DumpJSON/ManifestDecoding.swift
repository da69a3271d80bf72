import Foundation

/// Turns the bytes `dump-package` printed into a ``Manifest``.
public enum ManifestDecoding {
    /// The largest dump decoded. Real dumps are kilobytes to a few megabytes;
    /// a dump is read whole and decoded into several times its size.
    public static let maximumBytes = 64 * 1_048_576
    /// How deep arrays and objects may nest. Dumps nest about ten deep;
    /// decoding recurses once per level, and Foundation's decoder rejects
    /// deep documents with only "not valid JSON".
    public static let maximumDepth = 100

    /// Decodes one dump. `source` names the file or folder in error messages.
    ///
    /// The size and nesting are checked first, so that nothing past the
    /// bounds reaches the decoder. Toolchains have leaked log lines onto
    /// standard output, so when the whole text is not JSON, the object between
    /// the first line that starts with `{` and the last `}` is tried before giving up.
    public static func decode(_ data: Data, source: String) throws(LoadError) -> Manifest {
        guard data.count <= maximumBytes else { throw .dumpTooLarge(source: source, limit: maximumBytes) }
        // The fast path reads what toolchains write; anything else, and every error, goes the way below.
        if let manifest = data.withUnsafeBytes({ ManifestReader.manifest(from: $0.bindMemory(to: UInt8.self), maximumDepth: maximumDepth) })
        {
            return manifest
        }
        let bytes = Array(data)
        let syntax = JSONSyntaxCheck.firstError(in: bytes, maximumDepth: maximumDepth)
        if let syntax, syntax.isTooDeep {
            throw .nestedTooDeep(source: source, line: syntax.line, column: syntax.column, limit: maximumDepth)
        }
        do {
            return try JSONDecoder().decode(Manifest.self, from: data)
        } catch let error as DecodingError {
            if case .dataCorrupted = error, let embedded = embeddedObject(in: bytes),
                JSONSyntaxCheck.firstError(in: embedded, maximumDepth: maximumDepth) == nil,
                let manifest = try? JSONDecoder().decode(Manifest.self, from: Data(embedded))
            {
                return manifest
            }
            throw describe(error, syntax: syntax, source: source)
        } catch {
            throw .invalidDump(source: source, codingPath: "", problem: "\(error)")
        }
    }

    private static func describe(_ error: DecodingError, syntax: JSONSyntaxCheck.Failure?, source: String) -> LoadError {
        if let failure = syntax {
            return .malformedJSON(source: source, line: failure.line, column: failure.column, problem: failure.problem)
        }
        switch error {
        case let .typeMismatch(type, context):
            return .invalidDump(
                source: source, codingPath: render(context.codingPath), problem: "expected \(describe(type)); \(context.debugDescription)")
        case let .valueNotFound(type, context):
            return .invalidDump(source: source, codingPath: render(context.codingPath), problem: "missing \(describe(type))")
        case let .keyNotFound(key, context):
            return .invalidDump(source: source, codingPath: render(context.codingPath), problem: "missing key '\(key.stringValue)'")
        case let .dataCorrupted(context):
            return .invalidDump(source: source, codingPath: render(context.codingPath), problem: context.debugDescription)
        @unknown default:
            return .invalidDump(source: source, codingPath: "", problem: "\(error)")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: "\(type)"
        }
    }

    /// `targets[3].dependencies[0]`.
    static func render(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
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
