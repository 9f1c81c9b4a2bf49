import BeckonLocalization
import BeckonProvenance
import BeckonRender
import BeckonSite

/// One email template in one locale, rendered once with stand-ins for the per-invite values and
/// kept as literal bytes with holes: an invite's email is the literals with its values written
/// into the holes, escaped and isolated as the renderer would have, and its plain-text
/// paragraphs that hold a value wrapped again. The Markdown, the locale strings, the styles and
/// the layout are done once per template × locale (and per shape of the values, see
/// `EmailRenderer.shape`), not per email.
struct CompiledEmail: Sendable {
    /// Text with holes.
    struct Text: Sendable, Hashable {
        var literals: [[UInt8]]
        var holes: [EmailHoles.Hole]

        init(_ split: EmailHoles.Split) {
            literals = split.literals
            holes = split.holes
        }

        /// Text without holes.
        init(literal: String) {
            literals = [Array(literal.utf8)]
            holes = []
        }

        var isLiteral: Bool { holes.isEmpty }
    }

    /// A plain-text piece: literal text, or a paragraph holding a value, wrapped once filled.
    enum Piece: Sendable, Hashable {
        case text(Text)
        case paragraph(text: Text, indent: String, firstIndent: String, links: [Text], collapsesSpaces: Bool)
    }

    var locale: LocaleID
    var subject: Text
    var preheader: Text
    var fromName: Text
    var text: [Piece]
    /// The HTML with origin marks, finished once filled (for CJK text, whose spacing and phrase
    /// breaks depend on the letters around them).
    var markedHTML: Text
    /// The HTML finished, with its provenance and where its holes were, when neither the locale
    /// nor the template needs CJK spacing or phrase breaks.
    var finishedHTML: (text: Text, holeRanges: [Range<Int>], provenance: ProvenanceMap)?
    /// The phrase breaks of the text runs that hold no value, marked once (Japanese).
    var knownRuns: PhraseBreakMarkup.KnownRuns = [:]
    /// The provenance origin indices that stand for values, by field.
    var valueOrigins: [Int: EmailValues.Field]

    /// One invite's parts.
    struct Filled {
        var subject: String
        var preheader: String
        var fromName: String
        var html: (bytes: [UInt8], provenance: ProvenanceMap)
        var text: String
    }

    /// The email with `values` filled in; `origin` says where each value was written.
    func fill(_ values: EmailValues, origin: (EmailValues.Field) -> Origin?) -> Filled {
        let rightToLeft = locale.isRightToLeft
        let preheader = string(self.preheader, values)
        let filledHoles = HoleWriter(values: values, rightToLeft: rightToLeft, preheader: preheader)
        let html: (bytes: [UInt8], provenance: ProvenanceMap)
        if let finished = finishedHTML,
            !markedHTML.holes.contains(where: { hole in
                hole.field.map { InlineTagSpacing.containsCJK(values[$0]) } ?? false
            })
        {
            var counts: [Int] = []
            counts.reserveCapacity(finished.text.holes.count)
            let bytes = filledHoles.bytes(finished.text) { counts.append($0) }
            let replacements = zip(finished.holeRanges, counts).map { (range: $0, count: $1) }
            html = (bytes, finished.provenance.edited(replacements: replacements, newOrigins: newOrigins(origin)))
        } else {
            let marked = String(decoding: filledHoles.bytes(markedHTML) { _ in }, as: UTF8.self)
            let finished = EmailRenderer.finishedHTML(marked, locale: locale, knownRuns: knownRuns)
            let markers = finished.provenance.originIndices(of: EmailHoles.markerOrigins)
            html = (
                finished.bytes,
                finished.provenance.edited(
                    replacements: [],
                    newOrigins: Dictionary(
                        uniqueKeysWithValues: markers.map { ($0.index, origin(EmailValues.Field.allCases[$0.wanted])) })
                )
            )
        }
        let text = self.text.map { piece -> String in
            switch piece {
            case .text(let text): return string(text, values)
            case .paragraph(let text, let indent, let firstIndent, let links, let collapsesSpaces):
                return TextPiece.paragraph(
                    text: string(text, values), indent: indent, firstIndent: firstIndent,
                    links: links.map { string($0, values) }, collapsesSpaces: collapsesSpaces
                ).written
            }
        }.joined()
        return Filled(
            subject: string(subject, values), preheader: preheader,
            fromName: string(fromName, values), html: html, text: text)
    }

    private func newOrigins(_ origin: (EmailValues.Field) -> Origin?) -> [Int: Origin?] {
        valueOrigins.mapValues { origin($0) }
    }

    /// Plain text with its holes filled (the preheader's filler is in the HTML only).
    private func string(_ text: Text, _ values: EmailValues) -> String {
        if text.isLiteral { return String(decoding: text.literals[0], as: UTF8.self) }
        let writer = HoleWriter(values: values, rightToLeft: locale.isRightToLeft, preheader: "")
        return String(decoding: writer.bytes(text) { _ in }, as: UTF8.self)
    }
}
