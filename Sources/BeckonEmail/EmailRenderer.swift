import BeckonDiagnostics
import BeckonLocalization
import BeckonMIME
import BeckonMarkdown
import BeckonProvenance
import BeckonRender
import BeckonSite
import BeckonText
import Crypto
import Foundation
import InviteModel

/// Renders a site's emails: for each template, locale and sample invite, the HTML part, the
/// plain-text part (from the same Markdown tree, not from the HTML), the MIME message and a JSON
/// sidecar for an email service provider.
public struct EmailRenderer: Sendable {
    public let site: Site
    public let catalog: Catalog
    /// The link each sample's accept button opens, by sample id: the signed invite link, or the
    /// accept URL with a token.
    public let acceptLinks: [String: String]
    /// For a real send, the `Date` header; messages then get a random `Message-ID`. Builds leave
    /// it `nil`: the date is the sample's `createdAt` and the id a hash of the content.
    public let sendDate: Date?
    /// The styles of each build locale's emails, made once (for a site with email templates: a
    /// draft in a locale not here makes its own).
    private let stylesByLocale: [LocaleID: EmailStyles]
    /// Each template × locale compiled once (`CompiledEmail`), for this renderer's site and strings.
    let compiledEmails = CompiledEmails()
    /// The URL schemes links may use besides the web's: the app's own.
    let appSchemes: Set<String>

    /// The locale keys of an email's footer: every transactional email's, and a non-transactional
    /// one's when the site has them.
    public static let footerKeys: [MessageKey] = ["email.footer.why", "email.footer.ignore", "email.footer.support"]

    public init(site: Site, catalog: Catalog, acceptLinks: [String: String], sendDate: Date? = nil) {
        self.site = site
        self.catalog = catalog
        self.acceptLinks = acceptLinks
        self.sendDate = sendDate
        appSchemes = Set(site.config.app.urlScheme.map { [$0.lowercased()] } ?? [])
        stylesByLocale = Dictionary(
            (site.emailTemplates.isEmpty ? [] : site.buildLocales).map {
                ($0, Self.styles(site.config.theme, locale: $0))
            }, uniquingKeysWith: { a, _ in a })
    }

    private static func styles(_ theme: ThemeConfig, locale: LocaleID) -> EmailStyles {
        EmailStyles(
            theme: theme, rightToLeft: locale.isRightToLeft, keepsPhrases: LineBreaks.breaksByPhrase(locale.rawValue))
    }

    /// The output folder of a sample's emails in a locale.
    public static func folder(locale: LocaleID, sample: String) -> String { "emails/\(locale)/\(sample)" }

    /// Every email to render: each template in each build locale with each sample invite.
    public func routes() -> [(template: EmailTemplate, locale: LocaleID, sample: InviteValues)] {
        site.emailTemplates.flatMap { template in
            site.buildLocales.flatMap { locale in site.config.samples.map { (template, locale, $0) } }
        }
    }

    /// Checks a template once before rendering: placeholders name values or strings, strings use
    /// known arguments, and a transactional email's footer strings exist.
    public func validate(_ template: EmailTemplate) -> [Diagnostic] {
        guard let locale = site.buildLocales.first else { return [] }
        if site.config.samples.isEmpty {
            return [
                .warning(
                    "template.no-samples",
                    "`\(template.name)` is not rendered: emails go to sample invites and there are none",
                    at: SourceLocation(file: template.path), fix: "Add a sample invite under `samples` in beckon.yml.")
            ]
        }
        let scope = self.scope(locale: locale, sample: site.config.samples[0], template: template)
        var diagnostics: [Diagnostic] = []
        for placeholder in template.placeholders where placeholder.namespace != "t" {
            guard scope.values[placeholder.path] == nil else { continue }
            diagnostics.append(scope.unknownPlaceholder(placeholder, documentation: "docs/emails.md"))
        }
        var keys = template.messageKeys.map { (MessageKey($0.key), $0.location) }
        // A transactional email must say why it was sent; another shows the footer when the site has it.
        if template.transactional {
            keys += Self.footerKeys.map { ($0, SourceLocation(file: template.path)) }
        }
        for (key, location) in keys where !catalog.contains(key, in: locale) {
            diagnostics.append(catalog.missingKey(key, at: location))
        }
        let known = MessageArguments.names.union(template.notify == .joinedDigest ? MessageArguments.digestNames : [])
        for key in Set(keys.map(\.0)).sorted() {
            diagnostics += catalog.unknownArguments(key: key, known: known)
        }
        return diagnostics
    }

    /// Renders one email as its four artifacts. `send` renders it for a real invite (see
    /// `render(_:locale:sample:send:)`).
    public func artifacts(
        _ template: EmailTemplate, locale: LocaleID, sample: InviteValues, send: Send? = nil
    ) -> ([Artifact], [Diagnostic]) {
        let (rendered, diagnostics) = render(template, locale: locale, sample: sample, send: send)
        guard let rendered else { return ([], diagnostics) }
        return (artifacts(of: rendered, template, locale: locale, sample: sample), diagnostics)
    }

    /// A rendered email as its four artifacts: the HTML and text parts, the MIME message and the
    /// sidecar.
    public func artifacts(
        of rendered: RenderedEmail, _ template: EmailTemplate, locale: LocaleID, sample: InviteValues
    ) -> [Artifact] {
        let base = "\(Self.folder(locale: locale, sample: sample.id))/\(template.name)"
        func artifact(_ suffix: String, _ kind: ArtifactKind, _ type: String, _ bytes: [UInt8]) -> Artifact {
            Artifact(
                path: base + suffix, kind: kind, locale: locale, template: template.path,
                context: sample.context.rawValue, sample: sample.id, contentType: type, bytes: bytes,
                origin: SourceLocation(file: template.path, line: template.bodyStartLine))
        }
        return [
            {
                var html = artifact(".html", .emailHTML, "text/html; charset=utf-8", Array(rendered.html.utf8))
                html.provenance = rendered.provenance
                return html
            }(),
            {
                var text = artifact(".txt", .emailText, "text/plain; charset=utf-8", Array(rendered.text.utf8))
                text.provenance = ProvenanceMap.borrowed(
                    from: Array(rendered.html.utf8), map: rendered.provenance, into: text.bytes)
                return text
            }(),
            artifact(".eml", .emailMIME, "message/rfc822", rendered.mime),
            artifact(".json", .emailSidecar, "application/json", Self.sidecar(rendered)),
        ]
    }

    /// What makes an email one real invite's rather than a sample's: the link its button opens
    /// and, for a message sent now, the `Date` header (with a random `Message-ID`).
    public struct Send: Sendable {
        /// The signed invite link, or the accept URL with the invite's token.
        public var acceptLink: String
        /// The `Date` header; `nil` stamps the message from the invite's creation time, as the
        /// build stamps a sample's.
        public var date: Date?
        /// The local part of the `Message-ID` (before `@` and the site's host) of a message sent
        /// again after a failed attempt, which must stay one message; `nil` draws a random one.
        public var messageID: String?

        /// Where it goes, for an email to the inviter (a sample's goes to a stand-in address).
        public var inviterEmail: EmailAddress?
        /// For a digest (`notify: joined-digest`), the first names of the invitees it lists.
        public var clients: [String]?
        /// For a non-transactional email, the one-click unsubscribe URL of its recipient
        /// (`List-Unsubscribe`); a build's stands in for it (`unsubscribeStandIn`).
        public var unsubscribeURL: String?

        public init(
            acceptLink: String, date: Date?, messageID: String? = nil, inviterEmail: EmailAddress? = nil,
            clients: [String]? = nil, unsubscribeURL: String? = nil
        ) {
            self.acceptLink = acceptLink
            self.date = date
            self.messageID = messageID
            self.inviterEmail = inviterEmail
            self.clients = clients
            self.unsubscribeURL = unsubscribeURL
        }
    }

    /// Renders one email. With `send`, `sample` is a real invite and the email carries its own
    /// accept link and stamp instead of the build's. From the second email of a template × locale
    /// on, it is filled in from the template compiled once for the locale (`CompiledEmail`) where
    /// the template allows; otherwise it is rendered whole. Both give the same bytes.
    public func render(
        _ template: EmailTemplate, locale: LocaleID, sample: InviteValues, send: Send? = nil
    ) -> (RenderedEmail?, [Diagnostic]) {
        let link = send?.acceptLink ?? acceptLinks[sample.id] ?? site.config.links.url(code: sample.code.rawValue)
        let values = EmailValues(sample: sample, link: link)
        // A value with the characters origin marks are made of, or a link a template could refuse,
        // is left to the whole rendering, which treats them as it always has; so is a digest,
        // whose list is not one of the compiled email's holes.
        if template.notify != .joinedDigest, values.fitsCompiledEmails(appSchemes: appSchemes),
            let compiled = compiled(template, locale: locale, values: values)
        {
            let origins = RenderOrigins(config: site.configLocations, catalog: catalog)
            let filled = compiled.fill(values, origin: { valueOrigin($0, sample: sample, origins: origins) })
            return finish(
                template, locale: locale, sample: sample, send: send, subject: filled.subject,
                preheader: filled.preheader, fromName: filled.fromName, html: filled.html, text: filled.text,
                diagnostics: [])
        }
        return renderWhole(template, locale: locale, sample: sample, send: send)
    }

    /// Renders one email from its template, without a compiled form.
    func renderWhole(
        _ template: EmailTemplate, locale: LocaleID, sample: InviteValues, send: Send? = nil
    ) -> (RenderedEmail?, [Diagnostic]) {
        var scope = scope(locale: locale, sample: sample, template: template, link: send?.acceptLink)
        if template.notify == .joinedDigest {
            scope.arguments.merge(
                MessageArguments.digestValues(
                    send?.clients ?? MessageArguments.sampleClients(for: sample, samples: site.config.samples),
                    locale: locale),
                uniquingKeysWith: { _, digest in digest })
        }
        let draft = draft(template, scope: scope)
        return finish(
            template, locale: locale, sample: sample, send: send, subject: draft.subject, preheader: draft.preheader,
            fromName: draft.fromName, html: Self.finishedHTML(draft.markedHTML, locale: locale),
            text: TextPiece.written(draft.text), diagnostics: draft.diagnostics)
    }

    /// An email's parts before its HTML is finished: what compiling and rendering share.
    struct Draft {
        var subject: String
        var preheader: String
        var fromName: String
        /// The HTML part with origin marks, before `finishedHTML`.
        var markedHTML: String
        var text: [TextPiece]
        var diagnostics: [Diagnostic]
    }

    /// The parts of an email in `scope`.
    /// - Parameter fillerMark: Written instead of the preheader's filler, whose length follows the
    ///   preheader's (a compiled email writes it once the values are in).
    func draft(_ template: EmailTemplate, scope: RenderScope, fillerMark: String? = nil) -> Draft {
        let locale = scope.locale
        let rightToLeft = locale.isRightToLeft
        let styles = stylesByLocale[locale] ?? Self.styles(site.config.theme, locale: locale)
        func plain(_ key: String) -> String {
            scope.message(MessageKey(key)).map { MessageRenderer.plainText($0, rightToLeft: rightToLeft) } ?? ""
        }
        let subject = plain(template.subjectKey)
        let preheader = plain(template.preheaderKey)
        let (body, bodyDiagnostics) = TemplateBodyRenderer.html(
            document: template.document, startLine: template.bodyStartLine, source: template.source, scope: scope,
            styles: styles.body,
            paragraph: { node in
                template.component(in: node).map { componentHTML($0, scope: scope, styles: styles) }
            })
        let writer = EmailTextWriter(scope: scope, template: template, rightToLeft: rightToLeft)
        let footerMessages = Self.footerKeys.compactMap { scope.message($0) }
        let origins = RenderOrigins(config: site.configLocations, catalog: catalog)
        let footer = footerMessages.map { message in
            styles.smallPrintParagraph(
                OriginMarks.wrap(
                    MessageRenderer.html(
                        message, appSchemes: scope.appSchemes, styles: styles.smallPrint, isolation: scope.isolation),
                    in: origins.string(message.key, in: locale)))
        }.joined()
        let logo = site.config.email?.logo.map { logo in
            (site.config.app.baseURL.appending(path: "/" + logo.path), logo)
        }
        var document = EmailDocument(
            locale: locale, subject: subject, preheader: preheader, body: body, footer: footer, logo: logo,
            styles: styles)
        document.fillerMark = fillerMark
        document.origins = EmailDocument.Origins(
            subject: origins.string(MessageKey(template.subjectKey), in: locale),
            preheader: origins.string(MessageKey(template.preheaderKey), in: locale),
            logo: origins.setting("email.logo.path"))
        var text = writer.pieces(template.document)
        if !footerMessages.isEmpty {
            text +=
                [.text("\n--\n")]
                + TextPiece.joined(footerMessages.map { [writer.messageParagraph($0, indent: "")] }, separator: "\n\n")
                + [.text("\n")]
        }
        let fromName =
            template.fromNameKey.flatMap { scope.message(MessageKey($0)) }.map { MessageRenderer.plainText($0) }
            ?? site.config.app.name
        return Draft(
            subject: subject, preheader: preheader, fromName: fromName, markedHTML: document.html, text: text,
            diagnostics: bodyDiagnostics)
    }

    /// The HTML part as sent, from the HTML with origin marks: spaced at inline tags touching CJK
    /// letters, Japanese phrase breaks marked, the marks taken out into a provenance map.
    /// - Parameter knownRuns: Text runs whose phrase breaks were marked before (a compiled email's fixed text).
    static func finishedHTML(
        _ marked: String, locale: LocaleID, knownRuns: PhraseBreakMarkup.KnownRuns = [:]
    ) -> (bytes: [UInt8], provenance: ProvenanceMap) {
        OriginMarks.strip(
            PhraseBreakMarkup.marked(InlineTagSpacing.apply(marked), locale: locale.rawValue, known: knownRuns))
    }

    /// The email from its finished parts: the MIME message written, diagnostics named for the sample.
    private func finish(
        _ template: EmailTemplate, locale: LocaleID, sample: InviteValues, send: Send?, subject: String,
        preheader: String, fromName: String, html: (bytes: [UInt8], provenance: ProvenanceMap), text: String,
        diagnostics: [Diagnostic]
    ) -> (RenderedEmail?, [Diagnostic]) {
        let htmlText = String(decoding: html.bytes, as: UTF8.self)
        var diagnostics = diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.sample = sample.id
            return diagnostic
        }
        do {
            let mime = try message(
                template, locale: locale, sample: sample, fromName: fromName, subject: subject, html: htmlText,
                text: text, sendDate: send.map(\.date) ?? sendDate, messageID: send?.messageID,
                inviterEmail: send?.inviterEmail, unsubscribeURL: send?.unsubscribeURL)
            return (
                RenderedEmail(
                    subject: subject, preheader: preheader, html: htmlText, text: text, mime: mime,
                    provenance: html.provenance),
                diagnostics
            )
        } catch {
            var diagnostic = Diagnostic.error(
                "email.header", "the email cannot be written: \(error)", at: template.location(of: "subject"),
                fix: "Names, addresses and the subject may not hold line breaks or control characters.")
            diagnostic.locale = locale.rawValue
            diagnostic.sample = sample.id
            diagnostics.append(diagnostic)
            return (nil, diagnostics)
        }
    }

    /// The complete MIME message, stamped deterministically from the sample's creation time.
    private func message(
        _ template: EmailTemplate, locale: LocaleID, sample: InviteValues, fromName: String, subject: String,
        html: String, text: String, sendDate: Date?, messageID: String?, inviterEmail: EmailAddress?,
        unsubscribeURL: String?
    ) throws(EmailError) -> [UInt8] {
        let config = site.config
        let sender = config.email?.from.address ?? config.app.supportEmail
        let recipient: Mailbox =
            switch template.recipient {
            case .invitee: Mailbox(address: sample.inviteeEmail.address, displayName: sample.inviteeFirstName)
            case .inviter:
                Mailbox(
                    address: inviterEmail?.address ?? "inviter.\(sample.id)@\(sample.inviteeEmail.domain)",
                    displayName: sample.inviterName)
            }
        var headers = [HeaderField("Content-Language", locale.rawValue)]
        if template.transactional {
            headers.append(HeaderField("Auto-Submitted", "auto-generated"))
        } else {
            // RFC 8058: a mail client's one-click unsubscribe POSTs to the URL.
            let url = unsubscribeURL ?? Self.unsubscribeStandIn(site.config, sample: sample.id)
            headers += [
                HeaderField("List-Unsubscribe", "<\(url)>"),
                HeaderField("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
            ]
        }
        var email = EmailMessage(
            from: Mailbox(address: sender, displayName: fromName),
            to: recipient,
            replyTo: config.email?.replyTo.map { Mailbox(address: $0.address) },
            subject: subject, textBody: text, htmlBody: html, extraHeaders: headers)
        email.lineEnds = .any
        let domain = config.app.baseURL.host
        let stamp: MessageStamp =
            sendDate.map {
                .live(date: $0, messageID: "\(messageID ?? UUID.random().uuidString.lowercased())@\(domain)")
            }
            ?? .deterministic(date: sample.createdAt, domain: domain)
        return Array(try email.encoded(stamp: stamp))
    }

    /// A built email's unsubscribe URL: its shape, with a token no server made (SHA-256 of the
    /// sample's id, never its address, in base64url), so a built message reads as a sent one.
    static func unsubscribeStandIn(_ config: SiteConfig, sample: String) -> String {
        let digest = SHA256.hash(data: Data("beckon: a built email's unsubscribe link\0\(sample)".utf8))
        let token = Data(digest).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return unsubscribeURL(config, token: token)
    }

    /// The strings of the page the unsubscribe link opens (`beckon serve`), on a site whose emails
    /// are not all transactional; the server says it in English where the site has none.
    public static let unsubscribePageKeys: [MessageKey] = [
        "unsubscribe.title", "unsubscribe.question", "unsubscribe.button", "unsubscribe.done",
    ]

    /// The one-click unsubscribe URL with `token` on the site's host.
    /// On the host's root whatever `app.baseURL`'s path, where the server and its proxy rules
    /// answer it.
    public static func unsubscribeURL(_ config: SiteConfig, token: String) -> String {
        config.app.baseURL.origin + ServerRoutes.unsubscribePrefix + token
    }

    /// The sidecar for an email service provider: `{html, preheader, subject, text}`.
    static func sidecar(_ email: RenderedEmail) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let fields = ["subject": email.subject, "preheader": email.preheader, "html": email.html, "text": email.text]
        return Array((try? encoder.encode(fields)) ?? Data()) + [0x0A]
    }

    private func componentHTML(_ component: EmailComponent, scope: RenderScope, styles: EmailStyles) -> String {
        switch component.kind {
        case .button:
            let label = scope.resolve(component.arguments[0].path)?.plainText ?? ""
            let url = scope.resolve(component.arguments[1].path)?.plainText ?? ""
            return EmailButton.html(label: label, url: url, styles: styles)
        case .divider:
            return styles.rule(margin: "8px 0 24px")
        case .smallprint:
            let value = scope.resolve(component.arguments[0].path)
            return styles.smallPrintParagraph(
                TemplateBodyRenderer.fragment(for: value, scope: scope, styles: styles.smallPrint))
        }
    }
}
