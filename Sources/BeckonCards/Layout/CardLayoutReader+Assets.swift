import BeckonSite
import Foundation

extension CardLayoutReader {
    /// A comma-separated font family list under `key`. Naming an emoji font is a warning: it would
    /// draw digits, `#` and `*` as emoji, and emoji fall back to Noto Color Emoji without it.
    func fonts(_ mapping: YAMLReader.Mapping, _ key: String) -> String? {
        guard let text = mapping.string(key) else { return nil }
        let families = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let valid = families.allSatisfy { family in
            !family.isEmpty && family.allSatisfy { $0.isLetter || $0.isNumber || " -_".contains($0) }
        }
        guard valid else {
            yaml.invalid(
                "`\(text)` is not a font family list (in `\(mapping.path(key))`)", at: mapping.location(of: key),
                fix: "List installed families, separated by commas and without quotes: "
                    + "`Noto Sans, Noto Sans Arabic, Noto Sans CJK JP`.",
                rule: "invalid-font")
            return nil
        }
        if let emoji = families.first(where: { $0.lowercased().contains("emoji") }) {
            yaml.report(
                .warning(
                    "card.emoji-font", "`\(emoji)` in `\(mapping.path(key))` would draw digits, `#` and `*` as emoji",
                    at: mapping.location(of: key),
                    fix: "Remove it: emoji fall back to Noto Color Emoji without being listed."))
        }
        return families.joined(separator: ", ")
    }

    /// A path to a PNG file below `static/` under `key`.
    func pngPath(_ mapping: YAMLReader.Mapping, _ key: String) -> String? {
        guard let text = mapping.string(key, required: true),
            let path = ThemeConfig.staticPath(text, mapping, key)
        else { return nil }
        guard path.lowercased().hasSuffix(".png") else {
            yaml.invalid(
                "`\(mapping.path(key))` must be a PNG image, not `\(path)`", at: mapping.location(of: key),
                fix: "Export the logo as a PNG, at twice the height it is drawn at for sharp edges.",
                rule: "invalid-path")
            return nil
        }
        return path
    }
}
