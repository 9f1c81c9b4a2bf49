import BeckonDiagnostics
import BeckonHTML
import BeckonSite

/// `email.button-contrast`: the button's label against its fill is at least 4.5:1 in the light
/// palette (its inline style) and in the dark one (the rules of the `prefers-color-scheme: dark`
/// block that match the button, resolved by specificity as a browser would), unrounded (seed 003
/// #23).
///
/// A button is the one thing an invitation email must get read. Change `theme.light.button`,
/// `theme.dark.button` or their `buttonText` colours.
struct EmailButtonContrastRule: PageRule {
    let id: RuleID = "email.button-contrast"

    func check(_ page: CheckedPage, context: CheckContext) -> [Finding] {
        guard page.artifact.kind == .emailHTML else { return [] }
        let html = page.document.root
        let darkRules = page.document.elements(named: "style").flatMap { StyleBlock.darkRules(in: $0.textContent) }
        var findings: [Finding] = []
        for path in Self.paths(to: \.isEmailButton, from: html) {
            guard let button = path.last else { continue }
            let inline = StyleBlock.declarations(button[attribute: "style"] ?? "")
            findings += pair(inline, palette: "light", line: button.line, context: context)
            var dark = inline
            for (property, value) in StyleBlock.resolve(darkRules, for: path) { dark[property] = value }
            findings += pair(dark, palette: "dark", line: button.line, context: context)
        }
        return findings
    }

    /// The chains of elements from `node` down to each element that satisfies `predicate`.
    static func paths(to predicate: (HTMLNode) -> Bool, from node: HTMLNode) -> [[HTMLNode]] {
        var result: [[HTMLNode]] = []
        var stack: [HTMLNode] = []
        func visit(_ node: HTMLNode) {
            stack.append(node)
            if predicate(node) { result.append(stack) }
            node.children.forEach(visit)
            stack.removeLast()
        }
        visit(node)
        return result
    }

    private func pair(
        _ declarations: [String: String], palette: String, line: Int, context: CheckContext
    ) -> [Finding] {
        // The colours come from the theme: report at the button colour's line in beckon.yml.
        let location = context.configLocations["theme.\(palette).button"] ?? context.configLocations["theme"]
        guard let fill = declarations["background-color"].flatMap(Color.init(css:)),
            let text = declarations["color"].flatMap(Color.init(css:))
        else {
            return [
                Finding(
                    "the button has no colours in the \(palette) palette", line: line,
                    fix: "Set the theme's button colours.", location: location)
            ]
        }
        let ratio = Contrast.ratio(text, fill)
        guard ratio < 4.5 else { return [] }
        return [
            Finding(
                "the button label \(text.css) on \(fill.css) is \(Contrast.display(ratio)):1 in the \(palette) palette (needs 4.5:1)",
                line: line, fix: "Change `theme.\(palette).button` or `theme.\(palette).buttonText`.",
                location: location)
        ]
    }
}
