import BeckonDiagnostics
import Foundation

/// `doc.empty-source`: every image names the file it shows (`<img>` without `src`, or with an
/// empty one, shows nothing and some browsers request the page itself), and every Open Graph or
/// Twitter image and URL tag has content.
///
/// A preview with an empty `og:image` shows no picture. Give the image its source, or remove the tag.
struct EmptySourceRule: PageRule {
    let id: RuleID = "doc.empty-source"

    func check(_ page: CheckedPage, context: CheckContext) -> [Finding] {
        var findings: [Finding] = []
        for image in page.document.elements(named: "img")
        where isBlank(image[attribute: "src"])
            && image[attribute: "srcset"] == nil
        {
            findings.append(
                Finding(
                    "an image has no `src`", line: image.line,
                    fix: "Give the image its file (`src=\"/assets/…\"`), or remove it."))
        }
        for meta in page.document.elements(named: "meta") {
            let name = meta[attribute: "property"] ?? meta[attribute: "name"] ?? ""
            guard FoundLink.metaURLs.contains(name),
                isBlank(meta[attribute: "content"])
            else { continue }
            findings.append(
                Finding(
                    "`\(name)` has no content", line: meta.line, fix: "Write the absolute URL, or remove the tag.",
                    needle: name))
        }
        return findings
    }

    /// Whether a value is missing or only spaces (what trimming `.whitespaces` would empty),
    /// read without making the trimmed copy: asked for every image and meta tag of every page.
    private func isBlank(_ value: String?) -> Bool {
        (value ?? "").unicodeScalars.allSatisfy { CharacterSet.whitespaces.contains($0) }
    }
}
