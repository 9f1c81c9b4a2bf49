/// Writes literal text in ICU MessageFormat so that `MessageParser` reads back exactly that text.
///
/// Apostrophes stay single where ICU reads them literally (`we'll`); a run of syntax characters
/// (`{`, `}`, and `#` inside a plural) is wrapped in one pair of apostrophes, with apostrophes
/// inside it doubled, since a quoted run only ends at a lone apostrophe.
enum ICULiteral {
    /// Quotes a literal run.
    /// - Parameters:
    ///   - text: The literal text.
    ///   - inPlural: Whether the text sits in a plural branch, where `#` is syntax.
    ///   - followedBy: The syntax character written right after the text (`{` of an argument, `#`,
    ///     `}` closing a branch), or `nil` at the end of the message.
    static func quote(_ text: String, inPlural: Bool, followedBy: Character?) -> String {
        let syntax: Set<Character> = inPlural ? ["{", "}", "#"] : ["{", "}"]
        let opensQuote: Set<Character> = syntax.union(["|", "'"])
        let characters = Array(text)
        var out = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if syntax.contains(character) {
                out += "'"
                while index < characters.count, syntax.contains(characters[index]) || characters[index] == "'" {
                    out += characters[index] == "'" ? "''" : String(characters[index])
                    index += 1
                }
                out += "'"
                continue
            }
            if character == "'" {
                let next = index + 1 < characters.count ? characters[index + 1] : followedBy
                out += next.map { opensQuote.contains($0) } == true ? "''" : "'"
            } else {
                out.append(character)
            }
            index += 1
        }
        return out
    }
}
