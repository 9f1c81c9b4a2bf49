/// A card's alt text, as the page that shows it declares it (`og:image:alt`).
enum CardAltText {
    static func find(_ cardPath: String, in state: PreviewState) -> String? {
        for page in state.files.values where page.kind.isInvitePage {
            let html = String(decoding: page.bytes, as: UTF8.self)
            guard html.contains("/\(cardPath)\""),
                let marker = html.range(of: "<meta property=\"og:image:alt\" content=\"")
            else { continue }
            let rest = html[marker.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { continue }
            return unescape(String(rest[..<end]))
        }
        return nil
    }

    private static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
