import BeckonDiagnostics

/// `doc.img-alt`: every `<img>` has an `alt` attribute.
///
/// Screen readers read `alt` in place of the image. Decorative images take `alt=""`, which is
/// valid; only a missing attribute is a finding.
struct ImageAltRule: PageRule {
    let id: RuleID = "doc.img-alt"

    func check(_ page: CheckedPage, context: CheckContext) -> [Finding] {
        page.document.elements(named: "img").filter { $0[attribute: "alt"] == nil }.map { image in
            Finding(
                "an image (`\(image[attribute: "src"] ?? "")`) has no `alt` text", line: image.line,
                fix: "Describe the image in `alt`, or write `alt=\"\"` if it is decorative.")
        }
    }
}
