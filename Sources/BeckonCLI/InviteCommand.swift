import ArgumentParser
import BeckonSite
import Foundation
import InviteModel
import InviteSecurity

/// `beckon invite`: invites from the command line.
struct InviteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invite", abstract: "Create invites.", subcommands: [NewInvite.self])
}

/// `beckon invite new`: a fresh invite with its signed link, as JSON.
struct NewInvite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Print a new invite as JSON, with a fresh code and its signed link.",
        discussion: """
            The code comes from the system's cryptographically secure generator. The link is signed \
            with BECKON_LINK_KEY (or the key of BECKON_LINK_KEYS named by links.keyID) and expires with \
            the invite.
            """)

    @OptionGroup var config: ConfigOptions

    @Option(help: "The invite context: generic, achievement, content or collaborative.")
    var context: InviteContext = .generic

    @Option(
        help:
            "The channel it will be shared through: imessage, whatsapp, sms, instagram, email, copy_link, airdrop or other."
    )
    var channel: InviteChannel = .other

    @Option(help: ArgumentHelp("The sender's opaque user id.", valueName: "id"))
    var sender: String = "sender"

    @Option(name: .customLong("context-id"), help: ArgumentHelp("The achievement or content id.", valueName: "id"))
    var contextID: String?

    @Option(name: .customLong("expiry-days"), help: "Days until the invite expires (default: expiry.days of the site).")
    var expiryDays: Int?

    func validate() throws {
        for (name, value) in [("--sender", sender), ("--context-id", contextID ?? "x")]
        where !InviteLink.isOpaqueID(value) {
            throw ValidationError(
                "\(name) must be an opaque id (letters, digits, `-`, `_`; at most 64), never personal data.")
        }
        if let expiryDays, !(1...365).contains(expiryDays) { throw ValidationError("--expiry-days must be 1–365.") }
    }

    func run() throws {
        let site = try config.load()
        let invite = Invite(
            senderID: sender, code: InviteCodeGenerator().next(), context: context, contextID: contextID,
            channel: channel, createdAt: Date(), expiry: ExpiryPolicy(days: expiryDays ?? site.expiryDays))
        let link = try LinkSigning.sign(
            InviteLink.Target(for: invite, form: site.links.form), policy: site.links, expiresAt: invite.expiresAt)
        let object: [String: Any] = [
            "invite": try JSONSerialization.jsonObject(with: InviteJSON.encode(invite)),
            "link": link,
        ]
        let data = try JSONSerialization.data(
            withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        print(String(decoding: data, as: UTF8.self))
    }
}

extension InviteContext: ExpressibleByArgument {}
extension InviteChannel: ExpressibleByArgument {}
