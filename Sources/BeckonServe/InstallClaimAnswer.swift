/// The answer to an install claim, as docs/openapi.json's `POST /v1/installs` has it:
/// `{"match": {…}}`, or `{"match": null}` whatever failed.
struct InstallClaimAnswer: Encodable {
    /// The invite an install claimed (the document's `InstallMatch`).
    struct Match: Encodable {
        struct Sender: Encodable {
            var firstName: String?
            var avatarUrl: String?
        }

        var code: String
        /// `pending`, `expired`, `cancelled` or `accepted`: the screen the app shows.
        var status: String
        var method: String
        var context: String
        var contextId: String?
        var contextTitle: String?
        var deepLink: String?
        var sender: Sender
    }

    var match: Match?

    private enum CodingKeys: CodingKey {
        case match
    }

    /// `match` is written when it is `nil` too, as `null`.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(match, forKey: .match)
    }
}
