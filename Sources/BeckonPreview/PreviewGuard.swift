import HTTPTypes
import Hummingbird
import NIOCore

/// Wraps the preview's routes so that only the person running it can read it.
///
/// - A request whose `Host` is not the preview's own address is answered 421 before any route
///   sees it: a web page that rebinds its own name to 127.0.0.1 (DNS rebinding) gets nothing.
///   Accepted: IP literals (which cannot be rebound), `localhost`, and the `--host` name.
/// - A request that could change state (any method but GET, HEAD and OPTIONS) must come from a
///   page of the preview itself: its `Origin` must name an accepted host, or it is answered 403.
/// - Every answer says it must not be embedded or read by other sites, and the preview's own
///   pages carry a strict Content-Security-Policy (scripts and styles from the preview only,
///   no framing at all); the site's files may be framed only by the preview's viewers.
struct PreviewGuard<Inner: HTTPResponder>: HTTPResponder where Inner.Context == BasicRequestContext {
    let inner: Inner
    /// The host names answered besides IP literals and `localhost`, lower-cased.
    let names: Set<String>

    /// The policy of the preview's own pages.
    static var ownPagePolicy: String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-src 'self'; "
            + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }

    /// The policy of the site's files: framed by the preview's viewers only.
    static var sitePolicy: String { "frame-ancestors 'self'" }

    init(_ inner: Inner, host: String) {
        self.inner = inner
        var names: Set<String> = []
        let bound = host.lowercased()
        if !bound.isEmpty, !Self.isIPLiteral(bound) { names.insert(bound) }
        self.names = names
    }

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        guard let authority = request.head.authority, accepts(authority: authority) else {
            return Self.refusal(
                .misdirectedRequest,
                "This is a Beckon preview; it answers only requests addressed to its own address (127.0.0.1, localhost).\n"
            )
        }
        if ![.get, .head, .options].contains(request.method) {
            guard let origin = request.headers[.origin], let host = Self.host(ofOrigin: origin),
                accepts(authority: host)
            else {
                return Self.refusal(.forbidden, "Only the preview's own pages may send this request.\n")
            }
        }
        var response: Response
        do {
            response = try await inner.respond(to: request, context: context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        Self.secure(&response, ownPage: Self.isOwnPage(request.uri.path))
        return response
    }

    /// Whether a `Host` value (with or without a port) names the preview.
    func accepts(authority: String) -> Bool {
        let host = Self.hostName(authority).lowercased()
        return Self.isIPLiteral(host) || host == "localhost" || names.contains(host)
    }

    /// The headers every answer carries.
    static func secure(_ response: inout Response, ownPage: Bool) {
        response.headers[.contentSecurityPolicy] = ownPage ? ownPagePolicy : sitePolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.referrerPolicy] = "no-referrer"
        response.headers[.crossOriginResourcePolicy] = "same-origin"
        if ownPage { response.headers[.xFrameOptions] = "DENY" }
    }

    /// The index, the viewers and the preview's assets, as opposed to the site's own files and
    /// the screenshots folder's pages (which carry their own inline style).
    static func isOwnPage(_ path: String) -> Bool {
        path == "/" || (path.hasPrefix("/_beckon/") && !path.hasPrefix("/_beckon/screenshots"))
    }

    static func refusal(_ status: HTTPResponse.Status, _ text: String) -> Response {
        var response = Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
        secure(&response, ownPage: true)
        return response
    }

    /// `localhost` of `localhost:4040`, `::1` of `[::1]:4040`.
    static func hostName(_ authority: String) -> String {
        if authority.hasPrefix("[") {
            guard let end = authority.firstIndex(of: "]") else { return authority }
            return String(authority[authority.index(after: authority.startIndex)..<end])
        }
        if let colon = authority.lastIndex(of: ":"), authority.filter({ $0 == ":" }).count == 1 {
            return String(authority[..<colon])
        }
        return authority
    }

    /// The host of an `Origin` value (`http://127.0.0.1:4040`), or `nil` for `null` and the like.
    static func host(ofOrigin origin: String) -> String? {
        guard let scheme = origin.range(of: "://") else { return nil }
        let authority = origin[scheme.upperBound...].prefix { $0 != "/" }
        return authority.isEmpty ? nil : String(authority)
    }

    /// A dotted IPv4 address or an IPv6 address (without brackets): names no DNS answer can move.
    static func isIPLiteral(_ host: String) -> Bool {
        if host.contains(":") {
            return !host.isEmpty && host.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
                    && Int(part).map { $0 <= 255 } == true
            }
    }
}

extension HTTPField.Name {
    static let xFrameOptions = Self("X-Frame-Options")!
    static let referrerPolicy = Self("Referrer-Policy")!
}
