import SwiftSyntax

extension SyntaxProtocol {
    /// The node's text without the leading trivia of its first token and the trailing trivia of
    /// its last: what swift-syntax's `trimmedDescription` returns, byte for byte, without the copy
    /// of the tree it makes to get there.
    ///
    /// `trimmedDescription` detaches the node and sets both trivia to nothing, which allocates a
    /// new tree per call; the wiring and import readers call it on every type they name, so a
    /// cold check made and released a tree per name. Here the node's text is written once and
    /// the two trivia are cut off by their lengths. The tokens are the ones `trimmed` changes: its
    /// first and last of any presence (a missing token has no text and no trivia, so nothing is
    /// cut for it). `TrimmedTextTests` compares the two on every node of damaged and ordinary files.
    public var trimmedText: String {
        let bytes = syntaxTextBytes
        let leading = firstToken(viewMode: .all).map { $0.presence == .present ? Self.triviaLength($0.leadingTrivia) : 0 } ?? 0
        let trailing = lastToken(viewMode: .all).map { $0.presence == .present ? Self.triviaLength($0.trailingTrivia) : 0 } ?? 0
        guard leading + trailing <= bytes.count else { return "" }
        return String(decoding: bytes[leading..<(bytes.count - trailing)], as: UTF8.self)
    }

    private static func triviaLength(_ trivia: Trivia) -> Int {
        trivia.isEmpty ? 0 : trivia.sourceLength.utf8Length
    }
}
