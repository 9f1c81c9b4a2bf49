import ArgumentParser
import BeckonChecks
import BeckonSite
import Foundation

/// `beckon contrast FG BG`: WCAG 2.2 contrast and APCA Lc of two colours, for designers.
struct ContrastCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contrast",
        abstract: "Show the WCAG 2.2 contrast ratio and APCA Lc of a text colour on a background.",
        discussion: """
            Colours are CSS: #rgb, #rrggbb, #rrggbbaa, rgb(…), rgba(…); a translucent text colour is \
            composited over the background. The unrounded ratio decides; it is shown truncated. Exit \
            status 1 when the pair fails WCAG AA for the given size and weight.

            Example: beckon contrast "#777" "#fff" --size 16
            """)

    @Argument(help: "The text (foreground) colour.") var foreground: String
    @Argument(help: "The background colour.") var background: String
    @Option(help: "Text size in CSS pixels.") var size: Double = 16
    @Option(help: "CSS font weight.") var weight: Int = 400
    @Option(help: "text or json.") var format: String = "text"

    func validate() throws {
        for (name, value) in [("foreground", foreground), ("background", background)] where Color(css: value) == nil {
            throw ValidationError("`\(value)` is not a colour (\(name)); write #rrggbb, #rgb, rgb(…) or rgba(…).")
        }
        guard ["text", "json"].contains(format) else { throw ValidationError("--format must be text or json.") }
        guard size > 0, (1...1000).contains(weight) else {
            throw ValidationError("--size must be positive, --weight 1–1000.")
        }
    }

    func run() throws {
        guard let fg = Color(css: foreground), let bg = Color(css: background) else { return }
        let opaqueBackground = bg.composited(over: Color(red: 255, green: 255, blue: 255))
        let ratio = Contrast.ratio(fg, opaqueBackground)
        let lc = Contrast.apca(fg, opaqueBackground)
        let requirement = ContrastRequirement(size: size, weight: weight)
        let levels: [(String, Bool)] = [
            ("AA", ratio >= 4.5), ("AAA", ratio >= 7), ("AALarge", ratio >= 3), ("AAALarge", ratio >= 4.5),
            ("nonText", ratio >= ContrastRequirement.nonText),
        ]
        let passes = ratio >= requirement.minimumAA
        if format == "json" {
            let object: [String: Any] = [
                "foreground": fg.css, "background": opaqueBackground.css, "ratio": ratio,
                "ratioDisplay": Contrast.display(ratio), "apcaLc": (lc * 10).rounded() / 10,
                "largeText": requirement.isLargeText, "size": size, "weight": weight,
                "pass": Dictionary(uniqueKeysWithValues: levels), "passesAAAtThisSize": passes,
            ]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } else {
            let verdict: (Bool) -> String = { $0 ? "pass" : "fail" }
            print(
                "\(fg.css) on \(opaqueBackground.css): \(Contrast.display(ratio)):1 (unrounded \(String(format: "%.4f", ratio))), APCA Lc \(String(format: "%.1f", lc))"
            )
            print(
                "  \(requirement.isLargeText ? "large" : "normal") text at \(Self.number(size)) px, weight \(weight): AA \(verdict(passes)) (needs \(Self.number(requirement.minimumAA))), AAA \(verdict(ratio >= requirement.minimumAAA)) (needs \(Self.number(requirement.minimumAAA)))"
            )
            print("  user interface components: \(verdict(ratio >= ContrastRequirement.nonText)) (needs 3)")
        }
        if !passes { throw ExitCode(1) }
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
