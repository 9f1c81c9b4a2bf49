import BeckonDiagnostics
import BeckonRender

/// `message.empty`: a share message has something to say. An empty string (or one of only spaces
/// and isolation marks) would open the messaging app with nothing filled in, and writes a 0-byte
/// file (seed 002 3.2: message templates are non-empty).
///
/// Write the message, or remove the key (and the context or sample that reads it).
struct MessageEmptyRule: TextRule {
    let id: RuleID = "message.empty"

    func check(_ artifact: Artifact, text: String, context: CheckContext) -> [Finding] {
        guard artifact.kind == .shareMessage else { return [] }
        let visible = text.unicodeScalars.contains { scalar in
            !scalar.properties.isWhitespace && !Bidi.isIsolationMark(Character(scalar))
        }
        guard !visible else { return [] }
        return [
            Finding(
                "the share message is empty in \(artifact.locale?.rawValue ?? "")", line: 1,
                fix: "Write the message; an empty one opens the messaging app with nothing to send.")
        ]
    }
}
