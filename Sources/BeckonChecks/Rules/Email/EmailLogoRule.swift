import BeckonDiagnostics
import BeckonRender

/// `email.logo`: every image of an email is an absolute https URL with `width`, `height` and
/// non-empty `alt`, and an image from the site's own `static/` files is at most 40 KB (seed 003
/// #21: logo ≤ 40 KB with alt text).
///
/// Images load over the network on every open; clients that block images show the alt text
/// instead. Compress the logo or set `email.logo.alt`.
struct EmailLogoRule: EmailRule {
    let id: RuleID = "email.logo"
    static let maximumBytes = 40 * 1024

    func check(_ email: EmailFiles, site: CheckedSite, context: CheckContext) -> [Diagnostic] {
        guard let artifact = email.html, let page = email.page else { return [] }
        var diagnostics: [Diagnostic] = []
        for image in page.document.elements(named: "img") {
            let source = image[attribute: "src"] ?? ""
            let link = FoundLink(url: source, attribute: "src", line: image.line)
            if !source.hasPrefix("https://") || image[attribute: "width"] == nil || image[attribute: "height"] == nil
                || (image[attribute: "alt"] ?? "").isEmpty
            {
                diagnostics.append(
                    finding(
                        .error, "an email image needs an absolute https `src`, `width`, `height` and `alt`",
                        artifact, link, fix: "Set all four; email clients load images from the network."))
            }
            guard let base = context.siteBaseURL, source.hasPrefix(base) else { continue }
            let path = String(source.dropFirst(base.count).drop { $0 == "/" })
            if let size = site.assetSizes[path], size > Self.maximumBytes {
                diagnostics.append(
                    finding(
                        .error, "`\(path)` is \(size / 1024) KB; email images should be at most 40 KB", artifact,
                        link, fix: "Compress the image or use a smaller one."))
            }
        }
        return diagnostics
    }
}
