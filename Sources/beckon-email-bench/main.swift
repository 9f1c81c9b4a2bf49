import BeckonBuild
import BeckonDiagnostics
import BeckonEmail
import BeckonInvitePages
import BeckonLocalization
import BeckonRender
import BeckonSite
import Dispatch
import Foundation

// Renders the default site's emails (HTML part, text part and MIME message each) and prints emails
// per second, one at a time and on every core at once, then the same emails as `beckon serve`
// makes them for a real invite (its own link, stamped now, checked by the email rules):
// `swift run -c release --scratch-path .build-bench beckon-email-bench [COUNT]`.

let count = max(1, CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 2000)
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

let (loaded, siteDiagnostics) = SiteLoader(root: root, sources: SourceStore()).load()
guard let site = loaded, !siteDiagnostics.contains(where: { $0.severity == .error }) else {
    fatalError("the default site does not load: \(siteDiagnostics)")
}
let (catalog, catalogDiagnostics) = Catalog.load(site)
guard !catalogDiagnostics.contains(where: { $0.severity == .error }) else {
    fatalError("the locale bundles do not load: \(catalogDiagnostics)")
}

/// The emails to render, in turn: every template × locale × sample invite of the site.
struct Workload: Sendable {
    let renderer: EmailRenderer
    let routes: [(template: EmailTemplate, locale: LocaleID, sample: InviteValues)]

    func render(_ index: Int) -> RenderedEmail {
        let route = routes[index % routes.count]
        guard let email = renderer.render(route.template, locale: route.locale, sample: route.sample).0 else {
            fatalError("\(route.template.name) in \(route.locale) for \(route.sample.id) does not render")
        }
        return email
    }
}

// Unsigned links, as a build without `BECKON_LINK_KEY` makes them.
let links = Dictionary(
    uniqueKeysWithValues: site.config.samples.map { ($0.id, site.config.links.url(code: $0.code.rawValue)) })
let renderer = EmailRenderer(site: site, catalog: catalog, acceptLinks: links)
let workload = Workload(renderer: renderer, routes: renderer.routes())
guard !workload.routes.isEmpty else { fatalError("the site has no emails") }

/// Emails per second for `total` emails rendered by `run`.
func perSecond(_ total: Int, _ run: () -> Void) -> Double {
    let start = DispatchTime.now()
    run()
    return Double(total) * 1e9 / Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds)
}

// Warm up (ICU, the catalog's caches) and measure the sizes.
let samples = workload.routes.indices.map { workload.render($0) }
let sequential = perSecond(count) {
    for index in 0..<count { _ = workload.render(index) }
}
let parallel = perSecond(count) { _ = (0..<count).parallelMap { workload.render($0).mime.count } }
// The email `scripts/bench-mrml.py` renders in MJML, alone.
let invitation = workload.routes.firstIndex { $0.locale.rawValue == "en-US" && $0.sample.id == "emoji-name" }
let single = invitation.map { index in
    perSecond(count) { for _ in 0..<count { _ = workload.render(index) } }
}

// Each locale's emails alone: scripts cost differently (Japanese phrase breaks, isolated values).
let perLocale = renderer.site.buildLocales.map { locale in
    let indices = workload.routes.indices.filter { workload.routes[$0].locale == locale }
    return (locale, perSecond(count) { for index in 0..<count { _ = workload.render(indices[index % indices.count]) } })
}

func average(_ size: (RenderedEmail) -> Int) -> String {
    String(format: "%.1f KB", Double(samples.map(size).reduce(0, +)) / Double(samples.count) / 1024)
}
let cores = ProcessInfo.processInfo.activeProcessorCount
print("\(count) emails (\(workload.routes.count) template × locale × sample routes in turn) on \(cores) cores")
print(String(format: "one at a time: %.0f emails/s", sequential))
print(String(format: "in parallel:   %.0f emails/s", parallel))
print(
    "average sizes: HTML \(average { $0.html.utf8.count }), text \(average { $0.text.utf8.count }), MIME \(average { $0.mime.count })"
)
print(
    "per locale, one at a time: "
        + perLocale.map { "\($0.0) " + String(format: "%.0f", $0.1) }.joined(separator: ", ") + " emails/s")
if let index = invitation, let single {
    let email = samples[index]
    let name = workload.routes[index].template.name
    print("en-US emoji-name \(name) alone, one at a time: " + String(format: "%.0f emails/s", single))
    print("its sizes: HTML \(email.html.utf8.count) B, text \(email.text.utf8.count) B, MIME \(email.mime.count) B")
}

// As `beckon serve` makes an invite's email: the build's invite pages, each sample as a real invite
// with its own link, stamped now, and checked by the email rules before it is handed out.
let build = await Pipeline(
    options: BuildOptions(site: root, output: nil, write: false, environment: ProcessInfo.processInfo.environment)
).run()
if let pages = build.invitePages, pages.hasInvitationEmails {
    let invites = pages.site.config.samples.flatMap { sample in pages.site.buildLocales.map { (sample, $0) } }
    func send(_ index: Int) -> Int {
        let (invite, locale) = invites[index % invites.count]
        let link = pages.sampleLink(invite.id) ?? pages.site.config.links.url(code: invite.code.rawValue)
        let made = pages.invitationEmails(
            locale: locale, invite: invite, send: EmailRenderer.Send(acceptLink: link, date: Date()))
        guard made.allSatisfy({ $0.email != nil }) else { fatalError("an invite's email failed \(made)") }
        return made.count
    }
    _ = (0..<invites.count).map(send)
    let checked = perSecond(count) { for index in 0..<count { _ = send(index) } }
    print(String(format: "per invite, rendered as a real send and checked, one at a time: %.0f emails/s", checked))
} else {
    print("per invite: the site has no invitation email, or does not build: \(build.report.diagnostics.prefix(3))")
}
