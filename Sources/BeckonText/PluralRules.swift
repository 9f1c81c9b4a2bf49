import CICU

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
    private let rules: OpaquePointer?

    /// Loads the rules for a BCP 47 locale identifier (`de-DE`, `ar`).
    public init(locale identifier: String) {
        var status = U_ZERO_ERROR
        let rules = beckon_uplrules_open(Self.icuLocale(identifier), &status)
        guard let rules, beckon_u_failure(status) == 0 else {
            self.rules = nil
            self.categories = [.other]
            return
        }
        self.rules = rules
        var found = Set<PluralCategory>()
        if let keywords = beckon_uplrules_getKeywords(rules, &status), beckon_u_failure(status) == 0 {
            defer { beckon_uenum_close(keywords) }
            var length: Int32 = 0
            while let keyword = beckon_uenum_next(keywords, &length, &status), beckon_u_failure(status) == 0 {
                if let category = PluralCategory(rawValue: String(cString: keyword)) { found.insert(category) }
            }
        }
        self.categories = found.isEmpty ? [.other] : found
    }

    deinit {
        if let rules { beckon_uplrules_close(rules) }
    }

    /// The category of a number in this locale.
    public func category(for number: Double) -> PluralCategory {
        guard let rules else { return .other }
        var status = U_ZERO_ERROR
        var buffer = [UChar](repeating: 0, count: 16)
        let length = beckon_uplrules_select(rules, number, &buffer, Int32(buffer.count), &status)
        guard beckon_u_failure(status) == 0 else { return .other }
        let keyword = String(decoding: buffer.prefix(Int(length)), as: UTF16.self)
        return PluralCategory(rawValue: keyword) ?? .other
    }

    /// ICU spells locales with underscores.
    static func icuLocale(_ identifier: String) -> String {
        String(identifier.map { $0 == "-" ? "_" : $0 })
    }
}
