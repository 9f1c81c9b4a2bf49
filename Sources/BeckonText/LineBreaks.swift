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
    /// with a verb's ending. It also splits compound verbs after their first verb's stem
    /// (取り|消されました, 受け|取る); a break between a kanji with one i- or e-row hiragana of a
    /// stem (not a particle: に, で, へ) and a kanji is dropped, so a compound stays on one line.
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
            if offset > 1, offset < units.count, Self.splitsCompoundVerb(units, at: offset) { return false }
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

    /// The i- and e-row hiragana that end a verb's stem before a second verb (取り, 申し, 受け,
    /// 見つけ), without the particles among them.
    private static let stemEndings = Set("いきしちひみりぎじびえけせねめれげぜべ".utf16)

    /// Whether a break at `offset` falls inside a compound verb: kanji, one stem ending, kanji.
    private static func splitsCompoundVerb(_ units: [UInt16], at offset: Int) -> Bool {
        isKanji(units[offset]) && stemEndings.contains(units[offset - 1]) && isKanji(units[offset - 2])
    }

    /// CJK Unified Ideographs (the common kanji, one UTF-16 unit each).
    private static func isKanji(_ unit: UInt16) -> Bool { (0x4E00...0x9FFF).contains(unit) }

}
