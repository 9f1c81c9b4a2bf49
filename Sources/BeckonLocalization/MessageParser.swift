/// Parses ICU MessageFormat text into a `Message`.
public enum MessageParser {
    /// A syntax error, with the character offset it was found at.
    public struct SyntaxError: Error, Hashable, Sendable {
        public var message: String
        public var offset: Int
        public var fix: String
    }

    /// Parses a message or throws the first syntax error.
    public static func parse(_ text: String) throws(SyntaxError) -> Message {
        let characters = Array(text)
        var parts: [Message.Part] = []
        var literal = ""
        var index = 0
        func flush() {
            if !literal.isEmpty { parts.append(.literal(literal)) }
            literal = ""
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "'":
                index = readQuoted(characters, from: index, into: &literal)
            case "{":
                let start = index
                guard let close = characters[index...].firstIndex(of: "}") else {
                    throw SyntaxError(
                        message: "`{` is never closed", offset: start,
                        fix: "Close the argument with `}`, or write `'{'` for a literal brace.")
                }
                let inner = String(characters[(index + 1)..<close])
                let name = inner.trimmingWhitespace()
                if name.contains(",") {
                    let type =
                        name.split(separator: ",").dropFirst().first.map { String($0).trimmingWhitespace() } ?? ""
                    throw SyntaxError(
                        message:
                            "`{\(inner)}` uses the `\(type)` argument type, which this version of Beckon does not read",
                        offset: start, fix: "Write a plain `{name}` argument.")
                }
                guard isArgumentName(name) else {
                    throw SyntaxError(
                        message: "`{\(inner)}` is not an argument", offset: start,
                        fix: "Name an argument such as `{inviter}`, or write `'{'` for a literal brace.")
                }
                flush()
                parts.append(.argument(name))
                index = close + 1
            case "}":
                throw SyntaxError(
                    message: "`}` without an opening `{`", offset: index,
                    fix: "Remove it, or write `'}'` for a literal brace.")
            default:
                literal.append(character)
                index += 1
            }
        }
        flush()
        return Message(parts: parts)
    }

    /// Reads ICU apostrophe quoting at `index` (which holds `'`) and returns the next index.
    /// `''` is one apostrophe; `'{…}'` quotes syntax characters; any other `'` is literal.
    private static func readQuoted(_ characters: [Character], from index: Int, into literal: inout String) -> Int {
        let next = index + 1
        if next < characters.count, characters[next] == "'" {
            literal.append("'")
            return next + 1
        }
        guard next < characters.count, "{}#|".contains(characters[next]) else {
            literal.append("'")
            return next
        }
        var position = next
        while position < characters.count {
            if characters[position] == "'" {
                if position + 1 < characters.count, characters[position + 1] == "'" {
                    literal.append("'")
                    position += 2
                    continue
                }
                return position + 1
            }
            literal.append(characters[position])
            position += 1
        }
        return position
    }

    /// Whether a name can be an argument: a letter, then letters, digits or `_`.
    public static func isArgumentName(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }
}
