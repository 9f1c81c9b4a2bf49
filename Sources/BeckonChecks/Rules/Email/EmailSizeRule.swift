import BeckonDiagnostics

/// `email.size`: an email's HTML stays under Gmail's 102 KB clip, its `<style>` under 16 KB, and no
/// line of it over the 998 characters RFC 5322 allows in a message.
///
/// Gmail cuts longer messages behind a "[Message clipped]" link, hiding the button and the
/// footer, and drops a whole `<style>` block over 16 KB (taking dark mode with it).
struct EmailSizeRule: PageRule {
    let id: RuleID = "email.size"
    static let clip = 102 * 1024
    static let styleLimit = 16 * 1024

    func check(_ page: CheckedPage, context: CheckContext) -> [Finding] {
        guard page.artifact.kind == .emailHTML else { return [] }
        var findings: [Finding] = []
        if page.artifact.byteCount > Self.clip {
            findings.append(
                Finding(
                    "the HTML is \(page.artifact.byteCount / 1024) KB; Gmail clips it at 102 KB", line: 1,
                    fix: "Shorten the email."))
        }
        let lines = String(decoding: page.artifact.bytes, as: UTF8.self).split(separator: "\n")
        if let (index, line) = lines.enumerated().first(where: { $0.element.utf8.count > 998 }) {
            findings.append(
                Finding(
                    "line \(index + 1) is \(line.utf8.count) bytes; a message line may hold at most 998",
                    line: index + 1,
                    fix: "Break the template or string onto shorter lines."))
        }
        for style in page.document.elements(named: "style") where style.textContent.utf8.count > Self.styleLimit {
            findings.append(
                Finding(
                    "a <style> block is \(style.textContent.utf8.count / 1024) KB; Gmail drops blocks over 16 KB",
                    line: style.line, fix: "Keep dark-mode rules short."))
        }
        return findings
    }
}
