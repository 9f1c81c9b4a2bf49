import BeckonRender
import BeckonSite
import Crypto
import Foundation

/// The Content-Security-Policy of a served invite page: its own inline scripts by their SHA-256
/// (the beacon, the clipboard hand-off), nothing loaded from elsewhere but images over https,
/// connections only to its own origin and the beacon's, no framing, no `<base>`, and form posts
/// only to the Android waiting list.
enum InvitePagePolicy {
    /// - Parameter waitlist: Where the Android page's form posts (`app.androidWaitlistURL`), or `nil`.
    static func header(for page: [UInt8], beacon: WebURL?, waitlist: WebURL? = nil) -> String {
        let scripts = inlineScripts(page).map { "'sha256-\(Data(SHA256.hash(data: $0)).base64EncodedString())'" }
        let connect = ["'self'"] + (beacon.map { [origin($0)] } ?? [])
        return [
            "default-src 'self'", "script-src " + (scripts.isEmpty ? "'none'" : scripts.joined(separator: " ")),
            "style-src 'self' 'unsafe-inline'", "img-src 'self' https: data:",
            "connect-src " + connect.joined(separator: " "),
            "frame-ancestors 'none'", "base-uri 'none'", "form-action " + (waitlist.map(origin) ?? "'none'"),
            "object-src 'none'",
        ].joined(separator: "; ")
    }

    /// The bodies of `<script>` elements without `src` (their bytes, as a browser hashes them).
    static func inlineScripts(_ page: [UInt8]) -> [[UInt8]] {
        let open = Array("<script".utf8)
        let close = Array("</script>".utf8)
        var scripts: [[UInt8]] = []
        var index = 0
        while let start = page.firstIndex(ofBytes: open, from: index, ignoringCase: true) {
            let nameEnd = start + open.count
            guard let tagEnd = page[nameEnd...].firstIndex(of: UInt8(ascii: ">")) else { break }
            let attributes = String(decoding: page[nameEnd..<tagEnd], as: UTF8.self).lowercased()
            guard let end = page.firstIndex(ofBytes: close, from: tagEnd + 1, ignoringCase: true) else { break }
            if !attributes.contains("src="), !attributes.contains("application/json"),
                !attributes.contains("application/ld+json")
            {
                scripts.append(Array(page[(tagEnd + 1)..<end]))
            }
            index = end + close.count
        }
        return scripts
    }

    static func origin(_ url: WebURL) -> String {
        guard let components = URLComponents(string: url.absoluteString), let scheme = components.scheme,
            let host = components.host
        else { return "'self'" }
        return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
    }
}
