import BeckonLocalization
import BeckonSite
import Foundation

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
///
/// A digest email's strings (`notify: joined-digest`) may also use `digestNames`: `{count}`, how
/// many invitees accepted, and `{clients}`, their first names as a list in the locale's words
/// ("Jonas, Max, and Sam").
public enum MessageArguments {
    /// The names messages may use.
    public static let names: Set<String> = [
        "app", "inviter", "inviterName", "days", "supportEmail", "contextTitle", "invitee", "link", "inviterGender",
    ]

    /// The names a digest email's messages may use besides `names`.
    public static let digestNames: Set<String> = ["count", "clients"]

    /// `{count}` and `{clients}` for the invitees a digest lists, by first name, in `locale`.
    public static func digestValues(_ clients: [String], locale: LocaleID) -> [String: ArgumentValue] {
        let list = clients.formatted(.list(type: .and).locale(Locale(identifier: locale.rawValue)))
        return ["count": ArgumentValue(String(clients.count)), "clients": ArgumentValue(list, isUserData: true)]
    }

    /// The invitees a sample's digest lists in a build: the sample's own, then the other samples'
    /// (in the order of `samples`), so a digest is checked with every sample's name; every
    /// sample's without one.
    public static func sampleClients(for sample: InviteValues?, samples: [InviteValues]) -> [String] {
        let others = samples.filter { $0.id != sample?.id }
        return ((sample.map { [$0] } ?? []) + others).compactMap(\.inviteeFirstName)
    }

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
