import BeckonDiagnostics
import BeckonSite

extension CardLayout {
    /// Reads a layout file, reporting every problem at its line and column: YAML syntax (`yaml.*`),
    /// unknown and missing keys, values of the wrong type or out of range, colours, locale string
    /// keys, font lists and paths (`card.*`), each with a fix.
    /// - Parameters:
    ///   - source: The file's text and its path from the site root, such as `templates/og/card.yml`.
    ///   - theme: The site's theme, which colours such as `theme.light.text` name.
    /// - Returns: The layout, or `nil` when there is an error; and every diagnostic, warnings included.
    public static func parse(_ source: SourceText, theme: ThemeConfig) -> (CardLayout?, [Diagnostic]) {
        let (root, syntaxDiagnostics) = YAMLParser.parse(source)
        guard let root else { return (nil, syntaxDiagnostics) }
        let reader = CardLayoutReader(yaml: YAMLReader(family: "card"), theme: theme)
        guard let mapping = reader.yaml.mapping(root, named: "", keys: keys) else {
            return (nil, reader.yaml.diagnostics)
        }
        let background = mapping.value("background", required: true).flatMap {
            CardBackground($0, mapping, reader)
        }
        let padding = mapping.int("padding", in: 24...160) ?? 72
        let fonts = reader.fonts(mapping, "fonts")
        let logo = mapping.mapping("logo", keys: CardLogo.keys).flatMap { CardLogo($0, reader) }
        let avatar = mapping.mapping("avatar", keys: CardAvatarStyle.keys).flatMap { CardAvatarStyle($0, reader) }
        func text(_ slot: CardTextStyle.Slot, required: Bool = false) -> CardTextStyle? {
            mapping.mapping(slot.rawValue, keys: slot.keys, required: required).flatMap {
                CardTextStyle($0, slot: slot, reader)
            }
        }
        let title = text(.title, required: true)
        let subtitle = text(.subtitle)
        let footer = text(.footer)
        let diagnostics = reader.yaml.diagnostics
        guard let background, let title, !diagnostics.contains(where: { $0.severity == .error }) else {
            return (nil, diagnostics)
        }
        var layout = CardLayout(
            background: background, padding: padding, fonts: fonts, logo: logo, avatar: avatar, title: title,
            subtitle: subtitle, footer: footer)
        layout.colorSources = reader.colorSources.sources
        return (layout, diagnostics)
    }
}
