import BeckonDiagnostics
import BeckonRender

/// `card.size`: a preview card is a PNG of exactly 1200×630 pixels and at most 300 KB.
///
/// 1200×630 is the 1.91:1 size every platform crops to; WhatsApp shows no image at all for files
/// over 300 KB. The size is read from the PNG's header, as the crawlers read it.
struct CardSizeRule: ImageRule {
    let id: RuleID = "card.size"
    static let maximumBytes = 300 * 1024

    func check(_ artifact: Artifact, context: CheckContext) -> [Finding] {
        guard artifact.kind == .ogCard else { return [] }
        var findings: [Finding] = []
        let bytes = artifact.bytes
        let isPNG = bytes.count >= 24 && bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        if !isPNG {
            findings.append(Finding("the card is not a PNG", line: 1, fix: "Render cards as PNG."))
        } else {
            let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
            let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
            if width != 1200 || height != 630 {
                findings.append(
                    Finding("the card is \(width)×\(height), not 1200×630", line: 1, fix: "Render cards at 1200×630."))
            }
        }
        if bytes.count > Self.maximumBytes {
            findings.append(
                Finding(
                    "the card is \(bytes.count / 1024) KB, over WhatsApp's 300 KB", line: 1,
                    fix: "Use a smaller avatar or logo, or a flatter background."))
        }
        return findings
    }
}
