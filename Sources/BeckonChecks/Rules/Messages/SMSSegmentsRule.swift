import BeckonDiagnostics
import BeckonRender
import InviteModel

/// `sms.segments`: a share message sent by SMS fits the segment limit: `limits.smsSegments` (one by
/// default: seed 000 R6 wants it "under 160 characters, SMS-friendly"), or `limits.smsSegmentsUCS2`
/// (three) when the language itself needs UCS-2 — Arabic, Japanese, Cyrillic letters — where one
/// segment holds only 70 characters.
///
/// Length is measured as a phone measures it: GSM-7 septets (extension characters such as `€`
/// count two) or, as soon as one character is outside GSM-7 — an emoji, a curly quote, any Arabic
/// or Japanese letter — UCS-2 units, with 160/153 and 70/67 per segment. The invite link is
/// measured as it will be sent, signed: built without a link key, the unsigned link counts as long
/// as its signed form (`kid`, `exp`, `v` as configured and a signature of the real length), so the
/// verdict is the same with or without the key. Shorten the message, or replace the character that
/// forces UCS-2.
struct SMSSegmentsRule: TextRule {
    let id: RuleID = "sms.segments"

    /// A character as a reader can find it: itself when visible, its code point when not.
    static func name(_ scalar: Unicode.Scalar) -> String {
        let invisible: Set<Unicode.GeneralCategory> = [.format, .control, .spaceSeparator, .nonspacingMark]
        let code = "U+" + String(scalar.value, radix: 16, uppercase: true)
        return invisible.contains(scalar.properties.generalCategory) ? code : "`\(scalar)` (\(code))"
    }

    func check(_ artifact: Artifact, text written: String, context: CheckContext) -> [Finding] {
        guard artifact.kind == .shareMessage, artifact.path.hasSuffix(".sms.txt") else { return [] }
        let text = context.measuredAsSigned(written)
        let length = SMSLength(text)
        // A message within the smaller limit passes whichever its language takes.
        guard length.segments > min(context.limits.smsSegments, context.limits.smsSegmentsUCS2) else { return [] }
        let languageNeedsUCS2 =
            artifact.locale?.isRightToLeft == true
            || text.unicodeScalars.contains { $0.properties.isAlphabetic && SMSLength.septets($0) == nil }
        let limit = languageNeedsUCS2 ? context.limits.smsSegmentsUCS2 : context.limits.smsSegments
        guard length.segments > limit else { return [] }
        let trigger =
            length.encoding == .ucs2
            ? text.unicodeScalars.first { SMSLength.septets($0) == nil }.map {
                " (\(Self.name($0)) forces UCS-2)"
            }
                ?? "" : ""
        return [
            Finding(
                "the message is \(length.segments) SMS segments in \(artifact.locale?.rawValue ?? "")"
                    + " (\(length.encoding.rawValue), \(length.units) units\(trigger); limit \(limit))",
                line: 1,
                fix: length.encoding == .ucs2
                    ? "Shorten it to \(limit == 1 ? 70 : 67 * limit) UCS-2 units, or avoid characters outside GSM-7."
                    : "Shorten it to \(limit == 1 ? 160 : 153 * limit) characters.")
        ]
    }
}
