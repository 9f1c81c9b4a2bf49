import BeckonDiagnostics
import BeckonSite

/// Reads the values of a card layout that `YAMLReader` has no reader for (colours, which may name
/// a theme colour, locale string keys, font weights, font lists and image paths) and reports
/// problems to it under `card.*` rules.
struct CardLayoutReader {
    let yaml: YAMLReader
    let theme: ThemeConfig
    /// Where each colour was set, by its path in the layout (`title.color`).
    let colorSources = CardColorSourceLog()

    /// The theme colours a layout may name, as `theme.SCHEME.NAME`.
    static let themeColorNames = ["light", "dark"].flatMap { scheme in
        ["text", "background", "link", "button", "buttonText"].map { "theme.\(scheme).\($0)" }
    }

    /// A colour under `key`: CSS (`#1a73e8`, `rgb(…)`) or a theme colour (`theme.light.text`).
    /// Absent, it is the theme colour `fallback` names, or reported as missing when there is none.
    func color(_ mapping: YAMLReader.Mapping, _ key: String, or fallback: String? = nil) -> Color? {
        let path = mapping.path(key)
        guard let value = mapping.value(key, required: fallback == nil) else {
            guard let fallback else { return nil }
            colorSources.sources[path] = .theme(fallback, at: nil)
            return themeColor(fallback)
        }
        guard let text = yaml.string(value, named: path) else { return nil }
        if let color = Color(css: text) {
            colorSources.sources[path] = .layout(value.location)
            return color
        }
        if let color = themeColor(text) {
            colorSources.sources[path] = .theme(text, at: value.location)
            return color
        }
        yaml.invalid(
            "`\(text)` is not a colour (in `\(mapping.path(key))`)"
                + DidYouMean.phrase(for: text, among: Self.themeColorNames),
            at: value.location,
            fix: "Write a colour as `#1a73e8`, `#fff` or `rgb(26, 115, 232)`, or a theme colour such as "
                + "`theme.light.text` or `theme.dark.button`.",
            rule: "invalid-color")
        return nil
    }

    /// The colour a `theme.SCHEME.NAME` reference names.
    func themeColor(_ reference: String) -> Color? {
        let parts = reference.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "theme" else { return nil }
        let palette: ThemeConfig.Palette
        switch parts[1] {
        case "light": palette = theme.light
        case "dark": palette = theme.dark
        default: return nil
        }
        switch parts[2] {
        case "text": return palette.text
        case "background": return palette.background
        case "link": return palette.link
        case "button": return palette.button
        case "buttonText": return palette.buttonText
        default: return nil
        }
    }

    /// A locale string key under `key`, such as `og.title`: dot-separated segments of letters,
    /// digits, `_` and `-`, as a locale bundle's nested keys make them.
    func localeKey(_ mapping: YAMLReader.Mapping, _ key: String) -> String? {
        guard let text = mapping.string(key, required: true) else { return nil }
        guard PlaceholderScanner.isValidPath(text) else {
            yaml.invalid(
                "`\(text)` is not a locale string key (in `\(mapping.path(key))`)", at: mapping.location(of: key),
                fix: "Write the key of a string in locales/LOCALE.yml, with dots between its levels: `og.title`.",
                rule: "invalid-key")
            return nil
        }
        return text
    }

    /// The font weights a layout may name.
    static let weightNames = [
        "thin": 100, "extraLight": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600, "bold": 700,
        "extraBold": 800, "black": 900,
    ]

    /// A font weight under `key`: a name such as `bold`, or 100 to 900 in hundreds.
    func weight(_ mapping: YAMLReader.Mapping, _ key: String, or fallback: Int) -> Int? {
        guard let value = mapping.value(key) else { return fallback }
        guard let text = yaml.string(value, named: mapping.path(key)) else { return nil }
        if let weight = Self.weightNames[text] { return weight }
        if let number = Int(text), (100...900).contains(number), number % 100 == 0 { return number }
        let names = Self.weightNames.sorted { $0.value < $1.value }.map(\.key)
        yaml.invalid(
            "`\(text)` is not a font weight (in `\(mapping.path(key))`)" + DidYouMean.phrase(for: text, among: names),
            at: value.location,
            fix: "Write one of \(names.joined(separator: ", ")), or a number from 100 to 900 in hundreds.")
        return nil
    }
}
