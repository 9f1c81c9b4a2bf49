import BeckonDiagnostics

/// Reads the printf-style format strings of a String Catalog: `%N$@` and `%@` for arguments, `%lld`
/// (and the other integer conversions) for a plural's count, `%%` for a percent sign.
enum XCStringsFormat {
    /// A piece of a format string.
    enum Piece: Sendable, Hashable {
        case literal(String)
        /// The argument at a 0-based position.
        case argument(Int)
        /// The number a plural variation counts.
        case count
    }

    /// Why a String Catalog value cannot be turned back into ICU.
    struct DecodeError: Error, Sendable, Hashable {
        var rule: RuleID
        var message: String
        var fix: String
    }

    /// The integer conversions accepted for a plural's count.
    private static let integerConversions: Set<String> = ["lld", "ld", "d", "i", "lli", "li", "llu", "lu", "u"]
    /// Length modifiers that may come before a conversion character.
    private static let lengthModifiers: Set<Character> = ["l", "h", "q", "z", "t", "j"]

    /// Splits a format string into text, arguments and the count.
    /// - Parameters:
    ///   - value: The format string.
    ///   - arguments: How many `%@` arguments the string has.
    ///   - counted: Whether the string is a plural form, whose first argument is the count.
    static func pieces(of value: String, arguments: Int, counted: Bool) throws(DecodeError) -> [Piece] {
        var pieces: [Piece] = []
        var literal = ""
        var nextSequential = 1
        let characters = Array(value)
        var index = 0
        while index < characters.count {
            guard characters[index] == "%" else {
                literal.append(characters[index])
                index += 1
                continue
            }
            let start = index
            index += 1
            if index < characters.count, characters[index] == "%" {
                literal.append("%")
                index += 1
                continue
            }
            var position: Int?
            var lookahead = index
            while lookahead < characters.count, characters[lookahead].isASCII, characters[lookahead].isNumber {
                lookahead += 1
            }
            if lookahead > index, lookahead < characters.count, characters[lookahead] == "$" {
                position = Int(String(characters[index..<lookahead]))
                index = lookahead + 1
            }
            var conversion = ""
            while index < characters.count, conversion.count < 4 {
                let character = characters[index]
                conversion.append(character)
                index += 1
                if !lengthModifiers.contains(character) { break }
            }
            let written = String(characters[start..<index])
            let argument = position ?? nextSequential
            if position == nil { nextSequential += 1 }
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = ""
            if counted, argument == 1, integerConversions.contains(conversion) {
                pieces.append(.count)
            } else if !counted, conversion == "@", argument >= 1, argument <= arguments {
                pieces.append(.argument(argument - 1))
            } else {
                throw error(written, arguments: arguments, counted: counted)
            }
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        return pieces
    }

    private static func error(_ written: String, arguments: Int, counted: Bool) -> DecodeError {
        if counted {
            return DecodeError(
                rule: HandoffRule.placeholder, message: "`\(written)` is not a placeholder a plural form can have",
                fix: "Use `%lld` for the number and `%%` for a percent sign.")
        }
        guard arguments > 0 else {
            return DecodeError(
                rule: HandoffRule.placeholder, message: "`\(written)` is a placeholder, but the source has none",
                fix: "Remove it.")
        }
        let allowed = (1...arguments).map { "`%\($0)$@`" }.joined(separator: ", ")
        return DecodeError(
            rule: HandoffRule.placeholder,
            message: "`\(written)` is not one of this string's \(arguments) placeholder\(arguments == 1 ? "" : "s")",
            fix: "Use \(allowed) (see the comment), and `%%` for a percent sign.")
    }
}
