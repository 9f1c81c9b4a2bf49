import BeckonAPI
import BeckonSite
import InviteModel

/// What a create request asks for, checked against the site: the sender, the context, the
/// channel and its recipient, the locale and the share variant (drawn by the site's weights when
/// the request names none).
struct NewInvite: Sendable, Hashable {
    var senderID: String
    var senderFirstName: String?
    var senderGender: InviterGender?
    /// Where the sender's notices go (`senderEmail`), in its normal form.
    var senderEmail: String?
    /// The locale the sender's notices are written in: the create request's `Accept-Language`.
    var senderLanguage: String?
    var context: InviteContext
    var contextID: String?
    var contextTitle: String?
    var channel: InviteChannel
    var recipient: String?
    var inviteeFirstName: String?
    var locale: String?
    var variant: String?

    /// A create request's members as the generated code decoded them, checked against the site.
    init(
        senderID: String, senderFirstName: String?, senderGender: String?, senderEmail: String?,
        context: Components.Schemas.Context?,
        contextID: String?,
        contextTitle: String?, channel: Components.Schemas.Channel, recipient: String?, inviteeFirstName: String?,
        locale: String?, variant: String?, config: SiteConfig
    ) throws(APIProblem) {
        self.senderID = try FieldRules.identifier(senderID, "senderId")!
        self.senderFirstName = try FieldRules.text(senderFirstName, "senderFirstName", maximum: 1_000)
        // The generated decoder has checked the value against the document's enum, which is the model's.
        self.senderGender = senderGender.flatMap(InviterGender.init(rawValue:))
        if let senderEmail {
            guard let address = EmailAddress(senderEmail) else {
                throw .badRequest("`senderEmail` is not an email address.", field: "senderEmail")
            }
            guard self.senderFirstName != nil else {
                throw .badRequest(
                    "`senderEmail` needs `senderFirstName`: the sender's emails greet them by it.",
                    field: "senderFirstName")
            }
            self.senderEmail = address.address
        }
        self.context = try context.map(InviteResource.schema) ?? .generic
        self.contextID = try FieldRules.identifier(contextID, "contextId")
        self.contextTitle = try FieldRules.text(contextTitle, "contextTitle", maximum: 1_000)
        // The document's channels and contexts are the model's, spelled alike (APIDocumentTests).
        self.channel = try InviteResource.schema(channel)
        self.recipient = try Self.recipient(recipient, channel: self.channel)
        self.inviteeFirstName = try FieldRules.text(inviteeFirstName, "inviteeFirstName", maximum: 1_000)
        self.locale = try Self.locale(locale, config: config)
        // Without one, an arm of the site's experiment, by its weights (a sender keeps theirs).
        self.variant =
            try Self.variant(variant, config: config)
            ?? VariantAssignment.variant(for: self.senderID, among: config.share?.variants ?? [])
    }

    /// The recipient in its normal form, required for the channels that address one person.
    static func recipient(_ text: String?, channel: InviteChannel) throws(APIProblem) -> String? {
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

    static func locale(_ text: String?, config: SiteConfig) throws(APIProblem) -> String? {
        guard let text else { return nil }
        guard let locale = config.locales.list.first(where: { $0.rawValue == text }) else {
            let list = config.locales.list.map(\.rawValue).joined(separator: ", ")
            throw .badRequest("`locale` must be one of the site's locales: \(list).", field: "locale")
        }
        return locale.rawValue
    }

    static func variant(_ text: String?, config: SiteConfig) throws(APIProblem) -> String? {
        guard let text = try FieldRules.identifier(text, "variant") else { return nil }
        let variants = config.share?.variants.map(\.id) ?? []
        guard variants.contains(text) else {
            let list = variants.isEmpty ? "none (the site has no `share.variants`)" : variants.joined(separator: ", ")
            throw .badRequest("`variant` must be one of the site's share variants: \(list).", field: "variant")
        }
        return text
    }
}
