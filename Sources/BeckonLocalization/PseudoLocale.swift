import BeckonSite

/// Pseudo-locales, generated from the source bundle so length and mirroring problems show up in
/// pages, messages and checks before any translator is involved:
///
/// - `en-XA`: every letter accented (`Ínvíté`), each text run about 35% longer with `·` padding,
///   and the whole string in brackets, so truncation is visible at both ends;
/// - `ar-XB`: the source text laid out right to left (each run in RIGHT-TO-LEFT OVERRIDE … POP
///   DIRECTIONAL FORMATTING) in an RTL page, so mirroring problems show without Arabic.
///
/// Arguments, ICU syntax, Markdown markup, URLs and email addresses are left untouched.
public enum PseudoLocale {
    public static let accented = LocaleID("en-XA")!
    public static let bidi = LocaleID("ar-XB")!
    public static let all = [accented, bidi]

    /// A pseudo bundle made from the source bundle.
    public static func bundle(_ locale: LocaleID, from source: LocaleBundle) -> LocaleBundle {
        var bundle = source
        bundle.locale = locale
        bundle.path = "\(source.path) (pseudo \(locale))"
        for (key, entry) in source.entries {
            var pseudo = entry
            let transformed = entry.message.mapLiterals { text in transform(text, for: locale) }
            pseudo.message = wrap(transformed, for: locale)
            pseudo.text = pseudo.message.icuText
            pseudo.sourceHash = SourceHash.of(entry.text)
            bundle.entries[key] = pseudo
        }
        return bundle
    }

    /// Brackets and, for `en-XA`, padding of about 35% of the message's letters at its end.
    private static func wrap(_ message: Message, for locale: LocaleID) -> Message {
        guard locale == accented else { return message }
        let letters = message.literalText.count { $0.isLetter }
        let padding = letters > 0 ? " " + String(repeating: "·", count: Int((Double(letters) * 0.35).rounded(.up))) : ""
        return Message(parts: [.literal("[")] + message.parts + [.literal("\(padding)]")]).mergingLiterals()
    }

    /// Transforms the translatable parts of a literal run, leaving markup and addresses alone.
    static func transform(_ text: String, for locale: LocaleID) -> String {
        var out = ""
        for segment in segments(of: text) {
            guard segment.translatable else {
                out += segment.text
                continue
            }
            out += locale == bidi ? "\u{202E}\(segment.text)\u{202C}" : String(segment.text.map(accent))
        }
        return out
    }

    private struct Segment {
        var text: String
        var translatable: Bool
    }

    /// Splits text into translatable runs and protected runs: link destinations `](…)`, words that
    /// are URLs or email addresses, and Markdown delimiters.
    private static func segments(of text: String) -> [Segment] {
        var segments: [Segment] = []
        var current = ""
        func flush() {
            if !current.isEmpty { segments.append(Segment(text: current, translatable: true)) }
            current = ""
        }
        var rest = Substring(text)
        while let character = rest.first {
            if rest.hasPrefix("]("), let close = rest.firstIndex(of: ")") {
                flush()
                segments.append(Segment(text: String(rest[...close]), translatable: false))
                rest = rest[rest.index(after: close)...]
            } else if "*_`[]".contains(character) {
                flush()
                segments.append(Segment(text: String(character), translatable: false))
                rest = rest.dropFirst()
            } else if current.last?.isWhitespace != false, let word = protectedWord(rest) {
                flush()
                segments.append(Segment(text: String(word), translatable: false))
                rest = rest.dropFirst(word.count)
            } else {
                current.append(character)
                rest = rest.dropFirst()
            }
        }
        flush()
        return segments
    }

    /// A URL or email address starting the text, up to the next space.
    private static func protectedWord(_ text: Substring) -> Substring? {
        let word = text.prefix { !$0.isWhitespace && $0 != ")" }
        if word.hasPrefix("https://") || word.hasPrefix("http://") || word.hasPrefix("mailto:") { return word }
        if let at = word.firstIndex(of: "@"), at != word.startIndex, word[at...].contains(".") { return word }
        return nil
    }

    private static let accents: [Character: Character] = [
        "a": "á", "b": "ƀ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "í", "j": "ĵ", "k": "ķ",
        "l": "ļ", "m": "ɱ", "n": "ñ", "o": "ó", "p": "þ", "q": "ǫ", "r": "ŕ", "s": "š", "t": "ţ", "u": "ú", "v": "ṽ",
        "w": "ŵ", "x": "ẋ", "y": "ý", "z": "ž", "A": "Å", "B": "Ɓ", "C": "Ç", "D": "Ð", "E": "É", "F": "Ƒ", "G": "Ĝ",
        "H": "Ĥ", "I": "Í", "J": "Ĵ", "K": "Ķ", "L": "Ļ", "M": "Ṁ", "N": "Ñ", "O": "Ó", "P": "Þ", "Q": "Ǫ", "R": "Ŕ",
        "S": "Š", "T": "Ţ", "U": "Ú", "V": "Ṽ", "W": "Ŵ", "X": "Ẋ", "Y": "Ý", "Z": "Ž",
    ]

    private static func accent(_ character: Character) -> Character {
        accents[character] ?? character
    }
}
