/// A host whose configuration `beckon build` writes beside the output (`serving:` in beckon.yml),
/// so that it serves each file with the status and headers the manifest gives it.
public enum ServingTarget: String, Sendable, Hashable, CaseIterable {
    /// Netlify's `_headers` and `_redirects` (410 pages, `Language=` redirects).
    case netlify
    /// Cloudflare Pages' `_headers` and `_redirects`, which have no 410 and no language conditions.
    case cloudflare
    /// An nginx include file, `_serving/nginx.conf`.
    case nginx
    /// A Caddyfile snippet, `_serving/Caddyfile`.
    case caddy
    /// nginx and Caddy rules for a host in front of `beckon serve` (`_serving/beckon-serve.nginx.conf`,
    /// `_serving/beckon-serve.Caddyfile`): invite links, the beacon and the API go to the server,
    /// everything else is served from the output folder.
    case beckonServe = "beckon-serve"
}
