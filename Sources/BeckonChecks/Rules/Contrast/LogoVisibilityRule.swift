import BeckonCards
import BeckonDiagnostics
import BeckonHTML
import BeckonRender
import BeckonSite
import Foundation

/// `contrast.logo`: a logo the site serves stands out from what it is drawn on, in the light and
/// the dark palette — measured on the image itself (a PNG's pixels, an SVG's fills and strokes)
/// against its surface (the nearest background colour an email sets around it, else the page
/// background): no fifth of it may vanish (under 1.5:1), and its main colour reaches WCAG's 3:1 for
/// graphics (1.4.11).
///
/// Decorative images (`alt=""`, such as an inviter's photo) are left out: they carry no
/// information.
///
/// A white wordmark on a white email shows only its icon; a blue one on a dark page reads as a
/// smudge. Put the logo on a surface of its own, change its colours, or give it a variant.
struct LogoVisibilityRule: PageSiteRule {
    let id: RuleID = "contrast.logo"
    let reads: SiteReads = [.assets]

    func check(_ page: CheckedPage, site: CheckedSite, context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for image in page.images {
            let assetPath: String?
            if let siteBase = context.siteBaseURL, image.source.hasPrefix(siteBase) {
                assetPath = String(image.source.dropFirst(siteBase.count).drop { $0 == "/" })
            } else {
                assetPath = image.internalPath.map { String($0.dropFirst()) }
            }
            guard let assetPath, let ink = site.inks[assetPath] else { continue }
            let link = FoundLink(url: image.source, attribute: "src", line: image.line)
            for (scheme, surface) in surfaces(image.surface, context) {
                guard let problem = Self.problem(ink, on: surface, scheme: scheme, name: assetPath) else { continue }
                diagnostics.append(
                    finding(
                        .error, problem, page.artifact, link,
                        fix:
                            "Put the logo on a surface of its own colour, change its colours, or use one that reads on both palettes."
                    ))
            }
        }
        return diagnostics
    }

    /// Why an image does not stand out from a surface, or `nil` when it does.
    static func problem(
        _ ink: [(color: Color, share: Double)], on surface: Color, scheme: String, name: String
    ) -> String? {
        let vanishing = ink.filter { Contrast.ratio($0.color, surface) < 1.5 }
        let vanished = vanishing.reduce(0) { $0 + $1.share }
        if vanished >= 0.2, let main = vanishing.max(by: { $0.share < $1.share }) {
            return
                "\(Int((vanished * 100).rounded()))% of `\(name)` (\(main.color.css)) vanishes on \(surface.css) in the \(scheme) palette"
        }
        let faint = ink.filter { Contrast.ratio($0.color, surface) < ContrastRequirement.nonText }
        if faint.reduce(0, { $0 + $1.share }) >= 0.5, let main = faint.max(by: { $0.share < $1.share }) {
            return
                "the main colour of `\(name)`, \(main.color.css), is \(Contrast.display(Contrast.ratio(main.color, surface))):1 on \(surface.css) in the \(scheme) palette (needs 3:1)"
        }
        return nil
    }

    /// What an image is drawn in, with each colour's share: a PNG's opaque pixels; for an SVG, what
    /// lies on the page itself — its text (the wordmark) and its first shape (the backdrop or icon
    /// tile the rest is drawn on), each counting once.
    static func ink(_ asset: Artifact) -> [(color: Color, share: Double)]? {
        if asset.contentType.hasPrefix("image/png") { return ImageInk.colors(png: asset.bytes) }
        guard asset.contentType.hasPrefix("image/svg") else { return nil }
        let document = HTMLDocument(bytes: asset.bytes)
        var colors: [Color] = []
        func color(of node: HTMLNode) -> Color? {
            let style = StyleBlock.declarations(node[attribute: "style"] ?? "")
            return (style["fill"] ?? node[attribute: "fill"] ?? style["stroke"] ?? node[attribute: "stroke"])
                .flatMap { Color(css: $0) }.flatMap { $0.alpha >= 0.5 ? $0 : nil }
        }
        let shapes = ["rect", "circle", "ellipse", "path", "polygon"]
        if let first = document.root.descendants.first(where: { shapes.contains($0.name) }), let fill = color(of: first)
        {
            colors.append(fill)
        }
        colors += document.elements(named: "text").compactMap(color(of:))
        guard !colors.isEmpty else { return nil }
        let share = 1 / Double(colors.count)
        return Dictionary(grouping: colors, by: { $0 }).map { ($0.key, Double($0.value.count) * share) }
    }

    /// The surface a logo is drawn on in each palette: the nearest background an element around it
    /// sets (one without Beckon's `bk-bg` class keeps its colour in dark mode), else the page's.
    func surfaces(_ surface: (color: Color, followsTheme: Bool)?, _ context: CheckContext) -> [(String, Color)] {
        guard let (color, followsTheme) = surface else {
            return ["light", "dark"].compactMap { scheme in context.backgrounds[scheme].map { (scheme, $0) } }
        }
        var result = [("light", color)]
        if let dark = followsTheme ? context.backgrounds["dark"] : color { result.append(("dark", dark)) }
        return result
    }
}
