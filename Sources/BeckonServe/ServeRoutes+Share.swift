import BeckonMessages
import BeckonSite
import BeckonStore
import InviteModel

extension ServeRoutes {
    /// The share message for an invite's channel (seed 001 §5.2: the text the sender's share
    /// sheet is filled with), with its own signed link: in the invite's locale, or the one
    /// `language` prefers among the site's; with the sender's first name (the anonymous stand-in
    /// once erased); its channel's link addressed to the recipient. `nil` on a site without
    /// `share` messages.
    func shareMessage(_ record: InviteRecord, link: String, language: String?) -> ShareMessage? {
        guard let pages = site.invitePages else { return nil }
        let invite = record.invite
        let locale = site.locale(of: record) ?? site.locale(acceptLanguage: language)
        return pages.messages.message(
            context: invite.context, code: invite.code, invite: LinkAnswerer.shown(record), channel: invite.channel,
            variant: record.variant, locale: locale, link: link,
            recipient: record.recipient.flatMap { Self.shareRecipient($0, channel: invite.channel) })
    }

    /// A stored recipient (in its normal form) as the address its channel's link takes.
    static func shareRecipient(_ recipient: String, channel: InviteChannel) -> ShareRecipient? {
        switch channel {
        case .sms, .imessage, .whatsapp: PhoneNumber(e164: recipient).map { ShareRecipient(phone: $0) }
        case .instagram: InstagramUsername(recipient).map { ShareRecipient(instagram: $0) }
        case .email: EmailAddress(recipient).map { ShareRecipient(email: $0) }
        case .copyLink, .airdrop, .other: nil
        }
    }
}
