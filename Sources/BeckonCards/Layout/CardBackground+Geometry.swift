import BeckonSite
import Foundation

extension CardBackground {
    /// How many colours `colors(behind:)` samples across a gradient.
    static let gradientSamples = 5

    /// The gradient line on a `width`×`height` card, as CSS places it: through the centre at the
    /// angle, just long enough that the corners take the end colours.
    static func gradientLine(
        angle degrees: Double, width: Double, height: Double
    ) -> (
        start: (x: Double, y: Double), end: (x: Double, y: Double)
    ) {
        let radians = (degrees.isFinite ? degrees : 180) * .pi / 180
        let direction = (x: sin(radians), y: -cos(radians))
        let half = (width * abs(direction.x) + height * abs(direction.y)) / 2
        return (
            (width / 2 - direction.x * half, height / 2 - direction.y * half),
            (width / 2 + direction.x * half, height / 2 + direction.y * half)
        )
    }

    /// The background colours behind a rectangle of a `cardWidth`×`cardHeight` card.
    func colors(behind rect: CardRect, cardWidth: Double, cardHeight: Double) -> [Color] {
        guard case .linearGradient(let from, let to, let angle) = self else { return colors }
        let line = Self.gradientLine(angle: angle, width: cardWidth, height: cardHeight)
        let dx = line.end.x - line.start.x
        let dy = line.end.y - line.start.y
        let length = dx * dx + dy * dy
        func position(_ x: Double, _ y: Double) -> Double {
            length == 0 ? 0 : min(1, max(0, ((x - line.start.x) * dx + (y - line.start.y) * dy) / length))
        }
        let corners = [
            position(rect.x, rect.y), position(rect.x + rect.width, rect.y), position(rect.x, rect.y + rect.height),
            position(rect.x + rect.width, rect.y + rect.height),
        ]
        let low = corners.min() ?? 0
        let high = corners.max() ?? 0
        var samples: [Color] = []
        for step in 0..<Self.gradientSamples {
            let t = low + (high - low) * Double(step) / Double(Self.gradientSamples - 1)
            let color = from.mixed(with: to, t)
            if !samples.contains(color) { samples.append(color) }
        }
        return samples
    }
}
