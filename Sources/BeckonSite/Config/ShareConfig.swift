import BeckonDiagnostics
import InviteModel

/// `share:` in beckon.yml: pre-composed share messages, per locale × invite context (or sample) ×
/// channel, with A/B variants and pools.
public struct ShareConfig: Sendable, Hashable {
    /// An A/B variant of every share message (seed 001 §11 Experiment 1: `control` and
    /// `context-rich`), signed into the links the messages carry.
    public struct Variant: Sendable, Hashable {
        /// An opaque id, as links carry it (`v=`).
        public var id: String
        /// Its share of the invites, relative to the other variants' weights.
        public var weight: Int
        /// Where it was declared.
        public var location: SourceLocation

        public init(id: String, weight: Int, location: SourceLocation) {
            self.id = id
            self.weight = weight
            self.location = location
        }
    }

    /// The channels messages are written for.
    public var channels: [InviteChannel]
    /// The invite contexts that have a message (`share.CONTEXT`); a site of recipients' pools may
    /// have none.
    public var contexts: [InviteContext]
    /// The A/B variants; empty outside an experiment.
    public var variants: [Variant]
    /// Whether every message must carry the invite link (`message.link`): true for invite flows,
    /// false for messages that only keep in touch (seed 002).
    public var requireLink: Bool

    static let keys = ["channels", "contexts", "variants", "requireLink"]
    /// The channels used when `share.channels` is not set.
    public static let defaultChannels: [InviteChannel] = [.sms, .whatsapp, .imessage, .email, .copyLink]

    init(_ mapping: YAMLReader.Mapping) {
        channels = mapping.choices("channels", of: InviteChannel.self, what: "a channel") ?? Self.defaultChannels
        contexts =
            mapping.choices("contexts", of: InviteContext.self, what: "an invite context") ?? InviteContext.allCases
        requireLink = mapping.bool("requireLink") ?? true
        variants = []
        guard let value = mapping.value("variants") else { return }
        guard let entries = value.entries, !entries.isEmpty else {
            mapping.reader.invalid(
                "`share.variants` must map each variant's id to its weight", at: value.location,
                fix: "Write `variants: {control: 50, context-rich: 50}`.", rule: "type")
            return
        }
        for entry in entries {
            guard InviteLink.isOpaqueID(entry.key) else {
                mapping.reader.invalid(
                    "`\(entry.key)` cannot name a variant: links carry it", at: entry.keyLocation,
                    fix: "Use 1–64 letters, digits, `-` and `_`.")
                continue
            }
            guard let weight = mapping.reader.int(entry.value, named: "share.variants.\(entry.key)", in: 1...1_000_000)
            else { continue }
            variants.append(Variant(id: entry.key, weight: weight, location: entry.keyLocation))
        }
    }
}
