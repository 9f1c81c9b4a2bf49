/// A site `beckon init` writes: a minimal, complete site for one of the seed shapes of invite
/// flow, which builds clean as written.
public struct Starter: Sendable {
    /// The shapes `init` offers.
    public enum Kind: String, Sendable, CaseIterable {
        /// Invite-friends pages, Open Graph cards and share messages (seeds 000 and 001).
        case inviteFriends = "invite-friends"
        /// A coach → client invitation email with its expired and 410 pages (seed 003).
        case coachEmail = "coach-email"
        /// Pools of messages to recipients over WhatsApp, SMS and Instagram (seed 002).
        case messages

        /// One line for `--help` and the summary `init` prints.
        public var summary: String {
            switch self {
            case .inviteFriends: return "landing, expired, gone and Android pages, preview cards and share messages"
            case .coachEmail: return "an invitation email with its expired and 410 pages"
            case .messages: return "message pools for recipients on WhatsApp, SMS and Instagram"
            }
        }
    }

    public let kind: Kind
    /// Each file as its path in the site and its text.
    public let files: [(path: String, text: String)]

    /// The starter of `kind`.
    public init(_ kind: Kind) {
        self.kind = kind
        let bundle: String
        switch kind {
        case .inviteFriends: bundle = InviteFriendsStarter.files
        case .coachEmail: bundle = CoachEmailStarter.files
        case .messages: bundle = MessagesStarter.files
        }
        files = Self.split(bundle)
    }

    /// Splits a bundle of files written as `-- path --` lines, each followed by its text.
    static func split(_ bundle: String) -> [(path: String, text: String)] {
        var files: [(path: String, text: String)] = []
        var path: String?
        var lines: [Substring] = []
        func flush() {
            if let path { files.append((path, lines.joined(separator: "\n") + "\n")) }
            lines = []
        }
        for line in bundle.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("-- "), line.hasSuffix(" --"), line.count > 6 {
                flush()
                path = String(line.dropFirst(3).dropLast(3))
            } else {
                lines.append(line)
            }
        }
        flush()
        return files.map { file in
            var text = file.text
            while text.hasSuffix("\n\n") { text.removeLast() }
            return (file.path, text)
        }
    }
}
