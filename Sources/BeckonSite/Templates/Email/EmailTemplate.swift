import BeckonDiagnostics
import BeckonMarkdown

/// An email template from `templates/email/NAME.md`: front matter naming the subject, preheader
/// and sender name strings, and a Markdown body with placeholders and components.
public struct EmailTemplate: Sendable, Hashable {
    /// Who an email goes to.
    public enum Recipient: String, Sendable, Hashable, CaseIterable {
        /// The invited person (an invitation).
        case invitee
        /// The person who invited them (a notice such as "your invite expired").
        case inviter
    }

    /// What makes `beckon serve` send an email to the inviter (`notify:`).
    public enum Notice: String, Sendable, Hashable, CaseIterable {
        /// The invite expired unaccepted (seed 003 #13): one email per invite.
        case expired
        /// The invitees who accepted in the last day (seed 003 #49): one email per sender and day,
        /// at `email.digest.hour`, whose strings may use `{count}` and `{clients}`.
        case joinedDigest = "joined-digest"
    }

    /// The file name without `.md`: `invite`, `invite-expired`.
    public var name: String
    /// Path from the site root.
    public var path: String
    public var subjectKey: String
    public var preheaderKey: String
    /// The locale key of the sender's display name; the app's name when `nil`.
    public var fromNameKey: String?
    /// A transactional email has a footer saying why it was sent and no unsubscribe link.
    public var transactional: Bool
    public var recipient: Recipient
    /// When `beckon serve` sends it to the sender's `senderEmail`; `nil` for an email it sends
    /// only as an invitation (or not at all).
    public var notify: Notice?
    /// A word limit for the body, overriding `limits.emailBodyWords`.
    public var maxWords: Int?
    /// The Markdown body, with each component line replaced by its marker paragraph.
    public var body: String
    /// The body parsed, once for all renders.
    public var document: MarkdownNode
    /// The line of the file the body starts on (1-based).
    public var bodyStartLine: Int
    /// Placeholders in the body and in component arguments.
    public var placeholders: [Placeholder]
    public var components: [EmailComponent]
    public var frontMatterLocations: [String: SourceLocation]
    public var source: SourceText

    /// The front matter keys an email template may have.
    public static let frontMatterKeys = [
        "kind", "subject", "preheader", "fromName", "transactional", "recipient", "notify", "maxWords",
    ]

    /// Where a front matter key was written, or the top of the file.
    public func location(of key: String) -> SourceLocation {
        frontMatterLocations[key] ?? SourceLocation(file: path)
    }

    /// The component a paragraph of the parsed body stands for, if it is a marker paragraph.
    public func component(in paragraph: MarkdownNode) -> EmailComponent? {
        guard paragraph.kind == .paragraph, paragraph.children.count == 1, paragraph.children[0].kind == .text,
            let index = EmailComponent.index(inMarker: paragraph.children[0].literal),
            components.indices.contains(index)
        else { return nil }
        return components[index]
    }

    /// Every locale key the template names, with where.
    public var messageKeys: [(key: String, location: SourceLocation)] {
        let frontMatter =
            [("subject", subjectKey), ("preheader", preheaderKey)] + (fromNameKey.map { [("fromName", $0)] } ?? [])
        return frontMatter.map { ($0.1, location(of: $0.0)) }
            + placeholders.filter { $0.namespace == "t" }.map { (String($0.path.dropFirst(2)), $0.location) }
    }
}
