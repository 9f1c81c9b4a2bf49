import AsyncHTTPClient
import Foundation

/// The proxies `--online` fetches through, read from the environment as curl reads it:
/// `https_proxy` (or `HTTPS_PROXY`) for `https` URLs and `http_proxy` for `http` ones (never
/// `HTTP_PROXY`, which a web server's CGI sets from a request's `Proxy` header), each
/// `host:port`, `http://[user:password@]host[:port]` or `socks5://host[:port]` (`socks5h://` too;
/// port 1080 when none is given; an empty value, or a scheme the HTTP client does not speak, such
/// as `https://` or `socks4://`, is no proxy), and `no_proxy` (or `NO_PROXY`), a comma-separated list of hosts fetched
/// directly: a name matches itself and its subdomains (`example.com` and `.example.com` both match
/// `www.example.com`), and `*` matches every host.
struct ProxyEnvironment: Sendable, Hashable {
    let http: HTTPClient.Configuration.Proxy?
    let https: HTTPClient.Configuration.Proxy?
    /// The hosts (lower case, without a leading dot) fetched directly.
    let bypass: [String]

    init(_ environment: [String: String]) {
        // The lower-case name first; an empty value is set, and means none.
        func variable(_ name: String, capitalsToo: Bool = true) -> String? {
            (environment[name] ?? (capitalsToo ? environment[name.uppercased()] : nil)).flatMap {
                $0.isEmpty ? nil : $0
            }
        }
        http = variable("http_proxy", capitalsToo: false).flatMap(Self.proxy)
        https = variable("https_proxy").flatMap(Self.proxy)
        bypass = (variable("no_proxy") ?? "").split(separator: ",").compactMap { entry in
            var host = entry.trimmingCharacters(in: .whitespaces).lowercased()
            if host.hasPrefix(".") { host.removeFirst() }
            if let colon = host.lastIndex(of: ":"), !host.contains("]"), host.firstIndex(of: ":") == colon {
                host = String(host[..<colon])
            }
            return host.isEmpty ? nil : host
        }
    }

    /// The proxy `url` is fetched through, or `nil` to fetch it directly.
    func proxy(for url: URL) -> HTTPClient.Configuration.Proxy? {
        let proxy: HTTPClient.Configuration.Proxy?
        switch url.scheme?.lowercased() {
        case "https": proxy = https
        case "http": proxy = http
        default: proxy = nil
        }
        guard let proxy, let host = url.host?.lowercased() else { return nil }
        let direct = bypass.contains { $0 == "*" || host == $0 || host.hasSuffix("." + $0) }
        return direct ? nil : proxy
    }

    /// A proxy variable's value, or `nil` when it names no host.
    private static func proxy(_ value: String) -> HTTPClient.Configuration.Proxy? {
        guard let url = URL(string: value.contains("://") ? value : "http://" + value), let host = url.host,
            !host.isEmpty
        else { return nil }
        switch url.scheme?.lowercased() {
        case "http": break
        case "socks5", "socks5h": return .socksServer(host: host, port: url.port ?? 1080)
        default: return nil
        }
        func decoded(_ part: String?) -> String? { part.map { $0.removingPercentEncoding ?? $0 } }
        let authorization = decoded(url.user).map {
            HTTPClient.Authorization.basic(username: $0, password: decoded(url.password) ?? "")
        }
        return .server(host: host, port: url.port ?? 1080, authorization: authorization)
    }
}
