import BeckonSite

extension CardTextStyle {
    /// Reads `title:`, `subtitle:` or `footer:`; the colour defaults to the light theme's text colour.
    init?(_ mapping: YAMLReader.Mapping, slot: Slot, _ reader: CardLayoutReader) {
        let defaults = slot.defaults
        let key = reader.localeKey(mapping, "key")
        let color = reader.color(mapping, "color", or: "theme.light.text")
        let size = mapping.int("size", in: slot.sizes) ?? defaults.size
        let weight = reader.weight(mapping, "weight", or: defaults.weight)
        let maxLines = mapping.int("maxLines", in: slot.lines) ?? defaults.maxLines
        // A title shrinks to three quarters of its size unless the layout sets its own floor.
        let minSize =
            slot == .title
            ? mapping.int("minSize", in: slot.sizes.lowerBound...size) ?? max(slot.sizes.lowerBound, size * 3 / 4)
            : size
        guard let key, let color, let weight else { return nil }
        self.init(key: key, color: color, size: size, weight: weight, maxLines: maxLines, minSize: minSize)
    }
}
