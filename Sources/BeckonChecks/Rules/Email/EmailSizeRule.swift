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
        if let (line, length) = Self.firstLongLine(page.artifact.bytes) {
            findings.append(
                Finding(
                    "line \(line) is \(length) bytes; a message line may hold at most 998", line: line,
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

    /// The first line longer than 998 bytes and its length, its number counting every line (a CR,
    /// LF or CRLF ends one, as in the message, which writes each of them as CRLF).
    static func firstLongLine(_ bytes: [UInt8]) -> (line: Int, length: Int)? {
        var line = 1
        var start = 0
        var index = 0
        while index <= bytes.count {
            guard index == bytes.count || bytes[index] == 0x0A || bytes[index] == 0x0D else {
                index += 1
                continue
            }
            if index - start > 998 { return (line, index - start) }
            if index < bytes.count, bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                index += 1
            }
            index += 1
            start = index
            line += 1
        }
        return nil
    }
}
