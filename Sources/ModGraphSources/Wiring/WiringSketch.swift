import Foundation
import ModGraphRules

/// What a file's bytes say of its wiring facts, read without parsing it (issue #48): a cold run parsed every
/// file of an app for the wiring, though most of them (views, models, helpers: plain types) give the answer
/// nothing but their names, and the parse and the walk over its tree were nine tenths of the run.
///
/// A name a parse of the file could give (a type's, what it inherits, what a use writes, a member chain) is the
/// text of its tokens joined by `.` or cut at `<`, and so are its parts (``WiringName/parts(of:)``): each *piece*
/// of such a name is a piece of the file's text. The pieces of a text are the runs of ASCII letters, digits, `_`
/// and `$` in its canonical decomposition (NFD), those that start with a digit left out: two names Swift holds
/// equal (canonically equivalent, `"K"` and the Kelvin sign's `"K"`) have the same pieces. So a file none of whose
/// pieces' sets holds every piece of a name an analysis may look up (``Names``) uses and declares none of those
/// names, whatever its parse would say (``WiringRelevance/Inert``).
///
/// A sketch is made only of a file a phase could read for more than its names (``init(_:vocabulary:)``) when its
/// bytes rule out: a protocol, a `.scoped` call, a name a builder's word ends, a comment or an unusual character
/// between a type's keyword and its name, and more names than a file's facts keep whole. Each word is looked for
/// wherever it is (a comment, a string), which can only refuse more. Its extensions, listed with their places, are
/// read from its tokens (``ExtensionReader``).
struct WiringSketch: Equatable, Sendable {
    /// The hash (``hash(_:)``) of each piece of the file's text, sorted, each once.
    let pieces: [UInt32]
    /// The name after each `struct`, `class`, `enum` and `actor`, and the parts of each extension's, once each: among
    /// them, every part of the names the file's declarations give (``WiringFacts/names``), and perhaps words that
    /// name none (`class func`).
    private(set) var declared: [String]
    /// Its extensions, in order (``ExtensionReader``).
    private(set) var extensions: [WiringRelevance.Inert.Extension] = []
    /// Whether the word `extension` is in its text: its extensions are then read from its tokens.
    let mentionsExtension: Bool

    init(pieces: [UInt32], declared: [String], mentionsExtension: Bool = false) {
        self.pieces = pieces
        self.declared = declared
        self.mentionsExtension = mentionsExtension
    }

    /// The sketch with the file's `extensions` (``ExtensionReader``), their names' parts among those declared.
    mutating func add(_ extensions: [WiringRelevance.Inert.Extension]) {
        self.extensions += extensions
        var seen = Set(declared)
        for found in extensions {
            for part in WiringName.parts(of: found.type) where seen.insert(part).inserted { declared.append(part) }
        }
    }

    /// The sketch of a file of `bytes`; nil when a phase may read the file for more than its names, or when its
    /// bytes cannot rule that out (above), and when `vocabulary` names a builder in words that are not ASCII.
    ///
    /// - Complexity: O(n) in the number of bytes; the canonical decomposition only of runs holding a character
    ///   below U+3000 (no character from U+3000 on decomposes to anything ASCII).
    init?(_ bytes: UnsafeBufferPointer<UInt8>, vocabulary: WiringVocabulary) {
        let builderWords = (vocabulary.builderTypes + vocabulary.builderProtocols).map { Array($0.utf8) }
        guard builderWords.allSatisfy({ $0.allSatisfy { $0 < 0x80 } }) else { return nil }
        var reader = Reader(bytes: bytes, builderWords: builderWords)
        guard reader.read() else { return nil }
        self.init(pieces: reader.pieces.sorted(), declared: reader.declared, mentionsExtension: reader.mentionsExtension)
    }

    /// Whether the piece hashed `hash` is among the file's.
    func contains(_ hash: UInt32) -> Bool {
        var low = 0
        var high = pieces.count
        while low < high {
            let middle = (low + high) / 2
            if pieces[middle] < hash { low = middle + 1 } else { high = middle }
        }
        return low < pieces.count && pieces[low] == hash
    }

    /// The pieces of `name`, hashed, each once: those of its canonical decomposition when it is not ASCII.
    static func pieces(of name: String) -> [UInt32] {
        var hashes: [UInt32] = []
        func add(_ run: UnsafeBufferPointer<UInt8>) {
            let hash = hash(run)
            if !hashes.contains(hash) { hashes.append(hash) }
        }
        var text = name.utf8.allSatisfy { $0 < 0x80 } ? name : name.decomposedStringWithCanonicalMapping
        text.withUTF8 { bytes in Self.forEachPiece(in: bytes, add) }
        return hashes
    }

    /// Calls `body` with each piece of `bytes` (runs of ASCII letters, digits, `_` and `$` not starting with a digit).
    static func forEachPiece(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var index = 0
        while index < bytes.count {
            guard isPieceByte(bytes[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, isPieceByte(bytes[index]) { index += 1 }
            if !isDigit(bytes[start]) { body(UnsafeBufferPointer(rebasing: bytes[start..<index])) }
        }
    }

    /// FNV-1a, 32 bits: stable from run to run, as the partition keeps the hashes. Two pieces with one hash
    /// only make a file seem to hold a name it does not: it is parsed.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        return hash
    }

    static func isPieceByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "$"):
            true
        default: false
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

extension WiringSketch {
    /// The names an analysis may look up, by their pieces: a sketched file holds one when it holds all its pieces.
    struct Names {
        /// The rest of each name's pieces, by its first.
        private var byFirst: [UInt32: [[UInt32]]] = [:]
        /// Whether a name has no piece (`""`, `"0"`): any file may hold it.
        private var holdsEmpty = false
        /// A bit for each first piece's low 16 bits: most of a file's pieces are no name's first, and are passed over
        /// without hashing them for ``byFirst`` (an edit the wiring sees judges every sketched file of the app).
        private var firsts = [UInt64](repeating: 0, count: 1 << 10)

        init(_ names: some Sequence<String>) {
            for name in names {
                let pieces = WiringSketch.pieces(of: name)
                guard let first = pieces.first else {
                    holdsEmpty = true
                    continue
                }
                byFirst[first, default: []].append(Array(pieces.dropFirst()))
                let (word, bit) = Self.filterBit(first)
                firsts[word] |= bit
            }
        }

        /// Whether the file sketched as `sketch` may use or declare one of the names.
        func anyIn(_ sketch: WiringSketch) -> Bool {
            if holdsEmpty { return true }
            for piece in sketch.pieces {
                let (word, bit) = Self.filterBit(piece)
                guard firsts[word] & bit != 0 else { continue }
                guard let rests = byFirst[piece] else { continue }
                if rests.contains(where: { $0.allSatisfy(sketch.contains) }) { return true }
            }
            return false
        }

        /// The word of ``firsts`` and the bit in it that stand for `piece`: its low 16 bits.
        private static func filterBit(_ piece: UInt32) -> (word: Int, bit: UInt64) {
            (Int(piece & 0xFFFF) >> 6, 1 << (piece & 63))
        }
    }
}

/// One pass over a file's bytes for its sketch.
private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    let builderWords: [[UInt8]]
    private(set) var pieces: [UInt32] = []
    private(set) var declared: [String] = []
    private(set) var mentionsExtension = false
    private var seen: Set<UInt32> = []
    private var seenNames: Set<String> = []

    init(bytes: UnsafeBufferPointer<UInt8>, builderWords: [[UInt8]]) {
        self.bytes = bytes
        self.builderWords = builderWords
    }

    /// Reads every run of the text; false when the sketch must refuse the file.
    mutating func read() -> Bool {
        // Bounds on what a parse's facts could list, which past ``WiringFile/nameLimit`` it truncates:
        // names (at most one token a run, or a non-ASCII character), member chains (a `.` each) and calls (a `(` each).
        var tokens = 0
        var dots = 0
        var calls = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard WiringSketch.isPieceByte(byte) || byte >= 0x80 else {
                if byte == UInt8(ascii: ".") { dots += 1 }
                if byte == UInt8(ascii: "(") { calls += 1 }
                index += 1
                continue
            }
            let start = index
            var decomposes = false
            while index < bytes.count {
                let byte = bytes[index]
                if WiringSketch.isPieceByte(byte) {
                    index += 1
                    continue
                }
                guard byte >= 0x80 else { break }
                // Text that is not UTF-8 is refused: a lexer could read characters there the bytes do not show.
                guard let length = Self.scalarLength(at: index, in: bytes) else { return false }
                // A character from U+0080 to U+2FFF, some of which decompose to ASCII.
                if byte <= 0xE2 { decomposes = true }
                tokens += 1
                index += length
            }
            tokens += 1
            let run = UnsafeBufferPointer(rebasing: bytes[start..<index])
            guard decomposes ? decomposed(run) : pieces(of: run, from: start) else { return false }
        }
        return max(tokens, dots, calls) < WiringFile.nameLimit
    }

    /// The pieces of a run that holds no character that decomposes; false to refuse the file.
    private mutating func pieces(of run: UnsafeBufferPointer<UInt8>, from offset: Int) -> Bool {
        var index = 0
        while index < run.count {
            guard WiringSketch.isPieceByte(run[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < run.count, WiringSketch.isPieceByte(run[index]) { index += 1 }
            guard !WiringSketch.isDigit(run[start]) else { continue }
            let piece = UnsafeBufferPointer(rebasing: run[start..<index])
            guard isPlain(piece) else { return false }
            if !mentionsExtension, piece.elementsEqual(Self.extensionWord) { mentionsExtension = true }
            if Self.typeKeywords.contains(where: { $0.elementsEqual(piece) }) {
                // A run that goes on past ASCII (`한struct`) is no keyword, and one after a backtick is a name.
                let isWord = start == 0 && index == run.count && (offset == 0 || bytes[offset - 1] != UInt8(ascii: "`"))
                if isWord, !name(after: offset + index) { return false }
            }
            add(piece)
        }
        return true
    }

    /// The pieces of a run holding characters that may decompose to ASCII, from its canonical decomposition;
    /// false to refuse the file. A type's keyword there is refused: it is not read for a name.
    private mutating func decomposed(_ run: UnsafeBufferPointer<UInt8>) -> Bool {
        var text = String(decoding: run, as: UTF8.self).decomposedStringWithCanonicalMapping
        var refused = false
        text.withUTF8 { decomposed in
            WiringSketch.forEachPiece(in: decomposed) { piece in
                if !isPlain(piece) || Self.typeKeywords.contains(where: { $0.elementsEqual(piece) })
                    || piece.elementsEqual(Self.extensionWord)
                {
                    refused = true
                }
                add(piece)
            }
        }
        return !refused
    }

    /// Whether a piece says nothing only a parse can weigh: no protocol or `.scoped` call, no builder's word at its end.
    private func isPlain(_ piece: UnsafeBufferPointer<UInt8>) -> Bool {
        !Self.refused.contains(where: { $0.elementsEqual(piece) }) && !builderWords.contains(where: { piece.ends(with: $0) })
    }

    private mutating func add(_ piece: UnsafeBufferPointer<UInt8>) {
        let hash = WiringSketch.hash(piece)
        if seen.insert(hash).inserted { pieces.append(hash) }
    }

    /// Notes the name that follows a type's keyword ending at `end`: a word after spaces and line breaks (with
    /// its backticks, and without), or `""` at the end of the file, the name a parse gives a declaration that has
    /// none. False when anything else comes first (a comment, a character that is not ASCII, punctuation), or the
    /// word goes on past ASCII: a parse may read a name there that the bytes do not show.
    private mutating func name(after end: Int) -> Bool {
        var index = end
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else {
            note("")
            return true
        }
        let first = bytes[index]
        if first == UInt8(ascii: "/") || first >= 0x80 { return false }
        if first == UInt8(ascii: "`") {
            var close = index + 1
            while close < bytes.count, bytes[close] != UInt8(ascii: "`") {
                guard bytes[close] >= 0x20, bytes[close] < 0x80 else { return false }
                close += 1
            }
            guard close < bytes.count else { return false }
            note(String(decoding: UnsafeBufferPointer(rebasing: bytes[index...close]), as: UTF8.self))
            note(String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<close]), as: UTF8.self))
            return true
        }
        // Anything else printable is no trivia, and no name: the declaration has none (`case .class:`, `class,` in a
        // comment). Refused all the same: a parse may recover past it to a name further on.
        guard WiringSketch.isPieceByte(first), !WiringSketch.isDigit(first) else { return false }
        var close = index
        while close < bytes.count, WiringSketch.isPieceByte(bytes[close]) { close += 1 }
        guard close == bytes.count || bytes[close] < 0x80 else { return false }
        note(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<close]), as: UTF8.self))
        return true
    }

    private mutating func note(_ name: String) {
        if seenNames.insert(name).inserted { declared.append(name) }
    }

    /// The length of the UTF-8 sequence at `index`, nil when it is not one (overlong, a surrogate, past U+10FFFF, cut).
    private static func scalarLength(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let lead = bytes[index]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xE1...0xEF: length = 3
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return nil
        }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return nil }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return nil }
        return length
    }

    /// The keywords a type's declaration starts with, whose declaration a sketch lists by name.
    private static let typeKeywords: [[UInt8]] = ["struct", "class", "enum", "actor"].map { Array($0.utf8) }
    /// The words whose declarations or calls a phase reads for more than names.
    private static let refused: [[UInt8]] = ["protocol", "scoped"].map { Array($0.utf8) }
    private static let extensionWord = Array("extension".utf8)
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the bytes end with `suffix`.
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
