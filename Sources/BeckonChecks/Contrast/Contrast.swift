import BeckonSite
import Foundation

/// Colour contrast by WCAG 2.2 (relative luminance with the sRGB threshold 0.04045) and, as an
/// advisory figure, APCA-W3 0.1.9's lightness contrast Lc.
public enum Contrast {
    /// WCAG relative luminance of an opaque colour.
    public static func relativeLuminance(_ color: Color) -> Double {
        0.2126 * linear[Int(color.red)] + 0.7152 * linear[Int(color.green)] + 0.0722 * linear[Int(color.blue)]
    }

    /// Each 8-bit sRGB channel value made linear, worked out once (the same values, without a
    /// `pow` per channel for every colour a check compares).
    private static let linear: [Double] = (0...255).map { channel in
        let value = Double(channel) / 255
        return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// The WCAG contrast ratio, unrounded: pass/fail decisions use this value, never a rounded one.
    /// A translucent foreground is composited over the background first.
    public static func ratio(_ foreground: Color, _ background: Color) -> Double {
        let text = relativeLuminance(foreground.composited(over: background))
        let ground = relativeLuminance(background)
        return (max(text, ground) + 0.05) / (min(text, ground) + 0.05)
    }

    /// A ratio as people read it: truncated (never rounded up) to two decimals, so 4.478 shows as
    /// 4.47, not as a passing 4.5.
    public static func display(_ ratio: Double) -> String {
        let truncated = (ratio * 100).rounded(.down) / 100
        return String(format: "%.2f", truncated)
    }

    /// APCA-W3 0.1.9 lightness contrast (Lc) of text on a background: positive for dark text on
    /// light, negative for light on dark. Advisory only; WCAG 2.2 decides.
    public static func apca(_ foreground: Color, _ background: Color) -> Double {
        func screenLuminance(_ color: Color) -> Double {
            let y =
                0.212_672_9 * pow(Double(color.red) / 255, 2.4) + 0.715_152_2 * pow(Double(color.green) / 255, 2.4)
                + 0.072_175_0 * pow(Double(color.blue) / 255, 2.4)
            return y < 0.022 ? y + pow(0.022 - y, 1.414) : y
        }
        let text = screenLuminance(foreground.composited(over: background))
        let ground = screenLuminance(background)
        guard abs(ground - text) >= 0.0005 else { return 0 }
        if ground > text {
            let sapc = (pow(ground, 0.56) - pow(text, 0.57)) * 1.14
            return sapc < 0.1 ? 0 : (sapc - 0.027) * 100
        }
        let sapc = (pow(ground, 0.65) - pow(text, 0.62)) * 1.14
        return sapc > -0.1 ? 0 : (sapc + 0.027) * 100
    }
}

extension Color {
    /// This colour drawn over an opaque background (source-over, in sRGB as browsers blend).
    public func composited(over background: Color) -> Color {
        guard alpha < 1 else { return self }
        func blend(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * alpha + Double(bottom) * (1 - alpha)).rounded())
        }
        let ground =
            background.alpha < 1 ? background.composited(over: Color(red: 255, green: 255, blue: 255)) : background
        return Color(red: blend(red, ground.red), green: blend(green, ground.green), blue: blend(blue, ground.blue))
    }
}
