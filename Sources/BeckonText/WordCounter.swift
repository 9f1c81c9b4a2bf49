import CICU

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
        words(in: text).count
    }

    /// The words of `text`, in order.
    public func words(in text: String) -> [String] {
        let units = Array(text.utf16)
        guard !units.isEmpty else { return [] }
        var status = U_ZERO_ERROR
        return units.withUnsafeBufferPointer { buffer -> [String] in
            guard
                let iterator = beckon_ubrk_open(
                    UBRK_WORD, localeIdentifier, buffer.baseAddress, Int32(buffer.count), &status),
                beckon_u_failure(status) == 0
            else { return [] }
            defer { beckon_ubrk_close(iterator) }
            var result: [String] = []
            var start = beckon_ubrk_first(iterator)
            var end = beckon_ubrk_next(iterator)
            while end != UBRK_DONE {
                // Rule status below UBRK_WORD_NONE_LIMIT (100) marks spaces and punctuation.
                if beckon_ubrk_getRuleStatus(iterator) >= UBRK_WORD_NONE_LIMIT.rawValue {
                    result.append(String(decoding: buffer[Int(start)..<Int(end)], as: UTF16.self))
                }
                start = end
                end = beckon_ubrk_next(iterator)
            }
            return result
        }
    }
}
