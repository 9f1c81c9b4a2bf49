import BeckonDiagnostics
import BeckonSite
import BeckonTestSupport
import Testing

/// `email.dkim`: read with its selector and domain, the domain aligned with `email.from`'s (DMARC's
/// relaxed alignment) or refused at its line.
@Suite struct DKIMConfigTests {
    func load(_ email: String) -> (SiteConfig?, [Diagnostic]) {
        let text = SiteConfigTests.valid + "email:\n  from: invites@mail.minimo.test\n" + email
        let (value, yamlDiagnostics) = YAMLParser.parse(text, path: "beckon.yml")
        guard let value else { return (nil, yamlDiagnostics) }
        let reader = YAMLReader(family: "config")
        return (SiteConfig(value, reader: reader), reader.diagnostics)
    }

    @Test func aDomainTheSenderIsUnderSigns() {
        for domain in ["minimo.test", "mail.minimo.test", "MINIMO.test"] {
            let (config, diagnostics) = load("  dkim: {selector: beckon2026, domain: \(domain)}\n")
            #expect(diagnostics.isEmpty, "\(diagnostics)")
            #expect(config?.email?.dkim?.selector == "beckon2026")
            #expect(config?.email?.dkim?.domain == domain.lowercased())
        }
    }

    @Test(arguments: [
        ("  dkim: {selector: beckon, domain: other.test}\n", "config.email.dkim-alignment"),
        ("  dkim: {selector: beckon, domain: ail.minimo.test}\n", "config.email.dkim-alignment"),
        ("  dkim: {selector: \"bad selector\", domain: minimo.test}\n", "config.invalid-value"),
        ("  dkim: {selector: beckon, domain: localhost}\n", "config.invalid-value"),
        ("  dkim: {selector: beckon}\n", "config.missing-key"),
    ])
    func aWrongSettingIsLocated(_ email: String, _ rule: String) {
        let (_, diagnostics) = load(email)
        let match = diagnostics.first { $0.rule.rawValue == rule }
        #expect(match != nil, "expected \(rule), got \(diagnostics.map(\.rule))")
        // The `dkim` line, after the valid file and `email:` and `from:`.
        let line = SiteConfigTests.valid.split(separator: "\n", omittingEmptySubsequences: false).count + 2
        #expect(match?.location?.line == line)
        #expect(match?.fix != nil)
    }
}
