import BeckonSite
import InviteModel

/// What a create request asks for, checked against the site: the sender, the context, the
/// channel and its recipient, the locale and the share variant.
struct NewInvite: Sendable, Hashable {
    var senderID: String
    var senderFirstName: String?
    var context: InviteContext
    var contextID: String?
    var contextTitle: String?
    var channel: InviteChannel
    var recipient: String?
    var locale: String?
    var variant: String?

    /// The members a create request may have.
    static let members: Set<String> = [
        "senderId", "senderFirstName", "context", "contextId", "contextTitle", "channel", "recipient", "locale",
        "variant",
    ]
    /// The members one recipient of a bulk request may have.
    static let recipientMembers: Set<String> = ["recipient", "channel", "locale"]

    /// Reads and checks a create request.
    init(_ fields: RequestFields, config: SiteConfig) throws(APIProblem) {
        senderID = try fields.identifier("senderId", required: true)!
        senderFirstName = try fields.text("senderFirstName", maximum: 1_000)
        context = try fields.choice("context", of: InviteContext.self) ?? .generic
        contextID = try fields.identifier("contextId")
        contextTitle = try fields.text("contextTitle", maximum: 1_000)
        channel = try fields.choice("channel", of: InviteChannel.self, required: true)!
        recipient = try Self.recipient(fields, channel: channel)
        locale = try Self.locale(fields, config: config)
        variant = try Self.variant(fields, config: config)
    }

    /// The recipient in its normal form, required for the channels that address one person.
    static func recipient(_ fields: RequestFields, channel: InviteChannel) throws(APIProblem) -> String? {
        let text = try fields.string("recipient")
        switch channel {
        case .email:
            guard let text else { throw .badRequest("An email invite needs `recipient`.", field: "recipient") }
            guard let address = EmailAddress(text) else {
                throw .badRequest("`recipient` is not an email address.", field: "recipient")
            }
            return address.address
        case .sms, .whatsapp:
            guard let text else {
                throw .badRequest("A \(channel.rawValue) invite needs `recipient`.", field: "recipient")
            }
            guard let phone = PhoneNumber(parsing: text) else {
                throw .badRequest(
                    "`recipient` is not a phone number (E.164, such as +14155550123).", field: "recipient")
            }
            return phone.e164
        case .instagram:
            guard let text else { throw .badRequest("An Instagram invite needs `recipient`.", field: "recipient") }
            guard let name = InstagramUsername(text) else {
                throw .badRequest("`recipient` is not an Instagram username.", field: "recipient")
            }
            return name.name
        case .imessage, .copyLink, .airdrop, .other:
            guard text == nil else {
                throw .badRequest("A \(channel.rawValue) invite has no `recipient`.", field: "recipient")
            }
            return nil
        }
    }

    static func locale(_ fields: RequestFields, config: SiteConfig) throws(APIProblem) -> String? {
        guard let text = try fields.string("locale") else { return nil }
        guard let locale = config.locales.list.first(where: { $0.rawValue == text }) else {
            let list = config.locales.list.map(\.rawValue).joined(separator: ", ")
            throw .badRequest("`locale` must be one of the site's locales: \(list).", field: "locale")
        }
        return locale.rawValue
    }

    static func variant(_ fields: RequestFields, config: SiteConfig) throws(APIProblem) -> String? {
        guard let text = try fields.identifier("variant") else { return nil }
        let variants = config.share?.variants.map(\.id) ?? []
        guard variants.contains(text) else {
            let list = variants.isEmpty ? "none (the site has no `share.variants`)" : variants.joined(separator: ", ")
            throw .badRequest("`variant` must be one of the site's share variants: \(list).", field: "variant")
        }
        return text
    }
}
