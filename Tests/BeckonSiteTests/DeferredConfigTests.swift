import BeckonSite
import Testing

/// `deferred:` and `app.appStoreCampaign` in beckon.yml.
@Suite struct DeferredConfigTests {
    static let app = """
        version: 1
        app:
          name: Minimo
          baseURL: https://join.minimo.test
          appStoreID: "123456789"
          supportURL: https://minimo.test/help
          supportEmail: help@minimo.test

        """

    func load(_ yaml: String) -> (SiteConfig?, [String]) {
        let (value, _) = YAMLParser.parse(yaml, path: "beckon.yml")
        let reader = YAMLReader(family: "config")
        let config = SiteConfig(value!, reader: reader)
        return (config, reader.diagnostics.map(\.message))
    }

    @Test func theHandOffIsOffUntilASiteTurnsItOn() throws {
        let (plain, problems) = load(Self.app)
        #expect(problems.isEmpty)
        let config = try #require(plain)
        #expect(!config.deferred.clipboard && config.deferred.matchWindowMinutes == 0)
        #expect(config.deferred.storesWithoutHandOff(config.app).count == 1)
        let (on, _) = load(Self.app + "deferred:\n  clipboard: true\n  matchWindow: 60\n")
        #expect(on?.deferred.clipboard == true && on?.deferred.matchWindowMinutes == 60)
        #expect(on.map { $0.deferred.storesWithoutHandOff($0.app) } == [])
        let (_, tooLong) = load(Self.app + "deferred:\n  matchWindow: 2000\n")
        #expect(!tooLong.isEmpty)
    }

    @Test func aCampaignNeedsDigitsAndAShortName() {
        let good = Self.app.replacingOccurrences(
            of: "  supportURL:", with: "  appStoreCampaign: {pt: \"118\", ct: invite}\n  supportURL:")
        let (config, problems) = load(good)
        #expect(problems.isEmpty, "\(problems)")
        #expect(config?.app.appStoreCampaign?.providerToken == "118")
        #expect(config?.app.appStoreCampaign?.campaignToken == "invite")
        let bad = good.replacingOccurrences(of: "pt: \"118\"", with: "pt: abc")
        #expect(load(bad).1.contains { $0.contains("`app.appStoreCampaign.pt` must be the provider token's digits") })
        let long = good.replacingOccurrences(of: "ct: invite", with: "ct: \(String(repeating: "x", count: 41))")
        #expect(load(long).1.contains { $0.contains("1 to 40 characters") })
    }
}
