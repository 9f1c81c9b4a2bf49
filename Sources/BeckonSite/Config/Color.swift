/// An sRGB colour with alpha, parsed from `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(r, g, b)`
/// or `rgba(r, g, b, a)`.
public struct Color: Hashable, Sendable, Codable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    /// Opacity from 0 to 1.
    public var alpha: Double

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = min(1, max(0, alpha))
    }

    /// The opaque colour a fraction `t` of the way from this one to `other`, channel by channel in
    /// sRGB (as Cairo interpolates gradient stops).
    public func mixed(with other: Color, _ t: Double) -> Color {
        func channel(_ x: UInt8, _ y: UInt8) -> UInt8 {
            UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded())
        }
        return Color(red: channel(red, other.red), green: channel(green, other.green), blue: channel(blue, other.blue))
    }

    /// Parses a CSS colour in one of the accepted notations, or returns `nil`.
    public init?(css text: String) {
        let text = text.trimmingWhitespace().lowercased()
        if text.hasPrefix("#") {
            let hex = Array(text.dropFirst())
            guard hex.allSatisfy(\.isHexDigit) else { return nil }
            func value(_ digits: ArraySlice<Character>) -> UInt8 {
                let pair = digits.count == 1 ? [digits.first!, digits.first!] : Array(digits)
                return UInt8(String(pair), radix: 16) ?? 0
            }
            switch hex.count {
            case 3, 4:
                self.init(
                    red: value(hex[0..<1]), green: value(hex[1..<2]), blue: value(hex[2..<3]),
                    alpha: hex.count == 4 ? Double(value(hex[3..<4])) / 255 : 1)
            case 6, 8:
                self.init(
                    red: value(hex[0..<2]), green: value(hex[2..<4]), blue: value(hex[4..<6]),
                    alpha: hex.count == 8 ? Double(value(hex[6..<8])) / 255 : 1)
            default:
                return nil
            }
            return
        }
        for prefix in ["rgba(", "rgb("] where text.hasPrefix(prefix) && text.hasSuffix(")") {
            let inner = text.dropFirst(prefix.count).dropLast()
            let parts = inner.split(separator: ",").map { String($0).trimmingWhitespace() }
            guard parts.count == 3 || parts.count == 4 else { return nil }
            let channels = parts.prefix(3).compactMap { UInt8($0) }
            guard channels.count == 3 else { return nil }
            var alpha = 1.0
            if parts.count == 4 {
                guard let parsed = Double(parts[3]), (0...1).contains(parsed) else { return nil }
                alpha = parsed
            }
            self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
            return
        }
        return nil
    }

    /// The colour in CSS: `#rrggbb` when opaque, otherwise `rgba(r, g, b, a)`.
    public var css: String {
        if alpha >= 1 { return hex }
        let rounded = (alpha * 1000).rounded() / 1000
        return "rgba(\(red), \(green), \(blue), \(rounded))"
    }

    /// `#rrggbb`, ignoring alpha.
    public var hex: String {
        "#"
            + [red, green, blue].map { byte in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
    }

    public var description: String { css }
}
