import BeckonSite

/// The font family list used when a layout names none: Noto Sans for Latin, Greek and Cyrillic,
/// Noto Sans Arabic, and the Noto Sans CJK face whose glyph forms suit the locale.
///
/// No emoji face is listed: a listed emoji font would also draw digits, `#` and `*` as emoji, while
/// fontconfig falls back to Noto Color Emoji for emoji by itself.
public enum CardFonts {
    static func families(for locale: LocaleID) -> String {
        "Noto Sans, Noto Sans Arabic, Noto Sans CJK \(cjkRegion(locale))"
    }

    /// JP, KR, SC, TC or HK: the CJK face for a locale, Japanese forms for every non-CJK one.
    static func cjkRegion(_ locale: LocaleID) -> String {
        switch locale.language {
        case "ko": return "KR"
        case "zh":
            if locale.region == "HK" || locale.region == "MO" { return "HK" }
            return locale.script == "Hant" || locale.region == "TW" ? "TC" : "SC"
        default: return "JP"
        }
    }
}
