import BeckonDiagnostics

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
        where (image[attribute: "src"] ?? "").trimmingCharacters(in: .whitespaces).isEmpty
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
                (meta[attribute: "content"] ?? "").trimmingCharacters(in: .whitespaces).isEmpty
            else { continue }
            findings.append(
                Finding(
                    "`\(name)` has no content", line: meta.line, fix: "Write the absolute URL, or remove the tag.",
                    needle: name))
        }
        return findings
    }
}
