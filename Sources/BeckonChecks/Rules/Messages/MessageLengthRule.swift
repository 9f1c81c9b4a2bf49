import BeckonDiagnostics
import BeckonRender

/// `chars.max`: a share message is at most `limits.messageChars` characters (500 by default, seed
/// 002's limit for message templates), counted as people see them (grapheme clusters).
struct MessageLengthRule: TextRule {
    let id: RuleID = "chars.max"

    func check(_ artifact: Artifact, text: String, context: CheckContext) -> [Finding] {
        guard artifact.kind == .shareMessage else { return [] }
        let limit = context.limits.messageChars
        guard text.count > limit else { return [] }
        return [
            Finding(
                "the message is \(text.count) characters in \(artifact.locale?.rawValue ?? "") (limit \(limit))",
                line: 1, fix: "Shorten the message to \(limit) characters.")
        ]
    }
}
