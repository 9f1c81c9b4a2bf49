import BeckonLocalization
import BeckonSite

/// The arguments every locale string may use, and their values for one render.
///
/// | argument | value |
/// |---|---|
/// | `{app}` | the app's name |
/// | `{inviter}` | the inviter's first name (`common.friend` when there is no inviter) |
/// | `{inviterName}` | the inviter's full name |
/// | `{days}` | days until an invite expires |
/// | `{supportEmail}` | the support address |
/// | `{contextTitle}` | what the invite is about ("a 10K run"), or empty |
/// | `{invitee}` | the recipient's first name, or empty when unknown |
/// | `{inviterGender}` | `female`, `male` or `other` (also when not given); `none` on a page without an inviter |
/// | `{link}` | the invite link |
public enum MessageArguments {
    /// The names messages may use.
    public static let names: Set<String> = [
        "app", "inviter", "inviterName", "days", "supportEmail", "contextTitle", "invitee", "link", "inviterGender",
    ]

    /// The key of the stand-in for the inviter's name on pages rendered without an inviter.
    public static let anonymousInviterKey: MessageKey = "common.friend"

    /// The argument values for a render.
    /// - Parameters:
    ///   - sample: The sample invite, or `nil` for a render without an inviter.
    ///   - anonymousInviter: The `common.friend` text that stands in for a missing inviter.
    ///   - link: The invite link.
    public static func values(
        config: SiteConfig, sample: InviteValues?, anonymousInviter: String, link: String
    ) -> [String: ArgumentValue] {
        [
            "app": ArgumentValue(config.app.name),
            "inviter": ArgumentValue(sample?.inviterFirstName ?? anonymousInviter, isUserData: sample != nil),
            "inviterName": ArgumentValue(sample?.inviterName ?? anonymousInviter, isUserData: sample != nil),
            "days": ArgumentValue(String(config.expiryDays)),
            "supportEmail": ArgumentValue(config.app.supportEmail),
            "contextTitle": ArgumentValue(sample?.contextTitle ?? "", isUserData: true),
            "invitee": ArgumentValue(sample?.inviteeFirstName ?? "", isUserData: true),
            "link": ArgumentValue(link),
            "inviterGender": ArgumentValue(sample.map { ($0.inviterGender ?? .other).rawValue } ?? "none"),
        ]
    }
}
