import Foundation

/// The paths `beckon serve` answers from its store rather than from the built files, as a site's
/// settings place them on its own host: invite links, seed 003's accept links, the landing
/// page's beacon, the Android waiting list, the emails' unsubscribe links, and the invite API.
/// The server routes requests by this list, and the build
/// writes the `beckon-serve` proxy rules (nginx, Caddy) from it, so a proxy in front of the server
/// passes on every path the server answers and no other.
public struct ServerRoutes: Sendable, Hashable {
    /// How a route matches a request's path (percent-decoded, as a server matches it).
    public enum Match: Sendable, Hashable {
        /// The path and nothing else (`/invite` of a query-form link, `/accept`, `/e`).
        case exact(String)
        /// Every path under a folder (`/invite/` of path-form links, `/v1/`).
        case prefix(String)

        /// The path or folder.
        public var path: String {
            switch self {
            case .exact(let path), .prefix(let path): path
            }
        }

        /// The same kind of match on another spelling of its path.
        public func replacingPath(_ path: String) -> Match {
            switch self {
            case .exact: .exact(path)
            case .prefix: .prefix(path)
            }
        }

        /// Whether a request's path is this route's.
        public func matches(_ requestPath: String) -> Bool {
            switch self {
            case .exact(let path): requestPath == path
            case .prefix(let path): requestPath.hasPrefix(path)
            }
        }
    }

    /// What a route is for.
    public enum Purpose: String, Sendable, Hashable, CaseIterable {
        /// Invite links, answered by each invite's state.
        case inviteLinks
        /// Seed 003's accept links (`tokens.acceptURL`), answered by the state of the invite the
        /// token names.
        case acceptLinks
        /// The landing page's `invite_link_opened` beacon (`analytics.endpoint`).
        case beacon
        /// The Android page's waiting list (`app.androidWaitlistURL`).
        case waitlist
        /// The one-click unsubscribe links of non-transactional emails (RFC 8058), on a site with `email:`.
        case unsubscribe
        /// The invite API.
        case api

        /// A line for the rules' comments.
        public var summary: String {
            switch self {
            case .inviteLinks: "Invite links: answered by beckon serve from each invite's state."
            case .acceptLinks: "Accept links with invite tokens: answered by the state of the invite each names."
            case .beacon: "The landing page's beacon: the first open moves an invite to `opened`."
            case .waitlist: "The Android waiting list: the Android page's form posts its address here."
            case .unsubscribe: "One-click unsubscribe links: an email's recipient declines further invites."
            case .api: "The invite API."
            }
        }
    }

    /// A path the server answers and what for.
    public struct Route: Sendable, Hashable {
        public var purpose: Purpose
        public var match: Match
        /// The setting it comes from (`links.path`), for a refusal's message.
        public var setting: String
    }

    /// The routes in the order a proxy should try them.
    public let routes: [Route]
    /// The query parameter of the accept links that carries the token (`token`), when there are any.
    public let tokenParameter: String?

    /// The routes of a site's settings. Invite links are the server's on the links' host; accept
    /// links, the beacon and the waiting list where their URLs are on the site's host or the
    /// links' host.
    public init(_ config: SiteConfig) {
        let hosts = Set([config.app.baseURL.host.lowercased(), config.links.host])
        var routes: [Route] = []
        let links = config.links
        switch links.form {
        case .path:
            let prefix = String(links.pathPrefix)
            routes.append(
                Route(
                    purpose: .inviteLinks, match: .prefix(prefix.hasSuffix("/") ? prefix : prefix + "/"),
                    setting: "links.path"))
        case .query:
            routes.append(Route(purpose: .inviteLinks, match: .exact(links.path), setting: "links.path"))
        }
        var tokenParameter: String?
        if let template = config.tokens?.acceptURL,
            let components = URLComponents(string: template.replacingOccurrences(of: "{token}", with: "TOKEN")),
            let host = components.host?.lowercased(), hosts.contains(host),
            let parameter = components.queryItems?.first(where: { $0.value == "TOKEN" })?.name
        {
            routes.append(Route(purpose: .acceptLinks, match: .exact(components.path), setting: "tokens.acceptURL"))
            tokenParameter = parameter
        }
        if let endpoint = config.analytics?.endpoint, hosts.contains(endpoint.host.lowercased()),
            let path = URLComponents(string: endpoint.absoluteString)?.path, !path.isEmpty
        {
            routes.append(Route(purpose: .beacon, match: .exact(path), setting: "analytics.endpoint"))
        }
        if let waitlist = config.app.androidWaitlistURL, hosts.contains(waitlist.host.lowercased()),
            let path = URLComponents(string: waitlist.absoluteString)?.path, !path.isEmpty
        {
            routes.append(Route(purpose: .waitlist, match: .exact(path), setting: "app.androidWaitlistURL"))
        }
        if config.email != nil {
            routes.append(Route(purpose: .unsubscribe, match: .prefix(Self.unsubscribePrefix), setting: "email"))
        }
        routes.append(Route(purpose: .api, match: .prefix("/v1/"), setting: "the API"))
        self.routes = routes
        self.tokenParameter = tokenParameter
    }

    /// Where the one-click unsubscribe links are, on the site's host: `/unsubscribe/TOKEN`.
    public static let unsubscribePrefix = "/unsubscribe/"

    /// The route for a purpose, when the site has it.
    public func route(_ purpose: Purpose) -> Route? { routes.first { $0.purpose == purpose } }
}
