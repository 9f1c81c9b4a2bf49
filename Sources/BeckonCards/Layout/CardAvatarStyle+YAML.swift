import BeckonSite

extension CardAvatarStyle {
    /// Reads `avatar:`; the accent and initials colours default to the light theme's button colours.
    init?(_ mapping: YAMLReader.Mapping, _ reader: CardLayoutReader) {
        let size = mapping.int("size", in: 64...400) ?? 200
        let accent = reader.color(mapping, "accent", or: "theme.light.button")
        let initialsColor = reader.color(mapping, "initialsColor", or: "theme.light.buttonText")
        let hasBorder = mapping.value("border") != nil
        let border = hasBorder ? reader.color(mapping, "border") : nil
        let borderWidth = mapping.int("borderWidth", in: 1...24) ?? 6
        guard let accent, let initialsColor, !hasBorder || border != nil else { return nil }
        self.init(size: size, accent: accent, initialsColor: initialsColor, border: border, borderWidth: borderWidth)
    }
}
