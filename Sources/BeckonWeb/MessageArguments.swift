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
public enum MessageArguments {
    /// The names messages may use.
    public static let names: Set<String> = ["app", "inviter", "inviterName", "days", "supportEmail", "contextTitle"]

    /// The key of the stand-in for the inviter's name on pages rendered without an inviter.
    public static let anonymousInviterKey: MessageKey = "common.friend"

    /// The argument values for a render.
    static func values(
        config: SiteConfig, sample: SampleInvite?, anonymousInviter: String
    ) -> [String: ArgumentValue] {
        [
            "app": ArgumentValue(config.app.name),
            "inviter": ArgumentValue(sample?.inviterFirstName ?? anonymousInviter, isUserData: sample != nil),
            "inviterName": ArgumentValue(sample?.inviterName ?? anonymousInviter, isUserData: sample != nil),
            "days": ArgumentValue(String(config.expiryDays)),
            "supportEmail": ArgumentValue(config.app.supportEmail),
            "contextTitle": ArgumentValue(sample?.contextTitle ?? "", isUserData: true),
        ]
    }
}
