import BeckonDiagnostics
import BeckonSite
import Foundation
import InviteModel

/// What an invite file says its link shows now: the model's own answer (`Invite.resolve(at:)`)
/// when the file is what `beckon invite new` prints (the invite's `status` and `expiresAt`), else
/// a pending invite that expires `expiry.days` after its `createdAt`.
struct InviteState {
    var answer: LinkResolution
    /// Where the status or time that decided it is written in the file.
    var location: SourceLocation?

    static func resolution(of source: SourceText, sample: InviteValues, site: Site, at date: Date) -> InviteState {
        if let object = try? JSONSerialization.jsonObject(with: Data(source.text.utf8)) as? [String: Any],
            let model = object["invite"] as? [String: Any],
            let data = try? JSONSerialization.data(withJSONObject: model),
            let invite = try? InviteJSON.decode(data)
        {
            let answer = invite.resolve(at: date)
            let key =
                invite.status == .created || invite.status == .sent || invite.status == .opened ? "expiresAt" : "status"
            return InviteState(answer: answer, location: location(ofModelKey: key, in: source))
        }
        let expires = sample.createdAt.addingTimeInterval(TimeInterval(site.config.expiryDays) * 86_400)
        return InviteState(
            answer: date >= expires ? .expired : .landing,
            location: sample.fieldLocations["createdAt"] ?? SourceLocation(file: source.path))
    }

    /// Where `key` of the `invite` object is written, as the located parser read the file.
    static func location(ofModelKey key: String, in source: SourceText) -> SourceLocation? {
        let model = YAMLParser.parse(source).0?.entries?.first { $0.key == "invite" }?.value
        return model?.entries?.first { $0.key == key }?.keyLocation
    }
}
