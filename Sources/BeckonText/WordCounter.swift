import CBeckonICU

/// Counts words the way a reader of the locale would, with ICU's word break rules: spaces separate
/// words in English and German, while Japanese, Chinese and Thai are segmented by dictionary.
public struct WordCounter: Sendable {
    private let localeIdentifier: String

    /// A counter for a BCP 47 locale identifier.
    public init(locale identifier: String) {
        self.localeIdentifier = PluralRules.icuLocale(identifier)
    }

    /// The number of words in `text`; punctuation, spaces and symbols are not words.
    public func count(_ text: String) -> Int {
        let units = Array(text.utf16)
        guard !units.isEmpty else { return 0 }
        return max(0, Int(beckon_words(units, Int32(units.count), localeIdentifier, nil, nil, 0)))
    }

    /// The words of `text`, in order.
    public func words(in text: String) -> [String] {
        let units = Array(text.utf16)
        guard !units.isEmpty else { return [] }
        let capacity = units.count
        var starts = [Int32](repeating: 0, count: capacity)
        var ends = [Int32](repeating: 0, count: capacity)
        let count = Int(beckon_words(units, Int32(units.count), localeIdentifier, &starts, &ends, Int32(capacity)))
        return (0..<max(0, min(count, capacity))).map { index in
            String(decoding: units[Int(starts[index])..<Int(ends[index])], as: UTF16.self)
        }
    }
}
