import CBeckonICU

/// Counts words the way a reader of the locale would, with ICU's word break rules: spaces separate
/// words in English and German, while Japanese, Chinese and Thai are segmented by dictionary.
public struct WordCounter: Sendable {
    /// ICU's identifier of the locale as C characters, made once rather than for every text.
    private let cLocale: ContiguousArray<CChar>

    /// A counter for a BCP 47 locale identifier.
    public init(locale identifier: String) {
        cLocale = PluralRules.icuLocale(identifier).utf8CString
    }

    /// The number of words in `text`; punctuation, spaces and symbols are not words.
    public func count(_ text: String) -> Int {
        let units = Self.utf16(text)
        guard !units.isEmpty else { return 0 }
        return cLocale.withUnsafeBufferPointer { locale in
            max(0, Int(beckon_words(units, Int32(units.count), locale.baseAddress, nil, nil, 0)))
        }
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
