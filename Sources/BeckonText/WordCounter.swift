import CBeckonICU

/// Counts words the way a reader of the locale would, with ICU's word break rules: spaces separate
/// words in English and German, while Japanese, Chinese and Thai are segmented by dictionary.
public struct WordCounter: Sendable {
    /// ICU's identifier of the locale as C characters, made once rather than for every text.
    private let cLocale: ContiguousArray<CChar>
    /// How the locale's rules read a text of Latin letters, digits, spaces and plain punctuation,
    /// counted without ICU (`LatinWords`); `nil` for a locale whose texts all go to ICU.
    let latinReading: LatinWords.Reading?

    /// A counter for a BCP 47 locale identifier.
    public init(locale identifier: String) {
        let icuLocale = PluralRules.icuLocale(identifier)
        cLocale = icuLocale.utf8CString
        latinReading = LatinWords.reading(icuLocale)
    }

    /// The number of words in `text`; punctuation, spaces and symbols are not words.
    public func count(_ text: String) -> Int {
        if let latinReading, let words = LatinWords.count(in: text, latinReading) { return words }
        return countWithICU(text)
    }

    /// The number of words in `text` as ICU's word break iterator finds them.
    func countWithICU(_ text: String) -> Int {
        let units = Self.utf16(text)
        guard !units.isEmpty else { return 0 }
        return cLocale.withUnsafeBufferPointer { locale in
            max(0, Int(beckon_words(units, Int32(units.count), locale.baseAddress, nil, nil, 0)))
        }
    }

    /// The words of `text`, counted as `count(_:)` counts them, when more than `limit`; `nil`
    /// otherwise. A text `LatinWords` counts is read once; any other that cannot hold more is not
    /// handed to ICU: a word never starts twice in a run of letters, digits and `_` of the Latin
    /// script (ASCII and U+00C0 to U+024F, `×` and `÷` left out) with combining marks (U+0300 to
    /// U+036F), since ICU's rules never break between those; so the runs, plus one for every other
    /// character but a space, tab or line break (each may be a word of its own, as a Chinese
    /// character is, and `@` is to the Japanese rules), are at least as many as the words.
    public func count(_ text: String, over limit: Int) -> Int? {
        let words: Int
        if let latinReading, let counted = LatinWords.count(in: text, latinReading) {
            words = counted
        } else {
            guard Self.wordsAtMost(text) > limit else { return nil }
            words = countWithICU(text)
        }
        return words > limit ? words : nil
    }

    /// An upper bound of the words ICU finds in `text` (`count(_:over:)`).
    static func wordsAtMost(_ text: String) -> Int {
        var bound = 0
        var inRun = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let isRunScalar: Bool
            switch value {
            case 0x30...0x39, 0x41...0x5A, 0x5F, 0x61...0x7A, 0x0300...0x036F: isRunScalar = true
            case 0xC0...0x024F: isRunScalar = value != 0xD7 && value != 0xF7
            default: isRunScalar = false
            }
            if isRunScalar {
                if !inRun { bound += 1 }
                inRun = true
            } else {
                inRun = false
                // Punctuation and symbols are words to some locales' rules (`@` in Japanese).
                if value != 0x20 && value != 0x09 && value != 0x0A && value != 0x0D { bound += 1 }
            }
        }
        return bound
    }

    /// The text's UTF-16 code units, transcoded a scalar at a time into an array sized once (a
    /// review counts the words of thousands of texts; `Array(text.utf16)` took a third of it).
    static func utf16(_ text: String) -> [UInt16] {
        var units: [UInt16] = []
        units.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let unit = UInt16(exactly: scalar.value) {
                units.append(unit)
            } else {
                units.append(UTF16.leadSurrogate(scalar))
                units.append(UTF16.trailSurrogate(scalar))
            }
        }
        return units
    }

    /// The words of `text`, in order.
    public func words(in text: String) -> [String] {
        let units = Self.utf16(text)
        guard !units.isEmpty else { return [] }
        let capacity = units.count
        var starts = [Int32](repeating: 0, count: capacity)
        var ends = [Int32](repeating: 0, count: capacity)
        let count = cLocale.withUnsafeBufferPointer { locale in
            Int(beckon_words(units, Int32(units.count), locale.baseAddress, &starts, &ends, Int32(capacity)))
        }
        return (0..<max(0, min(count, capacity))).map { index in
            String(decoding: units[Int(starts[index])..<Int(ends[index])], as: UTF16.self)
        }
    }
}
