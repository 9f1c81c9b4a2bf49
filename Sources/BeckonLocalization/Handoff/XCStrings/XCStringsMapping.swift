/// Maps ICU messages to String Catalog values and back.
///
/// Two shapes map to what Xcode shows and edits:
/// - text with plain `{name}` arguments, written as one value with positional `%N$@` (N is the
///   argument's place among the source's arguments, in order of first use; `%` is written `%%`
///   when the string has arguments);
/// - one `{count, plural, …}` that is the whole message and has no other argument, written as
///   plural variations with `%lld` for `#`. Apple uses the `zero` form for 0 in every language,
///   so ICU's `=0` branch is `zero` in a locale whose CLDR rules have no zero category (English,
///   German), and ICU's `zero` keyword is `zero` in one that has it (Arabic).
///
/// Every other message — `select`, `selectordinal`, other `=N` branches, `offset`, typed or nested
/// arguments — is carried verbatim as ICU text in every locale, and the string's comment says so.
enum XCStringsMapping {
    /// How a key's values are written.
    enum Mode: Sendable, Hashable {
        case simple
        case plural
        case verbatim
    }

    /// A value written for one locale.
    enum Encoded: Sendable, Hashable {
        /// A `stringUnit` value.
        case unit(String)
        /// `variations.plural`: a value per plural category.
        case plural([String: String])
    }

    /// A message with what its locale's plural rules say about 0.
    struct Localized: Sendable {
        var message: Message
        /// Whether the locale's CLDR cardinal rules have a `zero` category.
        var zeroIsCategory: Bool
    }

    /// The plural categories Apple knows, in CLDR order.
    static let categories = ["zero", "one", "two", "few", "many", "other"]

    /// The comment line that marks a string carried verbatim in ICU syntax.
    static let verbatimMarker =
        "ICU MessageFormat: keep {arguments}, plural and select keywords as written; translate the text."

    /// The simplest mode every locale's message maps to exactly.
    static func mode(_ messages: [Localized], names: [String]) -> Mode {
        for mode in [Mode.simple, .plural]
        where messages.allSatisfy({
            encode($0.message, mode: mode, names: names, zeroIsCategory: $0.zeroIsCategory) != nil
        }) {
            return mode
        }
        return .verbatim
    }

    /// The value of a message in a mode, or `nil` when it does not map exactly (decoding the value
    /// must give back an equivalent message).
    static func encode(_ message: Message, mode: Mode, names: [String], zeroIsCategory: Bool) -> Encoded? {
        switch mode {
        case .verbatim:
            return nil
        case .simple:
            guard let value = format(message.parts, names: names, counted: false),
                let decoded = try? decodeUnit(value, names: names),
                (try? MessageParser.parse(decoded))?.isEquivalent(to: message) == true
            else { return nil }
            return .unit(value)
        case .plural:
            guard message.parts.count == 1, case .plural(let name, false, 0, let cases) = message.parts[0],
                names == [name]
            else { return nil }
            var forms: [String: String] = [:]
            for branch in cases {
                guard let category = category(of: branch.selector, zeroIsCategory: zeroIsCategory),
                    forms[category] == nil,
                    let value = format(branch.message.parts, names: [], counted: true)
                else { return nil }
                forms[category] = value
            }
            guard let decoded = try? decodePlural(forms, count: name, zeroIsCategory: zeroIsCategory),
                (try? MessageParser.parse(decoded))?.isEquivalent(to: message) == true
            else { return nil }
            return .plural(forms)
        }
    }

    /// The Apple category an ICU branch is written under, if it has one.
    private static func category(of selector: Message.PluralCase.Selector, zeroIsCategory: Bool) -> String? {
        switch selector {
        case .exact(0) where !zeroIsCategory: "zero"
        case .keyword("zero") where !zeroIsCategory: nil
        case .keyword(let keyword) where categories.contains(keyword): keyword
        default: nil
        }
    }

    /// A format string for text, plain arguments and (in a plural form) `#`.
    private static func format(_ parts: [Message.Part], names: [String], counted: Bool) -> String? {
        let escapesPercent = counted || !names.isEmpty
        var value = ""
        for part in parts {
            switch part {
            case .literal(let text):
                value += escapesPercent ? text.replacingOccurrences(of: "%", with: "%%") : text
            case .argument(let name):
                guard let position = names.firstIndex(of: name) else { return nil }
                value += "%\(position + 1)$@"
            case .pound where counted:
                value += "%lld"
            default:
                return nil
            }
        }
        return value
    }

    /// ICU text for a `stringUnit` value. Without arguments the value is plain text, as Apple reads
    /// a string that is never formatted.
    static func decodeUnit(_ value: String, names: [String]) throws(XCStringsFormat.DecodeError) -> String {
        guard !names.isEmpty else { return ICULiteral.quote(value, inPlural: false, followedBy: nil) }
        let pieces = try XCStringsFormat.pieces(of: value, arguments: names.count, counted: false)
        return write(pieces, names: names, inPlural: false)
    }

    /// ICU text for plural forms: `{count, plural, =0 {…} one {…} other {…}}`.
    static func decodePlural(
        _ forms: [String: String], count name: String, zeroIsCategory: Bool
    )
        throws(XCStringsFormat.DecodeError) -> String
    {
        if let unknown = forms.keys.sorted().first(where: { !categories.contains($0) }) {
            throw XCStringsFormat.DecodeError(
                rule: HandoffRule.unsupported, message: "`\(unknown)` is not a plural category",
                fix: "Use zero, one, two, few, many and other.")
        }
        guard forms["other"] != nil else {
            throw XCStringsFormat.DecodeError(
                rule: "l10n.icu-syntax", message: "the plural variations have no `other` form",
                fix: "Add the `other` form; every plural needs one.")
        }
        var branches: [String] = []
        for category in categories {
            guard let value = forms[category] else { continue }
            let pieces = try XCStringsFormat.pieces(of: value, arguments: 0, counted: true)
            let selector = category == "zero" && !zeroIsCategory ? "=0" : category
            branches.append("\(selector) {\(write(pieces, names: [], inPlural: true))}")
        }
        return "{\(name), plural, \(branches.joined(separator: " "))}"
    }

    private static func write(_ pieces: [XCStringsFormat.Piece], names: [String], inPlural: Bool) -> String {
        var out = ""
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .literal(let text):
                let next: Character? =
                    index + 1 < pieces.count ? (pieces[index + 1] == .count ? "#" : "{") : (inPlural ? "}" : nil)
                out += ICULiteral.quote(text, inPlural: inPlural, followedBy: next)
            case .argument(let position): out += "{\(names[position])}"
            case .count: out += "#"
            }
        }
        return out
    }
}
