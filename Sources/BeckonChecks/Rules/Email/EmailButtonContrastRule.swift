import BeckonDiagnostics
import BeckonSite

/// `email.button-contrast`: the button's label against its fill is at least 4.5:1 in the light
/// palette (its inline style) and in the dark one (the `.bk-button` rule of the `<style>`
/// block), unrounded (seed 003 #23).
///
/// A button is the one thing an invitation email must get read. Change `theme.light.button`,
/// `theme.dark.button` or their `buttonText` colours.
struct EmailButtonContrastRule: PageRule {
    let id: RuleID = "email.button-contrast"

    func check(_ page: CheckedPage, context: CheckContext) -> [Finding] {
        guard page.artifact.kind == .emailHTML else { return [] }
        var findings: [Finding] = []
        for button in page.document.elements(named: "a")
        where button[attribute: "class"]?.split(separator: " ").contains("bk-button") == true {
            let light = Self.declarations(button[attribute: "style"] ?? "")
            findings += pair(light, palette: "light", line: button.line)
        }
        for style in page.document.elements(named: "style") {
            let css = style.textContent
            guard let start = css.range(of: ".bk-button{"), let end = css[start.upperBound...].firstIndex(of: "}")
            else {
                continue
            }
            findings += pair(Self.declarations(String(css[start.upperBound..<end])), palette: "dark", line: style.line)
        }
        return findings
    }

    private func pair(_ declarations: [String: String], palette: String, line: Int) -> [Finding] {
        guard let fill = declarations["background-color"].flatMap(Color.init(css:)),
            let text = declarations["color"].flatMap(Color.init(css:))
        else { return [] }
        let ratio = Contrast.ratio(text, fill)
        guard ratio < 4.5 else { return [] }
        return [
            Finding(
                "the button label \(text.css) on \(fill.css) is \(Contrast.display(ratio)):1 in the \(palette) palette (needs 4.5:1)",
                line: line, fix: "Change `theme.\(palette).button` or `theme.\(palette).buttonText`.")
        ]
    }

    /// `name:value` pairs of a CSS declaration list, `!important` dropped.
    static func declarations(_ css: String) -> [String: String] {
        var result: [String: String] = [:]
        for declaration in css.split(separator: ";") {
            guard let colon = declaration.firstIndex(of: ":") else { continue }
            let name = declaration[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = declaration[declaration.index(after: colon)...].replacingOccurrences(of: "!important", with: "")
            result[name] = value.trimmingCharacters(in: .whitespaces)
        }
        return result
    }
}
