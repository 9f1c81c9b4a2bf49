import BeckonDiagnostics
import BeckonSite
import BeckonTestSupport
import Testing

/// A recipient's address written wrong is one finding, at the address: the channels that need it
/// do not report it missing as well.
@Suite struct SampleRecipientTests {
    func load(_ fields: String) -> [Diagnostic] {
        let text = SiteFixture.replacing(
            "    context: achievement\n", with: "    context: achievement\n" + fields, in: SiteConfigTests.valid)
        let (value, _) = YAMLParser.parse(text, path: "beckon.yml")
        let reader = YAMLReader(family: "config")
        _ = SiteConfig(value!, reader: reader)
        return reader.diagnostics
    }

    @Test(
        arguments: [
            ("    phone: \"+49 151 not a number\"\n    channels: [sms, whatsapp]\n", "config.invalid-phone"),
            ("    instagram: \"not a username!\"\n    channels: [instagram]\n", "config.invalid-instagram"),
        ] as [(String, String)])
    func oneBadAddressIsOneFinding(fields: String, rule: String) {
        let diagnostics = load(fields)
        #expect(diagnostics.map(\.rule.rawValue) == [rule], "\(diagnostics.map(\.message))")
    }

    @Test(
        arguments: [
            ("    channels: [sms, whatsapp]\n", 2), ("    channels: [instagram]\n", 1),
            ("    instagram: \"not a username!\"\n    channels: [sms]\n", 1),
        ] as [(String, Int)])
    func aMissingAddressIsStillReportedPerChannel(fields: String, missing: Int) {
        let diagnostics = load(fields)
        #expect(diagnostics.count { $0.rule == "config.missing-recipient" } == missing, "\(diagnostics)")
    }
}
