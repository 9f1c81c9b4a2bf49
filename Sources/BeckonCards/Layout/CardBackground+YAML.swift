import BeckonSite

extension CardBackground {
    /// Reads `background:`, a colour or a gradient mapping, and requires it to be opaque: link
    /// previews show transparent pixels on whatever colour the app behind them chooses.
    init?(_ value: YAMLValue, _ mapping: YAMLReader.Mapping, _ reader: CardLayoutReader) {
        let key = "background"
        if value.scalar != nil {
            guard let color = reader.color(mapping, key) else { return nil }
            self = .color(color)
        } else {
            guard
                let gradient = reader.yaml.mapping(
                    value, named: key, keys: Self.gradientKeys, reference: mapping.location(of: key))
            else { return nil }
            let from = reader.color(gradient, "from")
            let to = reader.color(gradient, "to")
            let angle = gradient.int("angle", in: 0...360) ?? 180
            guard let from, let to else { return nil }
            self = .linearGradient(from: from, to: to, angle: Double(angle))
        }
        guard colors.allSatisfy({ $0.alpha >= 1 }) else {
            reader.yaml.report(
                .error(
                    "card.transparent-background", "the card background must be opaque",
                    at: mapping.location(of: key),
                    fix: "Use colours without alpha; apps draw transparent parts of a preview black or white."))
            return nil
        }
    }
}
