import Foundation

/// The URL Standard's "domain to ASCII" for a domain with non-ASCII code points: UTS #46 processing
/// (non-transitional, as browsers do) far enough for real internationalised names, then Punycode.
///
/// The mapping is NFKC with case folding (full-width letters and dots become ASCII, upper case
/// becomes lower), the ideographic full stops become `.`, and the code points UTS #46 ignores
/// (soft hyphen, zero-width space, variation selectors, the byte order mark) are dropped. Code
/// points UTS #46 disallows — controls, unassigned and private-use ones, separators, surrogates
/// and U+FFFD (where the percent-decoded bytes were not UTF-8) — fail. Each label that is still
/// not ASCII is written as `xn--` and its Punycode. Length limits are not applied (the standard
/// does not apply them either).
public enum DomainToASCII {
    /// The ASCII form of a domain (`granö.fi` is `xn--gran-7qa.fi`), lower-cased; `nil` when a
    /// browser would refuse it.
    public static func convert(_ domain: String) -> String? {
        var mapped = ""
        for scalar in domain.lowercased().precomposedStringWithCompatibilityMapping.lowercased().unicodeScalars {
            if ignored.contains(scalar.value) { continue }
            if fullStops.contains(scalar.value) {
                mapped.unicodeScalars.append(".")
                continue
            }
            if disallowed(scalar) { return nil }
            mapped.unicodeScalars.append(scalar)
        }
        mapped = mapped.precomposedStringWithCanonicalMapping
        var labels: [String] = []
        for label in mapped.split(separator: ".", omittingEmptySubsequences: false) {
            if label.unicodeScalars.allSatisfy(\.isASCII) {
                labels.append(String(label))
            } else {
                guard let encoded = Punycode.encode(String(label)) else { return nil }
                labels.append("xn--" + encoded)
            }
        }
        return labels.joined(separator: ".")
    }

    /// U+3002 IDEOGRAPHIC FULL STOP and U+FF61 HALFWIDTH IDEOGRAPHIC FULL STOP, mapped to `.`
    /// (U+FF0E FULLWIDTH FULL STOP already is, by NFKC).
    private static let fullStops: Set<UInt32> = [0x3002, 0xFF61]

    /// Code points UTS #46 maps to nothing.
    private static let ignored: Set<UInt32> = Set(
        [0x00AD, 0x034F, 0x200B, 0x2060, 0xFEFF] + Array(0x180B...0x180F) + Array(0xFE00...0xFE0F))

    private static func disallowed(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value == 0xFFFD { return true }
        switch scalar.properties.generalCategory {
        case .control, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator:
            return true
        case .spaceSeparator:
            // A space is a forbidden host code point, reported as such by the host parser.
            return scalar != " "
        default:
            return false
        }
    }
}
