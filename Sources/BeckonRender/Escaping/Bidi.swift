/// Bidirectional-text isolation for values (names) placed inside translated sentences.
public enum Bidi {
    /// FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE, the plain-text twins of `<bdi>`.
    public static let firstStrongIsolate: Character = "\u{2068}"
    public static let popDirectionalIsolate: Character = "\u{2069}"

    /// Whether text holds a right-to-left letter (Hebrew, Arabic, Syriac, Thaana, N'Ko…).
    public static func containsRightToLeft(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
            default: false
            }
        }
    }

    /// Whether a value needs isolating in plain text: always inside right-to-left text, and
    /// inside left-to-right text when the value itself holds right-to-left letters.
    public static func needsIsolation(_ value: String, inRightToLeft: Bool) -> Bool {
        inRightToLeft || containsRightToLeft(value)
    }

    /// The value wrapped in FSI…PDI.
    public static func isolated(_ value: String) -> String {
        "\(firstStrongIsolate)\(value)\(popDirectionalIsolate)"
    }
}

extension Bidi {
    /// Whether a character is one of the invisible isolation marks (FSI, LRI, RLI, PDI).
    public static func isIsolationMark(_ character: Character) -> Bool {
        // One scalar from U+2066 to U+2069 (none of them has another canonical form); read from the
        // scalars, as the checks ask for every character of every page's text.
        let scalars = character.unicodeScalars
        guard let first = scalars.first, (0x2066...0x2069).contains(first.value) else { return false }
        return scalars.index(after: scalars.startIndex) == scalars.endIndex
    }
}
