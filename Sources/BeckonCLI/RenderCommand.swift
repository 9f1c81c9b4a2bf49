import ArgumentParser
import BeckonBuild
import BeckonDiagnostics
import BeckonInvitePages
import BeckonRender
import BeckonSite
import BeckonWeb
import Foundation

/// `beckon render`: one personalised artifact for one invite, as an invite service or a manual
/// send needs it.
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one email, preview card or landing page for one invite.",
        discussion: """
            The invite file is JSON with the keys of a sample invite in beckon.yml (id, \
            inviterFirstName, inviterName, inviteeFirstName, inviteeEmail, context, contextID, \
            contextTitle, code, createdAt, avatar). The site is rendered and checked for that invite \
            alone; the files are written to --output, by default a new folder render-KIND in the \
            current folder (render-KIND-2 and so on when it exists), never into the site folder \
            itself. Emails get today's date and a fresh Message-ID, as for a real send. A landing page \
            is the invite's own page as beckon serve answers its link, with root-relative URLs made \
            absolute to app.baseURL so the folder passes `beckon lint --site SITE DIR`. An invite \
            that is cancelled, accepted or past its expiry (the status and expiresAt of what \
            `beckon invite new` prints, or createdAt plus expiry.days) is refused (render.state).

            Example: beckon render --kind email --invite maya.json --locale de-DE --output out/
            """)

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case email, ogCard = "og-card", landing
    }

    @OptionGroup var options: SiteOptions

    @Option(name: .long, help: "What to render: email, og-card or landing.")
    var kind: Kind

    @Option(name: .long, help: ArgumentHelp("The invite, as a JSON file.", valueName: "file"))
    var invite: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where to write the files (default: a new folder render-KIND here; never the site folder).",
            valueName: "dir"))
    var output: String?

    func run() async throws {
        // Checked first: the files never land among the site's own.
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let folder = output.map { URL(fileURLWithPath: $0, relativeTo: current) } ?? Self.newFolder(kind, in: current)
        if folder.standardizedFileURL.resolvingSymlinksInPath().path
            == options.siteURL.standardizedFileURL.resolvingSymlinksInPath().path
        {
            throw fail(
                "render.output", "--output is the site folder, where the rendered files would sit among its sources",
                fix: "Pass another folder, or leave --output out for a new folder `render-\(kind.rawValue)` here.")
        }
        let inviteURL = URL(fileURLWithPath: invite, relativeTo: current)
        let source: SourceText
        switch Self.readInvite(inviteURL, path: invite) {
        case .success(let text): source = text
        case .failure(let diagnostic):
            print(
                options.format.render(
                    DiagnosticReport([diagnostic]), sources: SourceStore(), color: false,
                    toolVersion: BeckonCommand.version),
                terminator: "")
            throw ExitCode(1)
        }
        let sources = SourceStore()
        sources.addPersonal(source)
        let now = Date()
        let (parsed, inviteDiagnostics) = InviteValues.parse(source, now: now)
        var buildOptions = options.buildOptions(output: nil, keepGoing: false, write: false)
        buildOptions.invite = parsed
        buildOptions.sendDate = now
        // With --cache, what does not depend on the invite (the site loaded, its strings, layouts and
        // checks prepared) is reused from the last run.
        let result: BuildResult? =
            parsed == nil
            ? nil
            : await Pipeline(
                options: buildOptions, sources: sources, engine: cachedEngine(buildOptions, forOneRun: true)
            ).run()
        // Nothing printed may repeat the invite's personal data.
        let personal = [
            parsed?.inviterFirstName, parsed?.inviterName, parsed?.inviteeFirstName, parsed?.inviteeEmail.address,
            parsed?.contextTitle, parsed?.contextID, parsed?.phone?.e164, parsed?.phone?.digits,
            parsed?.instagram?.name,
        ].compactMap { $0 }
        var report = DiagnosticReport(inviteDiagnostics + (result?.report.diagnostics ?? [])).redacting(personal)
        // A finding about another file the site builds (a share message's length, say) does not
        // stop this one being rendered: it is reported as a warning.
        let wantedKinds = Self.kinds(kind)
        let written = Set((result?.artifacts ?? []).filter { wantedKinds.contains($0.kind) }.map(\.path))
        report.transform { diagnostic in
            let files = diagnostic.allOccurrences.compactMap(\.artifact)
            guard diagnostic.severity == .error, !files.isEmpty, !files.contains(where: written.contains) else {
                return
            }
            diagnostic.severity = .warning
            diagnostic.notes.append("in a file `render --kind \(kind.rawValue)` does not write")
        }
        print(
            options.format.render(report, sources: sources, color: false, toolVersion: BeckonCommand.version),
            terminator: "")
        guard let result, let sample = parsed, !report.hasErrors, let pages = result.invitePages else {
            throw ExitCode(1)
        }
        // An invite whose link would not show what is asked for is not rendered as if it did.
        let resolution = InviteState.resolution(of: source, sample: sample, site: pages.site, at: now)
        if resolution.answer != .landing {
            print(
                options.format.render(
                    DiagnosticReport([Self.refusal(resolution, kind: kind, file: invite)]), sources: sources,
                    color: false, toolVersion: BeckonCommand.version),
                terminator: "")
            throw ExitCode(1)
        }
        let wanted = wantedKinds
        var chosen = result.artifacts.filter { artifact in
            wanted.contains(artifact.kind) && artifact.sample == sample.id
                && (options.locales.isEmpty || options.locales.contains(artifact.locale?.rawValue ?? ""))
        }
        guard !chosen.isEmpty else {
            throw ValidationError("the site renders no \(kind.rawValue) for this invite")
        }
        if kind == .landing {
            do {
                chosen = try landingPages(chosen, invite: sample, pages: pages)
            } catch let failure as PageFailure {
                print(
                    options.format.render(
                        DiagnosticReport([failure.diagnostic]), sources: sources, color: false,
                        toolVersion: BeckonCommand.version),
                    terminator: "")
                throw ExitCode(1)
            }
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for artifact in chosen {
            // With several locales, each file names its locale: `de-DE.invite.html`.
            let prefix = options.locales.count == 1 ? "" : artifact.locale.map { "\($0)." } ?? ""
            let name =
                prefix + (artifact.kind == .landing ? "index.html" : (artifact.path as NSString).lastPathComponent)
            try Data(artifact.bytes).write(to: folder.appendingPathComponent(name), options: .atomic)
            print("Wrote \(folder.appendingPathComponent(name).path)")
        }
    }

    /// The invite's own landing page in each locale of `built` (the build's sample pages for it),
    /// as `beckon serve` answers its link: at the locale's URL, with the locale's card, and with
    /// every root-relative URL made absolute to the site, so the folder links nothing it lacks.
    private func landingPages(_ built: [Artifact], invite: InviteValues, pages: InvitePages) throws -> [Artifact] {
        let link = pages.sampleLink(invite.id) ?? pages.site.config.links.url(code: invite.code.rawValue)
        let origin = pages.site.config.app.baseURL.origin
        return try built.map { artifact in
            guard let locale = artifact.locale else { return artifact }
            switch pages.page(.landing, locale: locale, invite: invite, link: link) {
            case .page(var page):
                page.bytes = AbsoluteLinks.absolutized(page.bytes, origin: origin)
                return page
            case .failed(let rules):
                // Located at the invite: its values are what made the page fail (the names are
                // not repeated; the rules are).
                throw PageFailure(
                    diagnostic: .error(
                        "render.failed",
                        "the \(locale) landing page for this invite fails \(rules.map(\.rawValue).joined(separator: ", "))",
                        at: invite.location,
                        fix: "Run `beckon check` on the site with this invite as a sample to see the findings."))
            case .notPersonal:
                return artifact
            }
        }
    }

    /// A landing page for the invite that fails the page rules.
    private struct PageFailure: Error {
        let diagnostic: Diagnostic
    }

    /// The finding for an invite whose link shows another page than the one asked for.
    static func refusal(_ state: InviteState, kind: Kind, file: String) -> Diagnostic {
        let shows: String
        switch state.answer {
        case .gone: shows = "is cancelled: its link answers the gone page (410)"
        case .expired: shows = "has expired: its link answers the expired page"
        case .alreadyAccepted: shows = "was accepted: its link answers the already-accepted page"
        case .landing: shows = "is pending"
        }
        return .error(
            "render.state", "the invite \(shows), so it gets no \(kind.rawValue)",
            at: state.location ?? SourceLocation(file: file),
            fix: "Render only pending invites; `beckon serve` answers the others' links with their own page.")
    }

    /// `render-KIND` in `folder`, or the first of `render-KIND-2`, `-3`, … that does not exist yet.
    static func newFolder(_ kind: Kind, in folder: URL) -> URL {
        let name = "render-\(kind.rawValue)"
        var candidate = folder.appendingPathComponent(name)
        var number = 2
        while FileManager.default.fileExists(atPath: candidate.path) {
            candidate = folder.appendingPathComponent("\(name)-\(number)")
            number += 1
        }
        return candidate
    }

    /// Reads an invite file as site text is read: it must exist, stay under the text size limit and
    /// be valid UTF-8 without reserved characters.
    static func readInvite(_ url: URL, path: String) -> Result<SourceText, Diagnostic> {
        let location = SourceLocation(file: path)
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= InputReader.textSizeLimit else {
            return .failure(
                .error(
                    "input.too-large", "`\(path)` is \(size / 1024) KB, over the 1 MB limit for an invite file",
                    at: location, fix: "An invite file holds one invite's fields; check that it is the file you meant.")
            )
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return .failure(
                .error(
                    "input.missing-file", "the invite file `\(path)` does not exist or cannot be read", at: location,
                    fix: "Pass a JSON file with the keys of a sample invite (`beckon invite new` prints one)."))
        }
        return InputReader.decode(Array(data), path: path).map { SourceText(path: path, text: $0) }
    }

    /// The artifact kinds a kind of render writes.
    static func kinds(_ kind: Kind) -> Set<ArtifactKind> {
        switch kind {
        case .email: [.emailHTML, .emailText, .emailMIME, .emailSidecar]
        case .ogCard: [.ogCard]
        case .landing: [.landing]
        }
    }
}
