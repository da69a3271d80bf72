import Foundation
import ModGraphSystem

/// What one output file holds, produced as the file is written: a large
/// document (the JSON of a report of 100,000 targets is over 100 MB) goes to
/// disk a few megabytes at a time instead of being held whole and copied.
public struct FileContent: Sendable {
    /// Writes the content into `file`; returns the warnings its renderer had.
    let write: @Sendable (_ file: FileSink) throws(CommandError) -> [String]

    /// Bytes already made.
    public static func bytes(_ bytes: [UInt8]) -> FileContent {
        FileContent { file in
            file.write(bytes)
            return []
        }
    }

    /// Text already made, written as its UTF-8 without a copy.
    public static func text(_ text: String) -> FileContent {
        FileContent { file in
            var text = text
            text.withUTF8 { file.write(UnsafeRawBufferPointer($0)) }
            return []
        }
    }

    /// Bytes made when the file is written, with what their renderer warned of.
    public static func rendered(
        _ render: @escaping @Sendable () throws(CommandError) -> (bytes: [UInt8], warnings: [String])
    ) -> FileContent {
        FileContent { file throws(CommandError) in
            let rendered = try render()
            file.write(rendered.bytes)
            return rendered.warnings
        }
    }

    /// Bytes that `produce` hands over in pieces, in order, as it makes them
    /// (each piece valid only during the `write` call: a buffer used again).
    public static func streamed(
        _ produce: @escaping @Sendable (_ write: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) -> Void
    ) -> FileContent {
        FileContent { file in
            produce { file.write($0) }
            return []
        }
    }
}

extension FileSink {
    /// `bytes` written whole, as their buffer is.
    func write(_ bytes: some ContiguousBytes) {
        bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in write(buffer) }
    }
}
