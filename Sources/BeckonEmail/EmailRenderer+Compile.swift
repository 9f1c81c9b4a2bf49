import BeckonEngine
import BeckonLocalization
import BeckonProvenance
import BeckonRender
import BeckonSite
import BeckonText
import Foundation

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
        "contextTitle": .contextTitle, "link": .link,
    ]

    /// `template` in `locale` compiled for emails whose values have the shape of `values`, compiled
    /// on first use; `nil` when it is rendered whole. Either way the locale strings it read are
    /// recorded on the computation running here.
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
        let keys = template.messageKeys.map { MessageKey($0.key) } + (template.transactional ? Self.footerKeys : [])
        for key in keys {
            if let found = catalog.lookup(key, in: locale) { visit(found.entry.message) }
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

    /// Renders the template twice with stand-ins of two lengths and keeps what they share; `nil`
    /// when anything besides the stand-ins differs, or the template has findings.
    private func compile(_ template: EmailTemplate, locale: LocaleID, shape: [String?]) -> CompiledEmail? {
        let drafts = (0...1).map { variant in
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
            guard let first = splits[0], let second = splits[1], first.literals == second.literals,
                first.holes == second.holes
            else { return nil }
            return CompiledEmail.Text(first)
        }
        guard let subject = text(\.subject), let preheader = text(\.preheader), let fromName = text(\.fromName),
            let markedHTML = text(\.markedHTML, html: true), let pieces = textPieces(drafts[0].text, drafts[1].text)
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

    /// The plain-text pieces of both drafts as one compiled list: pieces without a hole written
    /// out (paragraphs wrapped), the others kept to be filled.
    private func textPieces(_ first: [TextPiece], _ second: [TextPiece]) -> [CompiledEmail.Piece]? {
        guard first.count == second.count else { return nil }
        func shared(_ a: String, _ b: String) -> CompiledEmail.Text? {
            guard let one = EmailHoles.split(Array(a.utf8), html: false),
                let other = EmailHoles.split(Array(b.utf8), html: false), one.literals == other.literals,
                one.holes == other.holes
            else { return nil }
            return CompiledEmail.Text(one)
        }
        var pieces: [CompiledEmail.Piece] = []
        for (a, b) in zip(first, second) {
            switch (a, b) {
            case (.text(let one), .text(let other)):
                guard let text = shared(one, other) else { return nil }
                pieces.append(.text(text))
            case (
                .paragraph(let one, let indent, let firstIndent, let links, let collapses),
                .paragraph(let other, let otherIndent, let otherFirstIndent, let otherLinks, let otherCollapses)
            ):
                guard indent == otherIndent, firstIndent == otherFirstIndent, collapses == otherCollapses,
                    let text = shared(one, other), links.count == otherLinks.count
                else { return nil }
                let linkTexts = zip(links, otherLinks).map { shared($0, $1) }
                guard !linkTexts.contains(where: { $0 == nil }) else { return nil }
                let compiledLinks = linkTexts.map { $0! }
                if text.isLiteral && compiledLinks.allSatisfy(\.isLiteral) {
                    pieces.append(.text(CompiledEmail.Text(literal: a.written)))
                } else {
                    pieces.append(
                        .paragraph(
                            text: text, indent: indent, firstIndent: firstIndent, links: compiledLinks,
                            collapsesSpaces: collapses))
                }
            default:
                return nil
            }
        }
        return pieces
    }
}

/// The compiled emails of one renderer, by template, locale and shape of values, each with the
/// locale strings compiling it read. Filled in from any thread.
final class CompiledEmails: @unchecked Sendable {
    private let lock = NSLock()
    private var profiles: [String: (EmailRenderer.Profile, RecordedReads)] = [:]
    private var emails: [[String?]: (CompiledEmail?, RecordedReads)] = [:]
    /// The keys asked for once, not yet compiled.
    private var asked: Set<[String?]> = []

    init() {}

    /// The profile of a template × locale, made by `make` on first use.
    func profile(
        template: String, locale: LocaleID, make: () -> EmailRenderer.Profile
    ) -> EmailRenderer.Profile {
        let key = "\(template)\u{0}\(locale.rawValue)"
        if let (profile, reads) = lock.withLock({ profiles[key] }) {
            reads.record()
            return profile
        }
        let (profile, reads) = RecordedReads.capturing(make)
        lock.withLock { profiles[key] = (profile, reads) }
        return profile
    }

    /// The compiled email of a template × locale for a shape, made by `make` the second time it is
    /// asked for: the first email is rendered whole, as compiling renders twice and a template ×
    /// locale may be needed only once (an edit in the preview re-renders one email).
    func email(
        template: String, locale: LocaleID, shape: [String?], make: () -> CompiledEmail?
    ) -> CompiledEmail? {
        let key = [template, locale.rawValue] + shape
        let (known, firstTime) = lock.withLock { () -> ((CompiledEmail?, RecordedReads)?, Bool) in
            if let known = emails[key] { return (known, false) }
            return (nil, asked.insert(key).inserted)
        }
        if let (email, reads) = known {
            reads.record()
            return email
        }
        guard !firstTime else { return nil }
        let (email, reads) = RecordedReads.capturing(make)
        lock.withLock { emails[key] = (email, reads) }
        return email
    }
}
