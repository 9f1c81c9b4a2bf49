import BeckonDiagnostics
import Foundation
import InviteModel

/// The values one invite shows on its pages, cards, emails and share messages: an entry of
/// `samples:` in beckon.yml (a realistic worst-case invite every page, email and card is rendered
/// and checked with: a 40-character name, an Arabic name, a CJK name, an emoji), an invite file
/// given to `beckon render`, or a stored invite (`beckon serve`, `init(invite:…)`).
/// Encodable so that a build can fingerprint every field (the engine's keys): a field added
/// later is part of the fingerprint without anyone listing it.
public struct InviteValues: Sendable, Hashable, Encodable {
    /// A slug naming the sample in paths and findings (`long-name`); a stored invite's id.
    public var id: String
    /// The inviter's first name, as the copy uses it ("Maya invited you").
    public var inviterFirstName: String
    /// The inviter's full name.
    public var inviterName: String
    public var context: InviteContext
    /// An opaque id of the achievement or content, if any.
    public var contextID: String?
    /// What the context is about, in the inviter's words ("a 10K run").
    public var contextTitle: String?
    public var code: InviteCode
    /// The inviter's picture, a PNG below `static/`, for preview cards; initials when `nil`.
    public var avatar: String?
    /// The recipient's first name, as share messages greet them; `nil` when unknown.
    public var inviteeFirstName: String?
    /// The inviter's grammatical gender, for languages whose verbs agree with it (Arabic): the
    /// `{inviterGender}` of an ICU `select`. `nil` reads as `other`, the neutral wording.
    public var inviterGender: InviterGender?
    /// The recipient's address, which invitation emails go to and tokens carry;
    /// `SAMPLE-ID@example.com` when left out.
    public var inviteeEmail: EmailAddress
    /// The recipient's phone number (E.164), which SMS and WhatsApp share links address.
    public var phone: PhoneNumber?
    /// The recipient's Instagram username, which the Instagram share link opens (seed 002 rule 1.7).
    public var instagram: InstagramUsername?
    /// The locale key of this recipient's share messages (a string, a pool or variants), instead of
    /// `share.CONTEXT`: seed 002's recipients each have a pool of their own.
    public var messages: String?
    /// The channels this recipient is reached on, instead of `share.channels`; each needs its
    /// address (a phone for SMS and WhatsApp, a username for Instagram).
    public var channels: [InviteChannel]?
    /// Whether `inviteeEmail` was written (not the `SAMPLE-ID@example.com` stand-in), so the email
    /// share link addresses it.
    public var hasInviteeEmail: Bool { fieldLocations["inviteeEmail"] != nil }
    /// When the sample invite was created; its links expire `expiry.days` later. The build's date
    /// (`BuildDate`) when beckon.yml does not set it.
    public var createdAt: Date
    /// Where the sample was defined.
    public var location: SourceLocation
    /// Where each of its fields was written, by key (`inviterFirstName`).
    public var fieldLocations: [String: SourceLocation] = [:]

    static let keys = [
        "id", "inviterFirstName", "inviterName", "inviteeFirstName", "context", "contextID", "contextTitle", "code",
        "createdAt", "avatar", "inviteeEmail", "phone", "instagram", "messages", "channels", "inviterGender",
    ]

    /// The most characters a name, title or content id may have: far more than any real one, and
    /// little enough that rendering and checking an invite with it stays quick.
    public static let maximumFieldLength = 1_000

    /// A fixed creation time, for configurations read without a build date (benchmarks).
    public static let fixedCreatedAt = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    /// A real invite as its pages show it (`beckon serve`): the sender's first name (also their
    /// full name: a stored invite keeps no other), its context and its code. The recipient's
    /// address is a stand-in: pages never show it.
    public init?(
        invite id: UUID, inviterFirstName: String, context: InviteContext, contextID: String?, contextTitle: String?,
        code: InviteCode, createdAt: Date
    ) {
        guard let email = Self.standInEmail else { return nil }
        self.id = id.uuidString.lowercased()
        self.inviterFirstName = inviterFirstName
        self.inviterName = inviterFirstName
        self.context = context
        self.contextID = contextID
        self.contextTitle = contextTitle
        self.code = code
        self.inviteeEmail = email
        self.createdAt = createdAt
        self.location = SourceLocation(file: "invite")
    }

    /// The recipient's address a real invite's pages are rendered with, parsed once.
    private static let standInEmail = EmailAddress("invitee@example.com")

    /// - Parameter defaultCreatedAt: The creation time when the mapping does not set `createdAt`.
    init?(_ mapping: YAMLReader.Mapping, defaultCreatedAt: Date) {
        let reader = mapping.reader
        let id = mapping.string("id", required: true)
        if let id, !Self.isSlug(id) {
            reader.invalid(
                "sample id `\(id)` must be a slug of lower-case letters, digits and hyphens",
                at: mapping.location(of: "id"), fix: "Name the sample like `long-name` or `arabic-name`.")
        }
        let firstName = mapping.string("inviterFirstName", required: true)
        let writtenFullName = mapping.string("inviterName")
        let fullName = writtenFullName ?? firstName
        let inviteeFirstName = mapping.string("inviteeFirstName")
        for (key, value) in [
            ("inviterFirstName", firstName), ("inviterName", writtenFullName), ("inviteeFirstName", inviteeFirstName),
            ("contextTitle", mapping.string("contextTitle")), ("contextID", mapping.string("contextID")),
        ] {
            guard let value else { continue }
            // The value itself is never repeated: it may be a real person's invite data. A value
            // past the cap is refused before anything else reads it.
            if value.utf8.count > Self.maximumFieldLength, value.count > Self.maximumFieldLength {
                reader.invalid(
                    "`\(key)` is \(value.count) characters, over the limit of \(Self.maximumFieldLength)",
                    at: mapping.location(of: key), fix: "Shorten it; names and titles are a few words.",
                    rule: "too-long")
            } else if let problem = SingleLineText.problem(in: value) {
                reader.invalid(
                    "`\(key)` holds \(problem); it must be one line of plain text",
                    at: mapping.location(of: key), fix: "Remove the character; names and titles are one line.")
            } else if key != "contextID", key != "contextTitle", value.trimmingWhitespace().isEmpty {
                reader.invalid(
                    "`\(key)` is empty", at: mapping.location(of: key), fix: "Write the name, or leave the key out.")
            }
        }
        var context = InviteContext.generic
        if let text = mapping.string("context") {
            if let parsed = InviteContext(rawValue: text) {
                context = parsed
            } else {
                reader.invalid(
                    "`\(text)` is not an invite context\(DidYouMean.phrase(for: text, among: InviteContext.allCases.map(\.rawValue)))",
                    at: mapping.location(of: "context"),
                    fix: "Use one of: \(InviteContext.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
        }
        var code: InviteCode?
        if let text = mapping.string("code") {
            code = InviteCode(text)
            if code == nil {
                reader.invalid(
                    "`\(text)` is not an invite code", at: mapping.location(of: "code"),
                    fix:
                        "Use \(InviteCode.acceptedLengths.lowerBound)–\(InviteCode.acceptedLengths.upperBound) characters from `\(String(InviteCode.alphabet))`, or leave `code` out to derive one."
                )
            }
        }
        var createdAt = defaultCreatedAt
        if let text = mapping.string("createdAt") {
            if let date = Timestamp.date(from: text) {
                createdAt = date
            } else {
                reader.invalid(
                    "`\(text)` is not an ISO 8601 date and time", at: mapping.location(of: "createdAt"),
                    fix: "Write it like `2026-01-15T09:30:00Z`.")
            }
        }
        var inviteeEmail: EmailAddress?
        if let text = mapping.string("inviteeEmail") {
            inviteeEmail = text.allSatisfy(\.isASCII) ? EmailAddress(text) : nil
            if inviteeEmail == nil {
                reader.invalid(
                    "`inviteeEmail` (\(Redact.email(text))) is not an email address",
                    at: mapping.location(of: "inviteeEmail"),
                    fix: "Write a plain address such as `jonas@example.com`.", rule: "invalid-email")
            }
        }
        // Values already reported invalid, which later checks leave alone: one bad value, one finding.
        var invalid: Set<String> = []
        if let text = mapping.string("phone") {
            phone = PhoneNumber(parsing: text)
            if phone == nil {
                invalid.insert("phone")
                reader.invalid(
                    "`phone` (\(Redact.phone(text))) is not an international phone number",
                    at: mapping.location(of: "phone"),
                    fix: "Write it in E.164 with its country code, such as `+4915123456789`.", rule: "invalid-phone")
            }
        }
        if let text = mapping.string("instagram") {
            instagram = InstagramUsername(text)
            if instagram == nil {
                invalid.insert("instagram")
                reader.invalid(
                    "`instagram` is not an Instagram username",
                    at: mapping.location(of: "instagram"),
                    fix:
                        "Use at most 30 letters, digits, `_` and `.`, not starting or ending with `.` (a leading `@` is fine).",
                    rule: "invalid-instagram")
            }
        }
        if let key = mapping.string("messages") {
            if key.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ !$0.isEmpty }) {
                messages = key
            } else {
                reader.invalid(
                    "`\(key)` is not a locale key", at: mapping.location(of: "messages"),
                    fix: "Name the string or pool, such as `share.partner`.")
            }
        }
        channels = Self.channels(mapping, phone: phone, instagram: instagram, invalid: invalid)
        guard let id, Self.isSlug(id), let firstName, let fullName,
            let email = inviteeEmail ?? EmailAddress("\(id)@example.com")
        else { return nil }
        self.inviteeEmail = email
        self.inviteeFirstName = inviteeFirstName
        if let text = mapping.string("inviterGender") {
            inviterGender = InviterGender(rawValue: text)
            if inviterGender == nil {
                reader.invalid(
                    "`inviterGender` is `\(text.prefix(20))`", at: mapping.location(of: "inviterGender"),
                    fix: "Use `female`, `male` or `other`.")
            }
        }
        self.avatar = mapping.string("avatar").flatMap { ThemeConfig.staticPath($0, mapping, "avatar") }
        self.createdAt = createdAt
        self.id = id
        self.inviterFirstName = firstName
        self.inviterName = fullName
        self.context = context
        self.contextID = mapping.string("contextID")
        self.contextTitle = mapping.string("contextTitle")
        self.code = code ?? Self.derivedCode(for: id)
        self.location = mapping.location
        for key in Self.keys where mapping.entries.contains(where: { $0.key == key }) {
            fieldLocations[key] = mapping.location(of: key)
        }
    }

    /// `channels: [whatsapp]`: the channels the recipient is reached on. Each needs its address
    /// (`phone` for SMS and WhatsApp, `instagram` for Instagram), unless that address is among
    /// `invalid`: written, and already reported as written wrong.
    private static func channels(
        _ mapping: YAMLReader.Mapping, phone: PhoneNumber?, instagram: InstagramUsername?, invalid: Set<String>
    ) -> [InviteChannel]? {
        guard let channels = mapping.choices("channels", of: InviteChannel.self, what: "a channel") else { return nil }
        for channel in channels {
            let needs: String? =
                switch channel {
                case .sms, .whatsapp: phone == nil ? "phone" : nil
                case .instagram: instagram == nil ? "instagram" : nil
                default: nil
                }
            if let needs, !invalid.contains(needs) {
                mapping.reader.invalid(
                    "the recipient is reached on `\(channel.rawValue)` but has no `\(needs)`",
                    at: mapping.location(of: "channels"),
                    fix: needs == "phone"
                        ? "Add `phone:` in E.164, such as `+4915123456789` (seed 002 1.4)."
                        : "Add `instagram:` with the username (seed 002 1.5).",
                    rule: "missing-recipient")
            }
        }
        return channels
    }

    /// What `beckon invite new` prints, `{"invite": {…}, "link": …}`, with the names an invite
    /// service adds beside it (`inviterFirstName`, `inviteeEmail`…), read as one invite: the
    /// model's code, context, content id and creation time, and an id made from its UUID.
    static func fromInviteService(_ value: YAMLValue) -> YAMLValue {
        guard let entries = value.entries, let model = entries.first(where: { $0.key == "invite" }),
            let fields = model.value.entries
        else { return value }
        var merged = entries.filter { !["invite", "link"].contains($0.key) }
        for entry in fields where ["code", "context", "contextID", "createdAt"].contains(entry.key) {
            if !merged.contains(where: { $0.key == entry.key }) { merged.append(entry) }
        }
        if !merged.contains(where: { $0.key == "id" }), let uuid = fields.first(where: { $0.key == "id" }),
            let text = uuid.value.scalar
        {
            let id = "invite-" + text.lowercased().filter { $0.isLetter || $0.isNumber }.prefix(12)
            merged.append(
                YAMLValue.Entry(
                    key: "id", keyLocation: uuid.keyLocation,
                    value: YAMLValue(kind: .scalar(id, quoted: true), location: uuid.value.location)))
        }
        return YAMLValue(kind: .mapping(merged), location: value.location)
    }

    static func isSlug(_ text: String) -> Bool {
        (1...40).contains(text.count) && text.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
    }

    /// A stable code derived from the sample id (FNV-1a), so builds stay deterministic.
    public static func derivedCode(for id: String) -> InviteCode {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var symbols: [Character] = []
        for round in 0..<InviteCode.length {
            for byte in id.utf8 + [UInt8(round)] {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            symbols.append(InviteCode.alphabet[Int(hash % UInt64(InviteCode.alphabet.count))])
        }
        return InviteCode(String(symbols))!
    }
}

extension InviteValues {
    /// Reads one invite from a JSON (or YAML) file with the keys of `samples[]`, for rendering a
    /// single personalised artifact (`beckon render --invite FILE`).
    /// - Parameter now: The creation time of an invite that does not say, so its links and
    ///   tokens are valid from now on.
    public static func parse(_ source: SourceText, now: Date) -> (InviteValues?, [Diagnostic]) {
        let (parsed, diagnostics) = YAMLParser.parse(source)
        guard let parsed else { return (nil, diagnostics) }
        let value = fromInviteService(parsed)
        let reader = YAMLReader(family: "invite")
        // In what `invite new` prints, `invite` is the model; the names go beside it, at the top.
        let isFromService = parsed.entries?.contains { $0.key == "invite" && $0.value.entries != nil } == true
        guard var mapping = reader.mapping(value, named: isFromService ? "" : "invite", keys: keys) else {
            return (nil, reader.diagnostics)
        }
        if isFromService { mapping.placement = "at the top level of the file, beside `invite` (not inside it)" }
        let invite = InviteValues(mapping, defaultCreatedAt: now)
        return (reader.diagnostics.isEmpty ? invite : nil, diagnostics + reader.diagnostics)
    }
}
