import BeckonDiagnostics
import BeckonRender
import Foundation

/// `links.placeholder`: no link still holds a placeholder — `{{…}}`, `{…}`, or their percent-encoded
/// forms `%7B%7B`.
///
/// An unresolved placeholder means a value was missing when the link was rendered; the link leads
/// nowhere. Provide the value, or fix the placeholder's name.
struct LinkPlaceholderRule: LinkRule {
    let id: RuleID = "links.placeholder"

    func check(_ artifact: Artifact, _ link: FoundLink, site: CheckedSite, context: CheckContext) -> Diagnostic? {
        // A message body or a name in the link is the invite's data, which may hold braces; only the
        // rest of the link can hold a placeholder Beckon failed to fill. (Masking only takes
        // characters away, so a link without a brace needs no masking to be cleared.)
        guard Self.holdsBrace(link.url) else { return nil }
        let url = Redact.url(link.url)
        guard Self.holdsBrace(url) else { return nil }
        return finding(
            .error, "`\(url)` still holds a placeholder", artifact, link,
            fix: "Check that the placeholder names a value (docs/site-format.md lists them).")
    }

    /// Whether a URL holds a brace, as written or percent-encoded (`%7B`, `%7d`, …).
    /// Read from the link's contiguous UTF-8 with `memchr`, a byte value at a time: every link of
    /// every page and message is asked, and most hold no brace and no `%`.
    static func holdsBrace(_ url: String) -> Bool {
        var url = url
        return url.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            let count = bytes.count
            if memchr(base, Int32(UInt8(ascii: "{")), count) != nil
                || memchr(base, Int32(UInt8(ascii: "}")), count) != nil
            {
                return true
            }
            var start = 0
            while start < count, let found = memchr(base + start, Int32(UInt8(ascii: "%")), count - start) {
                let index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                if index + 2 < count, bytes[index + 1] == UInt8(ascii: "7"),
                    bytes[index + 2] | 0x20 == UInt8(ascii: "b") || bytes[index + 2] | 0x20 == UInt8(ascii: "d")
                {
                    return true
                }
                start = index + 1
            }
            return false
        }
    }
}
