/// The Ruby a `Podfile` and a `.podspec` are written in, as far as modgraph reads it: lines as
/// Ruby ends them, the tokens of a line, statements, and how many blocks a statement opens.
extension Podfile {
    /// One token of a line.
    enum Token: Equatable {
        case word(String)
        case string(String)
        case symbol(String)
        /// `path:` (a hash key in Ruby 1.9 syntax).
        case key(String)
        case arrow
        case comma
        /// `;`: ends a statement, as a line end does.
        case semicolon
        case pipe
        case other(Character)
    }

    /// The lines of `text`, as Ruby ends them: at `\n`, with a `\r` before it dropped (a Podfile
    /// saved on Windows). Swift reads `\r\n` as one character, so a split on `\n` alone would
    /// read such a file as one line and see nothing in it.
    static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    }

    /// The statements of a line's tokens: `;` ends one, as the end of a line does; empty ones are dropped.
    static func statements(_ tokens: [Token]) -> [ArraySlice<Token>] {
        tokens.split(separator: .semicolon)
    }

    /// Words that open a block that ends with `end`, at the start of a statement.
    static let openers: Set<String> = ["if", "unless", "while", "until", "case", "begin", "for", "class", "module", "def"]
    /// Loops whose `do` belongs to the loop (`while x do`): it opens no second block.
    private static let loops: Set<String> = ["while", "until", "for"]

    /// How many blocks one statement leaves open: one for an opener at its start, one for each `do`
    /// (but a loop's own), less one for each `end`. The one count the reader uses to skip a block
    /// whole and to know where it ends.
    static func blockBalance(_ tokens: ArraySlice<Token>) -> Int {
        var balance = 0
        var loop = false
        if case let .word(word)? = tokens.first, openers.contains(word) {
            balance = 1
            loop = loops.contains(word)
        }
        for token in tokens {
            if token == .word("do") {
                if loop { loop = false } else { balance += 1 }
            } else if token == .word("end") {
                balance -= 1
            }
        }
        return balance
    }

    /// The tokens of one line, without its comment; nil when it holds a string modgraph does
    /// not read (unterminated, or interpolated).
    static func tokens(_ line: String) -> [Token]? {
        var tokens: [Token] = []
        let characters = Array(line)
        var index = 0
        func isWordCharacter(_ character: Character) -> Bool {
            character.isLetter || character.isNumber || character == "_"
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "#":
                return tokens
            case " ", "\t", "\r":
                index += 1
            case "'", "\"":
                var text = ""
                index += 1
                var closed = false
                while index < characters.count {
                    let next = characters[index]
                    if next == character {
                        closed = true
                        index += 1
                        break
                    }
                    if next == "\\", index + 1 < characters.count {
                        let escaped = characters[index + 1]
                        // In single quotes only \' and \\ are escapes; other escapes are not read.
                        guard escaped == character || escaped == "\\" else { return nil }
                        text.append(escaped)
                        index += 2
                        continue
                    }
                    if character == "\"", next == "#", index + 1 < characters.count, characters[index + 1] == "{" { return nil }
                    text.append(next)
                    index += 1
                }
                guard closed else { return nil }
                tokens.append(.string(text))
            case ":" where index + 1 < characters.count && (isWordCharacter(characters[index + 1])):
                var end = index + 1
                while end < characters.count, isWordCharacter(characters[end]) { end += 1 }
                tokens.append(.symbol(String(characters[(index + 1)..<end])))
                index = end
            case "=" where index + 1 < characters.count && characters[index + 1] == ">":
                tokens.append(.arrow)
                index += 2
            case ",":
                tokens.append(.comma)
                index += 1
            case ";":
                tokens.append(.semicolon)
                index += 1
            case "|":
                tokens.append(.pipe)
                index += 1
            default:
                guard isWordCharacter(character) else {
                    tokens.append(.other(character))
                    index += 1
                    continue
                }
                var end = index
                while end < characters.count, isWordCharacter(characters[end]) { end += 1 }
                if end < characters.count, characters[end] == "!" || characters[end] == "?" { end += 1 }
                let word = String(characters[index..<end])
                if end < characters.count, characters[end] == ":", end + 1 >= characters.count || characters[end + 1] != ":" {
                    tokens.append(.key(word))
                    end += 1
                } else {
                    tokens.append(.word(word))
                }
                index = end
            }
        }
        return tokens
    }
}
