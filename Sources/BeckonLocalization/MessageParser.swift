/// Parses ICU MessageFormat text into a `Message`: `{name}`, `{name, number|date|time[, style]}`,
/// `{name, plural|selectordinal, [offset:N] =N {…} keyword {…}}`, `{name, select, keyword {…}}`,
/// `#` inside plurals, and ICU apostrophe quoting (`''` is an apostrophe; `'{'…` quotes syntax).
/// A `plural` or `select` without an `other` branch is an error.
public enum MessageParser {
    /// A syntax error, with the character offset it was found at.
    public struct SyntaxError: Error, Hashable, Sendable {
        public var message: String
        public var offset: Int
        public var fix: String
    }

    /// Argument types read as `{name, TYPE}`.
    static let simpleTypes: Set<String> = ["number", "date", "time"]
    /// Plural keywords ICU knows (CLDR categories).
    static let pluralKeywords: Set<String> = ["zero", "one", "two", "few", "many", "other"]
    /// The deepest nesting of arguments inside branches. Real strings nest two or three levels; the
    /// parser and everything that walks a message recurse, so the depth is bounded.
    public static let maximumDepth = 12

    /// Parses a message or throws the first syntax error.
    public static func parse(_ text: String) throws(SyntaxError) -> Message {
        // About half of a bundle's strings hold no syntax at all (`#` is syntax only in a plural):
        // they are their own text, without splitting it into characters.
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "'") })
        {
            return Message(parts: text.isEmpty ? [] : [.literal(text)])
        }
        var scanner = Scanner(Array(text))
        let message = try scanner.message(inPlural: false)
        if scanner.index < scanner.characters.count {
            throw SyntaxError(
                message: "`}` without an opening `{`", offset: scanner.index,
                fix: "Remove it, or write `'}'` for a literal brace.")
        }
        return message
    }

    /// Whether a name can be an argument: a letter, then letters, digits or `_`.
    public static func isArgumentName(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    struct Scanner {
        let characters: [Character]
        var index = 0
        /// How many arguments the scanner is inside.
        var depth = 0

        init(_ characters: [Character]) {
            self.characters = characters
        }

        var current: Character? { index < characters.count ? characters[index] : nil }

        func error(_ message: String, at offset: Int? = nil, fix: String) -> SyntaxError {
            SyntaxError(message: message, offset: offset ?? index, fix: fix)
        }

        /// Message text up to an unmatched `}` or the end.
        mutating func message(inPlural: Bool) throws(SyntaxError) -> Message {
            var parts: [Message.Part] = []
            var literal = ""
            func flush() {
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = ""
            }
            while let character = current {
                switch character {
                case "'":
                    readQuoted(into: &literal, inPlural: inPlural)
                case "{":
                    flush()
                    parts.append(try argument(inPlural: inPlural))
                case "}":
                    flush()
                    return Message(parts: parts)
                case "#" where inPlural:
                    flush()
                    parts.append(.pound)
                    index += 1
                default:
                    literal.append(character)
                    index += 1
                }
            }
            flush()
            return Message(parts: parts)
        }

        /// ICU apostrophe quoting at `index` (which holds `'`).
        mutating func readQuoted(into literal: inout String, inPlural: Bool) {
            let next = index + 1
            if next < characters.count, characters[next] == "'" {
                literal.append("'")
                index = next + 1
                return
            }
            let special: Set<Character> = inPlural ? ["{", "}", "#", "|"] : ["{", "}", "|"]
            guard next < characters.count, special.contains(characters[next]) else {
                literal.append("'")
                index = next
                return
            }
            var position = next
            while position < characters.count {
                if characters[position] == "'" {
                    if position + 1 < characters.count, characters[position + 1] == "'" {
                        literal.append("'")
                        position += 2
                        continue
                    }
                    index = position + 1
                    return
                }
                literal.append(characters[position])
                position += 1
            }
            index = position
        }

        mutating func skipSpaces() {
            while let character = current, character.isWhitespace { index += 1 }
        }

        /// A name, keyword or `=N` selector.
        mutating func word() -> String {
            var word = ""
            while let character = current, !character.isWhitespace, !",{}#'".contains(character),
                character != "=" || word.isEmpty
            {
                word.append(character)
                index += 1
            }
            return word
        }

        /// `{…}` at `index`.
        /// - Parameter inPlural: Whether a plural encloses the argument, so `#` in a select's branches
        ///   is that plural's number.
        mutating func argument(inPlural: Bool) throws(SyntaxError) -> Message.Part {
            let start = index
            guard depth < MessageParser.maximumDepth else {
                throw error(
                    "arguments nest more than \(MessageParser.maximumDepth) levels deep", at: start,
                    fix: "Split the string, or move the inner choices into separate strings.")
            }
            depth += 1
            defer { depth -= 1 }
            index += 1
            skipSpaces()
            let name = word()
            guard MessageParser.isArgumentName(name) else {
                throw error(
                    "`{\(name)` does not start an argument", at: start,
                    fix: "Name an argument such as `{inviter}`, or write `'{'` for a literal brace.")
            }
            skipSpaces()
            guard let separator = current else {
                throw error("`{` is never closed", at: start, fix: "Close the argument with `}`.")
            }
            if separator == "}" {
                index += 1
                return .argument(name)
            }
            guard separator == "," else {
                throw error("expected `,` or `}` after `\(name)`", fix: "Write `{\(name)}` or `{\(name), plural, …}`.")
            }
            index += 1
            skipSpaces()
            let typeStart = index
            let type = word()
            skipSpaces()
            switch type {
            case "plural", "selectordinal":
                return try plural(name, ordinal: type == "selectordinal", start: start)
            case "select":
                return try select(name, start: start, inPlural: inPlural)
            case _ where MessageParser.simpleTypes.contains(type):
                var style: String?
                if current == "," {
                    index += 1
                    skipSpaces()
                    style = word()
                    skipSpaces()
                }
                guard current == "}" else {
                    throw error("`{` is never closed", at: start, fix: "Close the argument with `}`.")
                }
                index += 1
                switch type {
                case "number": return .number(name, style: style)
                case "date": return .date(name, style: style)
                default: return .time(name, style: style)
                }
            default:
                throw error(
                    "`\(type)` is not an argument type", at: typeStart,
                    fix: "Use plural, selectordinal, select, number, date or time.")
            }
        }

        mutating func branches(start: Int, inPlural: Bool) throws(SyntaxError) -> [(String, Message, Int)] {
            var branches: [(String, Message, Int)] = []
            while true {
                skipSpaces()
                guard let character = current else {
                    throw error("`{` is never closed", at: start, fix: "Close the choice with `}`.")
                }
                if character == "}" {
                    index += 1
                    return branches
                }
                let keywordStart = index
                let keyword = word()
                guard !keyword.isEmpty else {
                    throw error("expected a keyword such as `other`", fix: "Write branches as `keyword {text}`.")
                }
                skipSpaces()
                guard current == "{" else {
                    throw error("expected `{` after `\(keyword)`", fix: "Write the branch as `\(keyword) {text}`.")
                }
                index += 1
                let message = try message(inPlural: inPlural)
                guard current == "}" else {
                    throw error("a branch is never closed", at: keywordStart, fix: "Close it with `}`.")
                }
                index += 1
                branches.append((keyword, message, keywordStart))
            }
        }

        mutating func plural(_ name: String, ordinal: Bool, start: Int) throws(SyntaxError) -> Message.Part {
            guard current == "," else {
                throw error("expected `,` after `plural`", fix: "Write `{\(name), plural, one {…} other {…}}`.")
            }
            index += 1
            skipSpaces()
            var offset = 0
            if characters[index...].starts(with: Array("offset:")) {
                index += "offset:".count
                skipSpaces()
                let digits = word()
                guard let value = Int(digits), value >= 0 else {
                    throw error("`offset:` needs a whole number", fix: "Write `offset:1`.")
                }
                offset = value
            }
            var cases: [Message.PluralCase] = []
            for (keyword, message, position) in try branches(start: start, inPlural: true) {
                if keyword.hasPrefix("=") {
                    guard let value = Int(keyword.dropFirst()) else {
                        throw error("`\(keyword)` is not an exact value", at: position, fix: "Write `=0`, `=1`, …")
                    }
                    cases.append(.init(selector: .exact(value), message: message))
                } else {
                    guard MessageParser.pluralKeywords.contains(keyword) else {
                        throw error(
                            "`\(keyword)` is not a plural category", at: position,
                            fix: "Use zero, one, two, few, many, other, or `=N` for an exact number.")
                    }
                    cases.append(.init(selector: .keyword(keyword), message: message))
                }
            }
            guard cases.contains(where: { $0.selector == .keyword("other") }) else {
                throw error(
                    "the plural of `\(name)` has no `other` branch", at: start,
                    fix: "Add `other {…}`; every plural needs one.")
            }
            return .plural(name, ordinal: ordinal, offset: offset, cases: cases)
        }

        mutating func select(_ name: String, start: Int, inPlural: Bool) throws(SyntaxError) -> Message.Part {
            guard current == "," else {
                throw error("expected `,` after `select`", fix: "Write `{\(name), select, a {…} other {…}}`.")
            }
            index += 1
            let cases = try branches(start: start, inPlural: inPlural).map {
                Message.SelectCase(keyword: $0.0, message: $0.1)
            }
            guard cases.contains(where: { $0.keyword == "other" }) else {
                throw error(
                    "the select of `\(name)` has no `other` branch", at: start,
                    fix: "Add `other {…}`; every select needs one.")
            }
            return .select(name, cases: cases)
        }
    }
}
