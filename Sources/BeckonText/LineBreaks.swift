import CBeckonICU

/// Where text may wrap, with ICU's line break rules for a locale. Japanese uses ICU's phrase
/// rules (`lw=phrase`): a line breaks between phrases (さくらさんが|あなたを|招待しました), never
/// inside one, so no line starts with a lone kana.
public struct LineBreaks: Sendable {
    private let localeIdentifier: String

    /// Line breaks for a BCP 47 locale identifier.
    public init(locale identifier: String) {
        let icu = PluralRules.icuLocale(identifier)
        self.localeIdentifier = Self.breaksByPhrase(identifier) ? icu + "@lw=phrase" : icu
    }

    /// Whether the locale's lines break between phrases rather than between characters: text for
    /// it needs the break opportunities marked.
    public static func breaksByPhrase(_ identifier: String) -> Bool {
        identifier.lowercased() == "ja" || identifier.lowercased().hasPrefix("ja-")
    }

    /// The UTF-16 offsets in `text` where a line may break, the start and end left out.
    ///
    /// In Japanese, ICU's phrase model also splits off endings (招待し|てくれた, もら|いま|しょう);
    /// a break before hiragana is kept only after punctuation or a space, so a line never starts
    /// with a verb's ending.
    public func offsets(in text: String) -> [Int] {
        offsets(inUTF16: Array(text.utf16))
    }

    /// `offsets(in:)` for text given as its UTF-16 code units.
    public func offsets(inUTF16 units: [UInt16]) -> [Int] {
        guard units.count > 1 else { return [] }
        var offsets = [Int32](repeating: 0, count: units.count)
        let count = Int(beckon_line_breaks(units, Int32(units.count), localeIdentifier, &offsets, Int32(units.count)))
        let found = offsets.prefix(max(0, min(count, units.count))).map(Int.init)
        guard localeIdentifier.hasSuffix("@lw=phrase") else { return found }
        return found.filter { offset in
            // ICU breaks between scalars, so the offset is a scalar boundary inside the text, and
            // hiragana is one unit; a unit before it that is half of a pair is none of the
            // characters looked for.
            guard offset > 0, offset < units.count, Self.isHiragana(units[offset]) else { return true }
            guard let before = Unicode.Scalar(units[offset - 1]) else { return false }
            return before.properties.isWhitespace || (0x3000...0x303F).contains(before.value)
                || (0xFF01...0xFF0F).contains(before.value) || before == "!" || before == "?"
        }
    }

    private static func isHiragana(_ unit: UInt16) -> Bool { (0x3041...0x309F).contains(unit) }

}
