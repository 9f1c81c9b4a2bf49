import BeckonLocalization
import BeckonProvenance
import BeckonRender
import BeckonSite
import BeckonText

extension EmailRenderer {
    /// What the locale strings of a template × locale do with the values: which select keywords
    /// they compare each value with, and whether one is read as a number or date (then the
    /// template is rendered whole for every invite).
    struct Profile: Sendable {
        var keywords: [EmailValues.Field: Set<String>] = [:]
        var compiles = true
    }

    /// The argument each field is passed to locale strings as.
    private static let argumentFields: [String: EmailValues.Field] = [
        "inviter": .inviterFirstName, "inviterName": .inviterName, "invitee": .inviteeFirstName,
        "contextTitle": .contextTitle, "link": .link, "inviterGender": .inviterGender,
    ]

    /// `template` in `locale` compiled for emails whose values have the shape of `values` (compiled
    /// the second time it is asked for, see `CompiledEmails`); `nil` when it is rendered whole.
    /// Either way the locale strings it read are recorded on the computation running here.
    func compiled(_ template: EmailTemplate, locale: LocaleID, values: EmailValues) -> CompiledEmail? {
        let profile = compiledEmails.profile(template: template.name, locale: locale) {
            self.profile(template, locale: locale)
        }
        guard profile.compiles else { return nil }
        let shape = Self.shape(values, profile: profile)
        return compiledEmails.email(template: template.name, locale: locale, shape: shape) {
            compile(template, locale: locale, shape: shape)
        }
    }

    private func profile(_ template: EmailTemplate, locale: LocaleID) -> Profile {
        var profile = Profile()
        func visit(_ message: Message) {
            for part in message.parts {
                switch part {
                case .literal, .pound, .argument: break
                case .number(let name, _), .date(let name, _), .time(let name, _):
                    if Self.argumentFields[name] != nil { profile.compiles = false }
                case .plural(let name, _, _, let cases):
                    if Self.argumentFields[name] != nil { profile.compiles = false }
                    cases.forEach { visit($0.message) }
                case .select(let name, let cases):
                    if let field = Self.argumentFields[name] {
                        profile.keywords[field, default: []].formUnion(cases.map(\.keyword))
                    }
                    cases.forEach { visit($0.message) }
                }
            }
        }
        let keys = template.messageKeys.map { MessageKey($0.key) } + Self.footerKeys
        for key in keys {
            if let found = catalog.message(key, in: locale) { visit(found.message) }
        }
        return profile
    }

    /// For each field, the value itself where the strings may treat it apart (empty, or a select
    /// keyword), or `nil` for a value that only fills a hole.
    static func shape(_ values: EmailValues, profile: Profile) -> [String?] {
        EmailValues.Field.allCases.map { field in
            let value = values[field]
            return value.isEmpty || profile.keywords[field]?.contains(value) == true ? value : nil
        }
    }

    /// Renders the template with stand-ins of each length and keeps what they share; `nil` when
    /// anything besides the stand-ins differs, or the template has findings.
    private func compile(_ template: EmailTemplate, locale: LocaleID, shape: [String?]) -> CompiledEmail? {
        let drafts = EmailHoles.lengths.indices.map { variant in
            let values = EmailValues(
                values: EmailValues.Field.allCases.map {
                    shape[$0.rawValue] ?? EmailHoles.standIn($0, variant: variant)
                })
            return draft(
                template, scope: scope(locale: locale, values: values, origin: EmailHoles.origin),
                fillerMark: EmailHoles.fillerMark)
        }
        guard drafts.allSatisfy({ $0.diagnostics.isEmpty }) else { return nil }
        func text(_ part: (Draft) -> String, html: Bool = false) -> CompiledEmail.Text? {
            let splits = drafts.map { EmailHoles.split(Array(part($0).utf8), html: html) }
            guard let first = splits[0],
                splits.dropFirst().allSatisfy({ $0?.literals == first.literals && $0?.holes == first.holes })
            else { return nil }
            return CompiledEmail.Text(first)
        }
        guard let subject = text(\.subject), let preheader = text(\.preheader), let fromName = text(\.fromName),
            let markedHTML = text(\.markedHTML, html: true), let pieces = textPieces(drafts.map(\.text))
        else { return nil }
        var compiled = CompiledEmail(
            locale: locale, subject: subject, preheader: preheader, fromName: fromName, text: pieces,
            markedHTML: markedHTML, finishedHTML: nil, valueOrigins: [:])
        if LineBreaks.breaksByPhrase(locale.rawValue) {
            var known = PhraseBreakMarkup.KnownRuns()
            _ = PhraseBreakMarkup.marked(
                InlineTagSpacing.apply(drafts[0].markedHTML), locale: locale.rawValue,
                learn: { run, marked in if !EmailHoles.containsStandIn(run) { known[run] = marked } })
            compiled.knownRuns = known
        }
        // Without CJK letters or phrase breaks, finishing the HTML only takes its marks out: done
        // once here, with the holes found again in the finished bytes.
        if !LineBreaks.breaksByPhrase(locale.rawValue), !InlineTagSpacing.containsCJK(drafts[0].markedHTML) {
            let (bytes, provenance) = OriginMarks.strip(drafts[0].markedHTML)
            guard let split = EmailHoles.split(bytes, html: true), split.holes == markedHTML.holes else { return nil }
            compiled.finishedHTML = (CompiledEmail.Text(split), split.ranges, provenance)
            compiled.valueOrigins = Dictionary(
                uniqueKeysWithValues: provenance.originIndices(of: EmailHoles.markerOrigins).map {
                    ($0.index, EmailValues.Field.allCases[$0.wanted])
                })
        }
        return compiled
    }

    /// The plain-text pieces of the drafts as one compiled list: pieces without a hole written
    /// out (paragraphs wrapped), the others kept to be filled; `nil` when the drafts differ
    /// anywhere but in their stand-ins.
    private func textPieces(_ drafts: [[TextPiece]]) -> [CompiledEmail.Piece]? {
        guard let first = drafts.first, drafts.allSatisfy({ $0.count == first.count }) else { return nil }
        func shared(_ texts: [String]) -> CompiledEmail.Text? {
            let splits = texts.map { EmailHoles.split(Array($0.utf8), html: false) }
            guard let one = splits[0],
                splits.dropFirst().allSatisfy({ $0?.literals == one.literals && $0?.holes == one.holes })
            else { return nil }
            return CompiledEmail.Text(one)
        }
        var pieces: [CompiledEmail.Piece] = []
        for (index, piece) in first.enumerated() {
            let variants = drafts.map { $0[index] }
            switch piece {
            case .text:
                let texts = variants.compactMap { variant -> String? in
                    if case .text(let text) = variant { return text }
                    return nil
                }
                guard texts.count == variants.count, let text = shared(texts) else { return nil }
                pieces.append(.text(text))
            case .paragraph(_, let indent, let firstIndent, let links, let collapses):
                let paragraphs = variants.compactMap { variant -> (text: String, links: [String])? in
                    guard case .paragraph(let text, indent, firstIndent, let links, collapses) = variant else {
                        return nil
                    }
                    return (text, links)
                }
                guard paragraphs.count == variants.count, paragraphs.allSatisfy({ $0.links.count == links.count }),
                    let text = shared(paragraphs.map(\.text))
                else { return nil }
                let linkTexts = links.indices.map { link in shared(paragraphs.map { $0.links[link] }) }
                guard !linkTexts.contains(where: { $0 == nil }) else { return nil }
                let compiledLinks = linkTexts.map { $0! }
                if text.isLiteral && compiledLinks.allSatisfy(\.isLiteral) {
                    pieces.append(.text(CompiledEmail.Text(literal: piece.written)))
                } else {
                    pieces.append(
                        .paragraph(
                            text: text, indent: indent, firstIndent: firstIndent, links: compiledLinks,
                            collapsesSpaces: collapses))
                }
            }
        }
        return pieces
    }
}
