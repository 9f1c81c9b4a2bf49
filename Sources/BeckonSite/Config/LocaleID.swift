/// A BCP 47 locale identifier as Beckon accepts it: `en-US`, `de-DE`, `ja-JP`, `ar`, `zh-Hant-TW`.
///
/// Locale ids become folder and file names, so anything but letters, digits and hyphens in the
/// canonical shape is rejected (no `../`, no `/`).
public struct LocaleID: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    public let rawValue: String
    /// The language subtag, such as `de`.
    public let language: String
    /// The script subtag, such as `Hant`, if written.
    public let script: String?
    /// The region subtag, such as `DE` or `419`, if written.
    public let region: String?

    /// Parses a canonical identifier, or returns `nil`.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(\.isASCIILowercase) else {
            return nil
        }
        var rest = parts.dropFirst()
        var script: String?
        if let next = rest.first, next.count == 4, next.first!.isASCIIUppercase,
            next.dropFirst().allSatisfy(\.isASCIILowercase)
        {
            script = next
            rest = rest.dropFirst()
        }
        var region: String?
        if let next = rest.first,
            (next.count == 2 && next.allSatisfy(\.isASCIIUppercase))
                || (next.count == 3 && next.allSatisfy(\.isASCIIDigit))
        {
            region = next
            rest = rest.dropFirst()
        }
        guard rest.isEmpty else { return nil }
        self.rawValue = text
        self.language = first
        self.script = script
        self.region = region
    }

    public var description: String { rawValue }

    /// Whether text in this locale runs right to left.
    public var isRightToLeft: Bool {
        if let script { return ["Arab", "Hebr", "Thaa", "Syrc", "Nkoo", "Adlm", "Rohg"].contains(script) }
        if rawValue == "ar-XB" { return true }
        return ["ar", "he", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb", "syr", "iw"].contains(language)
    }

    /// `rtl` or `ltr`, for the HTML `dir` attribute.
    public var direction: String { isRightToLeft ? "rtl" : "ltr" }

    /// The identifier with an underscore (`en_US`), as Open Graph's `og:locale` expects.
    public var underscored: String { rawValue.replacingHyphens(with: "_") }

    /// The locale one step more general, for fallback: `de-AT` → `de`, `zh-Hant-TW` → `zh-Hant`.
    public var parent: LocaleID? {
        guard let cut = rawValue.lastIndex(of: "-") else { return nil }
        return LocaleID(String(rawValue[..<cut]))
    }

    /// A fix hint for text that is not a valid identifier.
    public static func hint(for text: String) -> String {
        if text.contains("/") || text.contains("\\") || text.contains("..") {
            return "A locale id names a file, so it cannot contain `/`, `\\` or `..`; write it like `en-US`."
        }
        let parts = text.replacingHyphens(with: "-", also: "_").split(separator: "-")
        if let language = parts.first {
            var canonical = language.lowercased()
            if let region = parts.dropFirst().first { canonical += "-" + region.uppercased() }
            if LocaleID(canonical) != nil, canonical != text { return "Write it as `\(canonical)`." }
        }
        return "Write a BCP 47 id: a language, optionally a region, such as `en-US`, `de-DE` or `ar`."
    }

    public static func < (lhs: LocaleID, rhs: LocaleID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Equal by the identifier alone: the subtags are read from it (a locale is a key of the
    /// catalog's tables, looked up tens of thousands of times a build).
    public static func == (lhs: LocaleID, rhs: LocaleID) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Hashed by the identifier alone, as it is compared.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = LocaleID(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "invalid locale id `\(text)`"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension Character {
    fileprivate var isASCIILowercase: Bool { isASCII && isLowercase }
    fileprivate var isASCIIUppercase: Bool { isASCII && isUppercase }
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    fileprivate func replacingHyphens(with replacement: Character, also other: Character? = nil) -> String {
        String(map { $0 == "-" || $0 == other ? replacement : $0 })
    }
}
