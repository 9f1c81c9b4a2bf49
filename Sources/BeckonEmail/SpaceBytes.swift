import BeckonText

/// Whether the spaces and line feeds of a text are each a character of their own, so that the text
/// can be split at their bytes instead of by characters (which costs a grapheme break search per
/// character).
///
/// A space joins the character before it when that one is a prepended mark (Arabic number signs,
/// some Brahmic letters), and the character after it when that one extends the cluster (combining
/// marks, emoji modifiers, the zero-width joiner, spacing marks); a line feed joins a carriage
/// return before it. Scalars are judged conservatively: any one this cannot clear makes the text
/// go the way of characters.
enum SpaceBytes {
    /// Whether every space and line feed of `text` stands alone as a character.
    static func standAlone(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for index in bytes.indices {
                switch bytes[index] {
                case 0x0D: return false
                case 0x20:
                    if index + 1 < bytes.count, bytes[index + 1] >= 0x80,
                        !mayFollowSpace(UTF8Scalar.decode(bytes, at: index + 1).scalar)
                    {
                        return false
                    }
                    if index > 0, bytes[index - 1] >= 0x80,
                        !mayPrecedeSpace(UTF8Scalar.decode(bytes, endingBefore: index))
                    {
                        return false
                    }
                default: continue
                }
            }
            return true
        }
    }

    /// A scalar after a space that cannot extend its cluster.
    private static func mayFollowSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x300 { return true }
        // The bidi marks, embeddings and isolates are controls: they never join what comes before.
        if scalar.value == 0x200E || scalar.value == 0x200F || (0x202A...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value)
        {
            return true
        }
        if scalar.value == 0x0E33 || scalar.value == 0x0EB3 || scalar.properties.isGraphemeExtend { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format, .modifierSymbol, .control, .surrogate,
            .privateUse, .unassigned:
            return false
        default:
            return true
        }
    }

    /// A scalar before a space that is not a prepended mark.
    private static func mayPrecedeSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x600 { return true }
        // Prepended marks past U+0600 are a few in Malayalam and in the historic and minority
        // scripts of U+11000–U+11FFF; emoji and CJK beyond are never prepended.
        guard !(0x1_1000..<0x1_2000).contains(scalar.value), scalar.value != 0x0D4E else { return false }
        // Format characters of General Punctuation (bidi isolates and marks, joiners) are not
        // prepended; the ones that are sit in the Arabic, Syriac and Brahmic blocks.
        if (0x2000...0x206F).contains(scalar.value) { return true }
        switch scalar.properties.generalCategory {
        case .format, .control, .surrogate, .privateUse, .unassigned: return false
        default: return true
        }
    }
}
