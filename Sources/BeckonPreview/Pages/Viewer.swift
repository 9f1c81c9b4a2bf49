import BeckonRender
import BeckonSite

/// Where each kind of file is looked at in the preview.
enum Viewer {
    /// The preview URL that shows an output file best: pages side by side, emails in tabs, cards
    /// and messages with what they are checked against; the raw file for anything else.
    static func url(for path: String) -> String {
        let q = PreviewHTML.query(path)
        if path.hasPrefix("emails/") {
            let base = path.split(separator: ".").dropLast().joined(separator: ".")
            return "/_beckon/email?path=\(PreviewHTML.query(base))"
        }
        if path.hasPrefix("cards/") { return "/_beckon/card?path=\(q)" }
        if path.hasPrefix("messages/") { return "/_beckon/message?path=\(q)" }
        if path.hasSuffix(".html"), !path.hasPrefix("review/") { return "/_beckon/page?path=\(q)" }
        return "/" + path
    }

    /// The locale folder an output path is in (`de-DE/invite/index.html`, `emails/de-DE/…`).
    static func locale(of path: String) -> String? {
        let parts = path.split(separator: "/")
        guard let first = parts.first else { return nil }
        if ["emails", "cards", "messages"].contains(first), parts.count > 1 { return String(parts[1]) }
        return !first.hasPrefix(".") && LocaleID(String(first)) != nil ? String(first) : nil
    }

    /// The same path in another locale.
    static func path(_ path: String, in locale: String) -> String {
        guard let current = Self.locale(of: path) else { return path }
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if let index = parts.firstIndex(of: current) { parts[index] = locale }
        return parts.joined(separator: "/")
    }
}
