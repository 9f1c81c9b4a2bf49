/// How long a text is as a phone sends it as SMS (3GPP TS 23.038, GSM 03.38).
///
/// Text made only of the GSM 7-bit default alphabet is sent in septets: 160 in one message, 153
/// per part of a multipart message; characters from the extension table (`^ { } \ [ ~ ] | €` and
/// form feed) take two septets and are never split across parts. Any other character switches
/// the whole message to UCS-2: 70 UTF-16 code units in one message, 67 per part, with surrogate
/// pairs (emoji) counting two and never split.
public struct SMSLength: Sendable, Hashable {
    public enum Encoding: String, Sendable, Hashable {
        case gsm7 = "GSM-7"
        case ucs2 = "UCS-2"
    }

    public let encoding: Encoding
    /// Septets (GSM-7) or UTF-16 code units (UCS-2).
    public let units: Int
    /// Message parts a phone sends.
    public let segments: Int
    /// Units still free in the last part.
    public let remainingInSegment: Int

    /// Measures a text.
    public init(_ text: String) {
        if let septets = Self.septets(text) {
            encoding = .gsm7
            units = septets.reduce(0, +)
            (segments, remainingInSegment) = Self.pack(septets, single: 160, part: 153)
        } else {
            encoding = .ucs2
            let widths = text.unicodeScalars.map { $0.value > 0xFFFF ? 2 : 1 }
            units = widths.reduce(0, +)
            (segments, remainingInSegment) = Self.pack(widths, single: 70, part: 67)
        }
    }

    /// The septet width of each character, or `nil` if one is outside GSM-7.
    public static func septets(_ text: String) -> [Int]? {
        var widths: [Int] = []
        widths.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            guard let width = septets(scalar) else { return nil }
            widths.append(width)
        }
        return widths
    }

    /// The septets a character takes in GSM-7 (1, or 2 from the extension table), or `nil` when
    /// it is outside GSM-7. ASCII (most of a share message) is read from a table of its 128
    /// characters; the rest from the alphabet's sets.
    public static func septets(_ scalar: Unicode.Scalar) -> Int? {
        if scalar.isASCII {
            let width = asciiWidths[Int(scalar.value)]
            return width == 0 ? nil : Int(width)
        }
        if basic.contains(scalar) { return 1 }
        return extended.contains(scalar) ? 2 : nil
    }

    /// The septets each ASCII character takes (0: outside GSM-7), from `basic` and `extended`.
    private static let asciiWidths: [UInt8] = (0..<128).map { value in
        let scalar = Unicode.Scalar(UInt8(value))
        return basic.contains(scalar) ? 1 : extended.contains(scalar) ? 2 : 0
    }

    /// Packs units into parts without splitting a multi-unit character.
    private static func pack(_ widths: [Int], single: Int, part: Int) -> (Int, Int) {
        let total = widths.reduce(0, +)
        if total <= single { return (1, single - total) }
        var segments = 1
        var used = 0
        for width in widths {
            if used + width > part {
                segments += 1
                used = 0
            }
            used += width
        }
        return (segments, part - used)
    }

    /// The GSM 03.38 default alphabet (ESC, 0x1B, is left out: it only introduces extensions).
    static let basic: Set<Unicode.Scalar> = Set(
        ("@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
            + "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà").unicodeScalars)

    /// The GSM 03.38 extension table, each sent as ESC plus a septet.
    static let extended: Set<Unicode.Scalar> = Set("^{}\\[~]|€\u{0C}".unicodeScalars)
}
