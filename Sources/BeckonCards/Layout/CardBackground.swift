import BeckonSite

/// What fills a card behind its content.
public enum CardBackground: Sendable, Hashable {
    /// One colour.
    case color(Color)
    /// A linear gradient across the whole card, as CSS draws `linear-gradient(ANGLEdeg, from, to)`:
    /// `angle` is in degrees clockwise from "to top", so 90 runs left to right and 180 top to bottom.
    case linearGradient(from: Color, to: Color, angle: Double)

    /// The keys of a gradient mapping.
    static let gradientKeys = ["from", "to", "angle"]

    /// The colours the background is made of.
    var colors: [Color] {
        switch self {
        case .color(let color): [color]
        case .linearGradient(let from, let to, _): [from, to]
        }
    }
}
