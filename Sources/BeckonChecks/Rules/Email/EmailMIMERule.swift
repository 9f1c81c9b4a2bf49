import BeckonDiagnostics
import BeckonMIME
import BeckonRender
import Crypto

/// `email.mime`: every `.eml` parses as `multipart/alternative` with the text part first and the
/// HTML part last, CRLF line ends, no line over 998 octets (RFC 5322), and parts that decode to
/// exactly the `.txt` and `.html` written beside it.
///
/// "Exactly" means the written bytes: each decoded part's SHA-256 is compared with that of its
/// file (the file's line ends made CRLF), not the two as text. A part that differs from its file
/// only in Unicode normalisation (a composed é where the file has e and a combining acute), which
/// reads the same, is reported.
///
/// This reads the message the way a mail server would. A failure here is a bug in Beckon;
/// please report it with the message.
struct EmailMIMERule: EmailRule {
    let id: RuleID = "email.mime"

    func check(_ email: EmailFiles, site: CheckedSite, context: CheckContext) -> [Diagnostic] {
        guard let artifact = email.message else { return [] }
        let message = email.messageFacts ?? ArtifactFacts.MessageFacts(artifact.bytes)
        func part(_ file: Artifact?) -> SHA256.Digest? {
            file.map {
                ArtifactFacts.MessageFacts.digest(
                    EmailMessage.withCRLFLineEnds(String(decoding: $0.bytes, as: UTF8.self)))
            }
        }
        let problem: String?
        if let parseProblem = message.problem {
            problem = parseProblem
        } else if message.mediaTypes != ["text/plain", "text/html"] {
            problem = "its parts are \(message.mediaTypes.joined(separator: ", ")), not text/plain then text/html"
        } else if message.bodyDigests[0] != part(email.text) || message.bodyDigests[1] != part(email.html) {
            problem = "its parts do not decode to the .txt and .html written beside it"
        } else {
            problem = nil
        }
        guard let problem else { return [] }
        var diagnostic = Diagnostic.error(
            id, "\(artifact.path): \(problem)", at: artifact.origin ?? SourceLocation(file: artifact.path),
            fix: "This is a bug in Beckon; please report it with the message.")
        diagnostic.locale = artifact.locale?.rawValue
        diagnostic.sample = artifact.sample
        return [diagnostic]
    }
}
