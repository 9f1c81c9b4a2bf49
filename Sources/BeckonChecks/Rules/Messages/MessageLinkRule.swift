import BeckonDiagnostics
import BeckonRender

/// `message.link`: a share message carries the invite link, as written into its bytes — a message
/// whose `{link}` was deleted (in the source or in one translation) sends an invitation nobody can
/// accept (seed 000 R6: the message includes the invite link). Channels that cannot prefill text
/// (Instagram) are exempt, and so are sites whose messages are not invitations
/// (`share.requireLink: false`).
///
/// Put `{link}` back into the string.
struct MessageLinkRule: TextRule {
    let id: RuleID = "message.link"

    func check(_ artifact: Artifact, text: String, context: CheckContext) -> [Finding] {
        guard artifact.kind == .shareMessage, context.messagesNeedLink, !artifact.path.hasSuffix(".instagram.txt"),
            let host = context.linkPolicy?.host
        else { return [] }
        // Looked for in the bytes (Foundation's `contains` compares as characters, far slower).
        guard text.utf8.firstIndex(ofBytes: Array("https://\(host)/".utf8)) == nil else { return [] }
        return [
            Finding(
                "the share message has no invite link in \(artifact.locale?.rawValue ?? "")", line: 1,
                fix: "Add `{link}` to the string; the invitation is the link.")
        ]
    }
}
