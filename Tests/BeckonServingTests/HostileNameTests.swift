import BeckonDiagnostics
import BeckonRender
import BeckonSite
import BeckonTestSupport
import Testing

@testable import BeckonServing

/// Names an attacker (or a careless upload) puts in `static/` or `links.path`: each host's rules
/// quote or encode them so they stay one literal path, and a name no host can hold is refused with
/// a located error. Real nginx and Caddy check the same names in `ServingRulesTests`.
@Suite struct HostileNameTests {
    /// Names that every host can serve; none has an extension, so each gets its own rule.
    static let names = [
        "a b", "q\"x", "it's", "br{x}", "{$HOME}", "{path}", "se;mi", "ha#sh", "do$lar", "$uri", "café", "日本",
        "100%", "a%20b", "back\\slash", "st*r", "qm?x", "[br]", "tick`x",
        "x { } location ~ ^ { return 418; } location = y", "y } respond * 418 { ",
    ]

    static func asset(_ path: String) -> Artifact {
        Artifact(path: path, kind: .asset, contentType: "application/octet-stream", bytes: [])
    }

    static func plan(_ artifacts: [Artifact], _ edit: (String) -> String = { $0 }) throws -> ServingPlan {
        let config = try #require(ServingPlanTests.config(edit).0)
        return ServingPlan(
            config: config, locales: ServingPlanTests.locales, artifacts: ServingPlanTests.artifacts + artifacts)
    }

    /// Every host's files for `plan`.
    static func rules(_ plan: ServingPlan) -> [String] {
        [
            NginxRules.text(plan), CaddyRules.text(plan), NetlifyRules.headers(plan),
            NetlifyRules.redirects(plan, languageConditions: true),
        ]
    }

    @Test(arguments: names)
    func aNameKeepsTheShapeOfEveryRuleFile(name: String) throws {
        let plain = try Self.rules(Self.plan([Self.asset("plain")]))
        let hostile = try Self.plan([Self.asset(name)])
        #expect(hostile.refusals.isEmpty)
        // The same number of lines, and each line the same as the plain name's but for the name.
        for (plain, hostile) in zip(plain, Self.rules(hostile)) {
            #expect(plain.split(separator: "\n").count == hostile.split(separator: "\n").count, "\(name)")
            #expect(!hostile.contains("418") || name.contains("418"))
        }
        let nginx = NginxRules.text(hostile)
        #expect(nginx.contains("location = \(NginxRules.quoted("/" + name)) {\n"))
        let caddy = CaddyRules.text(hostile)
        let pattern = CaddyRules.pattern("/" + name, prefix: false)
        #expect(caddy.contains(" path_regexp \(pattern)\n"))
        // Between its quotes, no character Caddy's lexer or its `{…}` expansion reads.
        #expect(!pattern.dropFirst(2).dropLast(2).contains { " \"{}$`#;".contains($0) }, "\(pattern)")
        let encoded = NetlifyRules.encoded("/" + name)
        #expect(NetlifyRules.headers(hostile).contains("\n\(encoded)\n  Content-Type: application/octet-stream\n"))
        #expect(!encoded.contains { " \"#*:?{}\\`".contains($0) || !$0.isASCII }, "\(encoded)")
    }

    @Test func eachGrammarSpellsTheCharactersItReads() throws {
        #expect(NginxRules.quoted("/a \"b\" \\c; {d} #e $f") == #""/a \"b\" \\c; {d} #e $f""#)
        #expect(CaddyRules.pattern("/a b.{$X}\"", prefix: false) == #""^/a\x20b\.\x7b\x24X\x7d\x22$""#)
        #expect(CaddyRules.pattern("/café/", prefix: true) == #""^/café/""#)
        #expect(NetlifyRules.encoded("/café 100%/*:x;$") == "/caf%C3%A9%20100%25/%2A%3Ax;$")
        let message = Artifact(path: "m a\"il #1.eml", kind: .asset, contentType: "message/rfc822", bytes: [])
        let plan = ServingPlan(
            config: try #require(ServingPlanTests.config().0), locales: ServingPlanTests.locales, artifacts: [message])
        #expect(NetlifyRules.headers(plan).contains("\n/m%20a%22il%20%231.eml\n  Content-Type: message/rfc822\n"))
    }

    @Test(arguments: ["a\nb", "x\nrespond 418", "tab\there", "esc\u{1B}[31m", "nul\u{0}", "c1\u{85}"])
    func namesWithControlCharactersAreRefused(name: String) throws {
        let plan = try Self.plan([Self.asset("fonts/" + name), Self.asset("fine")])
        #expect(plan.contentTypes.map(\.path).contains("/fine"))
        #expect(!plan.contentTypes.contains { $0.path.contains(name) })
        for text in Self.rules(plan) { #expect(!text.contains(name) && !text.contains("418")) }
        let diagnostics = plan.refusals.map { $0.diagnostic(ConfigLocations(SourceText(path: "beckon.yml", text: ""))) }
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(diagnostic.rule == "serving.unsafe-name" && diagnostic.severity == .error)
        // The name cannot be printed as a location: the finding points at its folder and spells it.
        #expect(diagnostic.location == SourceLocation(file: "static/fonts"))
        #expect(diagnostic.message.contains("`fonts/\(ServingName.visible(name))`"))
        #expect(ServingName.controlCharacter(in: diagnostic.message) == nil)
        #expect(diagnostic.fix?.contains("Rename the file") == true)
    }

    @Test(arguments: [
        ("/in;valid/{code}", "/in;valid/"), ("/caf%C3%A9/{code}", "/café/"),
        ("/a%20b/{code}", "/a b/"), ("/q\"x{code}", "/q\"x/"),
    ])
    func linkPathsAreMatchedDecoded(written: String, path: String) throws {
        let plan = try Self.plan([]) { $0 + "links: {host: join.minimo.test, path: '\(written)'}\n" }
        #expect(plan.refusals.isEmpty)
        #expect(plan.invitePath == path)
        #expect(NginxRules.text(plan).contains("location ^~ \(NginxRules.quoted(path)) {"))
    }

    @Test(arguments: [
        ("/in%zz/{code}", "does not start an escape"), ("/a%0A/{code}", "U+000A"), ("/%FF/{code}", "UTF-8"),
    ])
    func linkPathsThatCannotBeDecodedAreRefusedAtTheirLine(written: String, reason: String) throws {
        let links = "links:\n  host: join.minimo.test\n  path: '\(written)'\n"
        let text = SiteFixture.files(SiteFixture.minimal).first { $0.0 == "beckon.yml" }!.1 + links
        let plan = try Self.plan([]) { $0 + links }
        #expect(plan.invitePath == nil)
        let diagnostic = try #require(
            plan.refusals.first?.diagnostic(ConfigLocations(SourceText(path: "beckon.yml", text: text))))
        #expect(diagnostic.rule == "serving.unsafe-name")
        #expect(diagnostic.message.contains(reason), "\(diagnostic.message)")
        #expect(diagnostic.message.contains("`links.path` (`\(written)`)"), "\(diagnostic.message)")
        let line = try #require(
            text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("  path:") })
        #expect(diagnostic.location == SourceLocation(file: "beckon.yml", line: line + 1, column: 3))
        for text in Self.rules(plan) { #expect(!text.contains("invite/index.html  200") && !text.contains("^~ \"/a")) }
    }

    @Test func aContentTypeTheRulesWouldQuoteWrongIsRefusedWhereTheyNameIt() throws {
        let type = "text/x\"y; {$HOME}"
        let plan = try Self.plan([
            Artifact(path: "named", kind: .asset, contentType: type, bytes: []),
            Artifact(path: "by-extension.txt", kind: .asset, contentType: type, bytes: []),
        ])
        #expect(plan.refusals.map(\.subject) == [.file(path: "named", source: "static/named")])
        for text in Self.rules(plan) { #expect(!text.contains("x\"y")) }
    }

    @Test func pagesAnsweredWithAnotherStatusNeedPlainPaths() throws {
        let page = ServingPlanTests.page("en-US/samples/a b/gone/index.html", .gone, status: 410)
        let plan = try Self.plan([page])
        #expect(plan.statusPages.map(\.folder) == ["/en-US/gone/"])
        #expect(plan.refusals.count == 1)
    }
}
