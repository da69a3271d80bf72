import SwiftSyntax

/// Where each line of a file starts, read from its bytes, so that positions
/// become line and column without a second walk over the syntax tree (which
/// `SourceLocationConverter` makes, at a tenth of the parse's cost).
/// Line breaks are `\n`, `\r\n` and `\r`, as for the compiler; lines and
/// columns are 1-based, columns in UTF-8 bytes.
struct LineTable {
    private let starts: [Int]

    /// - Complexity: O(n) in the number of bytes.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                starts.append(index + 1)
            } else if byte == UInt8(ascii: "\r") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
        self.starts = starts
    }

    /// - Complexity: O(log lines).
    func location(ofOffset offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }

    /// Where `node` starts, after its leading comments and whitespace.
    func location(of node: some SyntaxProtocol) -> (line: Int, column: Int) {
        location(ofOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }
}
