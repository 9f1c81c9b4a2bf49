/// Counts the words of a text of Latin letters, digits, spaces and plain punctuation as ICU's word
/// break rules do (Unicode's UAX #29, which ICU's rules follow), without handing it to ICU: the
/// review page and the localization rules count thousands of renderings (about 19,000 in the
/// benchmark's 100× site), and ICU's iterator takes about 16,000 instructions for a short sentence.
///
/// In such a text a word is a run of letters and digits: the rules never break inside one (WB5,
/// WB8 to WB10), and every space and plain punctuation mark breaks on both sides and is no word
/// (rule status "none"), but the marks that join two letters or two digits into one word: `'`,
/// `’`, `‘`, `.` and `․` both (WB6, WB7, WB11, WB12), `·` (and `:` in Swedish and Finnish) two
/// letters, `,` and `;` two digits. A text with any other character (a combining mark, `_`, `@`,
/// a letter of another script, an emoji) is left to ICU.
enum LatinWords {
    /// The languages whose ICU rules read such texts as UAX #29 does, each checked against ICU on
    /// thousands of generated texts (`WordCounterTests`). Japanese, Chinese, Thai and the other
    /// languages ICU segments by dictionary are not among them.
    static let languages: Set<String> = [
        "ca", "cs", "da", "de", "en", "es", "et", "fi", "fr", "ga", "hr", "hu", "id", "is", "it", "lt", "lv", "ms",
        "nb", "nl", "nn", "no", "pl", "pt", "ro", "sk", "sl", "sq", "sv", "tr",
    ]

    /// The languages whose rules join two letters with `:` (ICU's root rules do not).
    static let colonJoiningLanguages: Set<String> = ["fi", "sv"]

    /// How a locale's rules read Latin texts, or `nil` when its texts are left to ICU: only for one
    /// of `languages` with nothing but a region (no variant such as `POSIX`, no keywords).
    static func reading(_ icuLocale: String) -> Reading? {
        let parts = icuLocale.split(separator: "_", omittingEmptySubsequences: false)
        guard let language = parts.first.map(String.init), languages.contains(language), parts.count <= 2,
            parts.count == 1 || (parts[1].count == 2 && parts[1].utf8.allSatisfy { (0x41...0x5A).contains($0) })
        else { return nil }
        return Reading(colonJoinsLetters: colonJoiningLanguages.contains(language))
    }

    /// What differs between the languages' readings.
    struct Reading: Sendable {
        let colonJoinsLetters: Bool
    }

    /// The words of `text` as `reading` reads them, or `nil` when it holds a character these rules
    /// leave to ICU.
    static func count(in text: String, _ reading: Reading) -> Int? {
        var words = 0
        // The last character's kind, and a joining mark right after a letter or digit with that
        // letter's or digit's kind.
        var last = Kind.separator
        var pending: (joiner: Kind, after: Kind)?
        for scalar in text.unicodeScalars {
            let kind = kind(of: scalar.value, reading)
            switch kind {
            case .letter, .digit:
                if let (joiner, before) = pending, joins(joiner, before, kind) {
                    // The joining mark and this character belong to the word before them.
                } else if last != .letter && last != .digit {
                    words += 1
                }
                pending = nil
            case .midLetter, .midNumber, .midNumberLetter:
                pending = last == .letter || last == .digit ? (kind, last) : nil
            case .separator:
                pending = nil
            case .other:
                return nil
            }
            last = kind
        }
        return words
    }

    /// Whether `joiner` between `before` and `after` joins them (WB6, WB7, WB11, WB12).
    private static func joins(_ joiner: Kind, _ before: Kind, _ after: Kind) -> Bool {
        switch joiner {
        case .midNumberLetter: before == after
        case .midLetter: before == .letter && after == .letter
        case .midNumber: before == .digit && after == .digit
        default: false
        }
    }

    private enum Kind: Equatable {
        /// A letter (ALetter).
        case letter
        /// A digit (Numeric).
        case digit
        /// A mark that joins two letters (MidLetter).
        case midLetter
        /// A mark that joins two digits (MidNum).
        case midNumber
        /// A mark that joins two letters or two digits (MidNumLet, Single_Quote).
        case midNumberLetter
        /// A space or a punctuation mark that breaks on both sides.
        case separator
        /// Any other character: the text is left to ICU.
        case other
    }

    private static func kind(of value: UInt32, _ reading: Reading) -> Kind {
        switch value {
        case 0x30...0x39: .digit
        case 0x41...0x5A, 0x61...0x7A: .letter
        // Latin-1 Supplement and Latin Extended-A and -B letters, `×` and `÷` left out.
        case 0xC0...0x024F: value == 0xD7 || value == 0xF7 ? .separator : .letter
        case 0x27, 0x2E, 0x2018, 0x2019, 0x2024: .midNumberLetter
        case 0x2C, 0x3B: .midNumber
        case 0xB7: .midLetter
        case 0x3A: reading.colonJoinsLetters ? .midLetter : .separator
        // Space, tab, line feed, carriage return, the ASCII punctuation but `_`, `@` (a word of its
        // own to ICU) and the joining marks, the no-break space, `¡`, `«`, `»`, `¿`, en and em
        // dashes, curly double quotes, `…`.
        case 0x09, 0x0A, 0x0D, 0x20...0x26, 0x28...0x2B, 0x2D, 0x2F, 0x3C...0x3F, 0x5B...0x5E, 0x60, 0x7B...0x7E,
            0xA0, 0xA1, 0xAB, 0xBB, 0xBF, 0x2013, 0x2014, 0x201C...0x201E, 0x2026:
            .separator
        default: .other
        }
    }
}
