import Foundation
import InviteModel

/// An invite as the store keeps it: the model's invite and what the service needs to answer its
/// link and its API — the sender's first name, the recipient and the share variant. The names and
/// the recipient are personal data: `InviteStore.eraseSender(_:)` clears them, and no log line or
/// event carries them.
public struct InviteRecord: Sendable, Hashable, Codable {
    public var invite: Invite
    /// Shown on the landing page and the card ("Maya invited you"); `nil` once erased.
    public var senderFirstName: String?
    /// The email address, phone number or Instagram name the invite was sent to, as given.
    public var recipient: String?
    /// The locale the sender chose for the invitee (`de-DE`), or `nil` for the visitor's own.
    public var locale: String?
    /// The A/B variant of the share message (`share.variants`), or `nil`.
    public var variant: String?
    /// The achievement's or content's title, shown with the context.
    public var contextTitle: String?
    /// The invitee's first name, for the share message's and the email's greeting ("Hey Sam");
    /// `nil` once erased.
    public var inviteeFirstName: String?
    /// The sender's grammatical gender as they gave it (`female`, `male`, `other`), for languages
    /// whose verbs agree with it; `nil` once erased or when not given.
    public var senderGender: String?
    /// Where the sender is told about the invite (its expiry, who joined): stored for those
    /// notices only, never shown or logged; `nil` once erased or when not given.
    public var senderEmail: String?
    /// The site locale the sender's notices are written in (`de-DE`), or `nil` for the site's default.
    public var senderLanguage: String?

    public init(
        invite: Invite, senderFirstName: String? = nil, recipient: String? = nil, locale: String? = nil,
        variant: String? = nil, contextTitle: String? = nil, inviteeFirstName: String? = nil,
        senderGender: String? = nil, senderEmail: String? = nil, senderLanguage: String? = nil
    ) {
        self.invite = invite
        self.senderFirstName = senderFirstName
        self.recipient = recipient
        self.locale = locale
        self.variant = variant
        self.contextTitle = contextTitle
        self.inviteeFirstName = inviteeFirstName
        self.senderGender = senderGender
        self.senderEmail = senderEmail
        self.senderLanguage = senderLanguage
    }
}
