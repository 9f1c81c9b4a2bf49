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

    /// Whether a `User-Agent` is a crawler's; a request without one is not counted as a person either.
    static func isCrawler(_ userAgent: String?) -> Bool {
        guard let agent = userAgent?.lowercased(), !agent.isEmpty else { return true }
        // iMessage fetches previews as a desktop browser that names Facebook's and Twitter's bots.
        return fragments.contains { agent.contains($0) }
    }
}
