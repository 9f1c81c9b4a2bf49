import BeckonRender

/// Link-preview crawlers: the programs messengers and social networks send to fetch a shared
/// link's title and card. Their requests are never a person opening an invite.
enum CrawlerAgents {
    /// Lower-cased fragments of their `User-Agent` values.
    static let fragments = [
        "whatsapp", "facebookexternalhit", "facebookcatalog", "meta-externalagent", "applebot", "twitterbot",
        "slackbot", "slack-imgproxy", "telegrambot", "linkedinbot", "discordbot", "skypeuripreview", "pinterest",
        "redditbot", "embedly", "iframely", "vkshare", "viber", "snapchat", "google-pagerenderer", "bot", "crawler",
        "spider", "preview",
    ]

    /// The fragments' bytes, searched for in an agent's (every link answer asks, so the agent is
    /// read as ASCII bytes, not as characters).
    private static let fragmentBytes = fragments.map { Array($0.utf8) }

    /// Whether a `User-Agent` is a crawler's; a request without one is not counted as a person either.
    static func isCrawler(_ userAgent: String?) -> Bool {
        guard let userAgent, !userAgent.isEmpty else { return true }
        // iMessage fetches previews as a desktop browser that names Facebook's and Twitter's bots.
        let agent = Array(userAgent.utf8)
        return fragmentBytes.contains { agent.firstIndex(ofBytes: $0, ignoringCase: true) != nil }
    }
}
