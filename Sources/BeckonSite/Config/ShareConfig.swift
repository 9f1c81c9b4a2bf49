import BeckonDiagnostics
import InviteModel

/// `share:` in beckon.yml: pre-composed share messages, one per locale × invite context × channel.
public struct ShareConfig: Sendable, Hashable {
    /// The channels messages are written for.
    public var channels: [InviteChannel]

    static let keys = ["channels"]
    /// The channels used when `share.channels` is not set.
    public static let defaultChannels: [InviteChannel] = [.sms, .whatsapp, .imessage, .email, .copyLink]

    init(_ mapping: YAMLReader.Mapping) {
        var channels: [InviteChannel] = []
        for text in mapping.strings("channels") ?? ShareConfig.defaultChannels.map(\.rawValue) {
            guard let channel = InviteChannel(rawValue: text) else {
                mapping.reader.invalid(
                    "`\(text)` is not a channel\(DidYouMean.phrase(for: text, among: InviteChannel.allCases.map(\.rawValue)))",
                    at: mapping.location(of: "channels"),
                    fix: "Use: \(InviteChannel.allCases.map(\.rawValue).joined(separator: ", ")).")
                continue
            }
            if !channels.contains(channel) { channels.append(channel) }
        }
        self.channels = channels
    }
}
