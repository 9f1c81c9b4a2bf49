/// Byte classes and named ASCII bytes used by the URL Standard's parsers, which this module runs over UTF-8.
extension UInt8 {
    /// U+0020 SPACE.
    static let space: UInt8 = 0x20
    /// U+0023 (#).
    static let numberSign: UInt8 = 0x23
    /// U+0025 (%).
    static let percentSign: UInt8 = 0x25
    /// U+002B (+).
    static let plusSign: UInt8 = 0x2B
    /// U+002D (-).
    static let hyphen: UInt8 = 0x2D
    /// U+002E (.).
    static let period: UInt8 = 0x2E
    /// U+002F (/).
    static let slash: UInt8 = 0x2F
    /// U+0030 (0).
    static let digitZero: UInt8 = 0x30
    /// U+003A (:).
    static let colon: UInt8 = 0x3A
    /// U+003F (?).
    static let questionMark: UInt8 = 0x3F
    /// U+0040 (@).
    static let atSign: UInt8 = 0x40
    /// U+005B ([).
    static let leftBracket: UInt8 = 0x5B
    /// U+005C (\).
    static let backslash: UInt8 = 0x5C
    /// U+005D (]).
    static let rightBracket: UInt8 = 0x5D
    /// U+007C (|).
    static let verticalBar: UInt8 = 0x7C

    /// Whether the byte is an ASCII letter.
    var isASCIIAlpha: Bool { (self | 0x20) >= 0x61 && (self | 0x20) <= 0x7A }

    /// Whether the byte is an ASCII digit.
    var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }

    /// Whether the byte is an ASCII letter or digit.
    var isASCIIAlphanumeric: Bool { isASCIIAlpha || isASCIIDigit }

    /// The value of the byte as an ASCII hex digit, or `nil` when it is not one.
    var hexDigitValue: UInt8? {
        if isASCIIDigit { return self - 0x30 }
        let folded = self | 0x20
        return folded >= 0x61 && folded <= 0x66 ? folded - 0x61 + 10 : nil
    }

    /// Whether the byte is an ASCII hex digit.
    var isASCIIHexDigit: Bool { hexDigitValue != nil }

    /// The byte with ASCII upper-case letters lower-cased.
    var asciiLowercased: UInt8 { self >= 0x41 && self <= 0x5A ? self | 0x20 : self }

    /// Whether the byte is a C0 control or space (U+0000 to U+0020), which the parser strips from both ends.
    var isC0ControlOrSpace: Bool { self <= 0x20 }

    /// Whether the byte is a tab, line feed or carriage return, which the parser removes anywhere.
    var isASCIITabOrNewline: Bool { self == 0x09 || self == 0x0A || self == 0x0D }

    /// Whether the byte is a forbidden host code point.
    var isForbiddenHostCodePoint: Bool {
        switch self {
        case 0x00, 0x09, 0x0A, 0x0D, 0x20, 0x23, 0x2F, 0x3A, 0x3C, 0x3E, 0x3F, 0x40, 0x5B, 0x5C, 0x5D, 0x5E, 0x7C:
            true
        default:
            false
        }
    }

    /// Whether the byte is a forbidden domain code point: a forbidden host code point, C0 control, `%` or DELETE.
    var isForbiddenDomainCodePoint: Bool { isForbiddenHostCodePoint || self < 0x20 || self == 0x25 || self == 0x7F }
}
