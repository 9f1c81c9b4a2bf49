import BeckonSite
import InviteModel

/// One invite's share message for its channel, as `beckon serve` answers a create with it.
public struct ShareMessage: Sendable, Hashable {
    /// The plain text the sender shares, with the invite's own link.
    public var text: String
    /// The email's subject, for the email channel.
    public var subject: String?
    /// The link that opens the channel with the text filled in (`sms:`, `https://wa.me/`,
    /// `mailto:`, an Instagram profile), addressed to the recipient; `nil` for channels that take
    /// no link (copying the link, AirDrop).
    public var url: String?
    /// The other form of `url` (`sms:NUMBER?body=`, `whatsapp://send`, the web profile).
    public var alternateURL: String?
    /// What to tell the sender, such as that Instagram cannot prefill a message.
    public var note: String?

    public init(text: String, subject: String?, url: String?, alternateURL: String?, note: String?) {
        self.text = text
        self.subject = subject
        self.url = url
        self.alternateURL = alternateURL
        self.note = note
    }
}

/// Whom a share message's link addresses: a phone number (SMS, iMessage, WhatsApp), an Instagram
/// username or an email address.
public struct ShareRecipient: Sendable, Hashable {
    public var phone: PhoneNumber?
    public var instagram: InstagramUsername?
    public var email: EmailAddress?

    public init(phone: PhoneNumber? = nil, instagram: InstagramUsername? = nil, email: EmailAddress? = nil) {
        self.phone = phone
        self.instagram = instagram
        self.email = email
    }

    /// A sample's addresses; its email only when the sample writes one.
    init(_ sample: InviteValues) {
        self.init(
            phone: sample.phone, instagram: sample.instagram, email: sample.hasInviteeEmail ? sample.inviteeEmail : nil)
    }
}
