import CBeckonICU

/// CLDR plural categories.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    case zero, one, two, few, many, other

    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A locale's CLDR plural rules, read from ICU: which categories the locale uses, and which
/// category a number falls into.
///
/// ICU's `uplrules_select` only reads the rules, so one instance may be shared across threads.
public final class PluralRules: @unchecked Sendable {
    /// The categories the locale distinguishes (English: one, other; Arabic: all six).
    public let categories: Set<PluralCategory>
    private let rules: UnsafeMutableRawPointer?

    /// Loads the rules for a BCP 47 locale identifier (`de-DE`, `ar`).
    /// - Parameter ordinal: Ordinal rules ("1st", "2nd"), as `selectordinal` uses, instead of cardinal.
    public init(locale identifier: String, ordinal: Bool = false) {
        rules = beckon_plural_rules_open(Self.icuLocale(identifier), ordinal ? 1 : 0)
        var buffer = [CChar](repeating: 0, count: 64)
        guard let rules, beckon_plural_rules_keywords(rules, &buffer, Int32(buffer.count)) >= 0 else {
            categories = [.other]
            return
        }
        let keywords = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let found = Set(keywords.split(separator: " ").compactMap { PluralCategory(rawValue: String($0)) })
        categories = found.isEmpty ? [.other] : found
    }

    deinit {
        beckon_plural_rules_close(rules)
    }

    /// The category of a number in this locale.
    public func category(for number: Double) -> PluralCategory {
        guard let rules else { return .other }
        // The keyword is read from a buffer on the stack (a review asks for thousands of numbers).
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 16) { buffer in
            guard let base = buffer.baseAddress,
                beckon_plural_rules_select(rules, number, base, Int32(buffer.count)) >= 0
            else { return .other }
            return PluralCategory(rawValue: String(cString: base)) ?? .other
        }
    }

    /// ICU spells locales with underscores.
    static func icuLocale(_ identifier: String) -> String {
        String(identifier.map { $0 == "-" ? "_" : $0 })
    }
}
