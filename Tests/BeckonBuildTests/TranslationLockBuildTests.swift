import BeckonBuild
import BeckonDiagnostics
import BeckonSite
import BeckonTestSupport
import Foundation
import Testing

/// A hand-edited translation goes stale when its source changes, through `locales/translations.lock`.
@Suite struct TranslationLockBuildTests {
    func build(_ site: TemporaryDirectory, write: Bool = true, locales: [String] = []) async -> BuildResult {
        await Pipeline(
            options: BuildOptions(
                site: site.url, locales: locales.compactMap { LocaleID($0) }, write: write,
                environment: [
                    "BECKON_LINK_KEY": BeckonBinary.testLinkKey, "SOURCE_DATE_EPOCH": BeckonBinary.sourceDateEpoch,
                ])
        ).run()
    }

    func edit(_ site: TemporaryDirectory, _ path: String, _ old: String, _ new: String) throws {
        let url = site.path(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(old), "the edit did not apply")
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
    }

    func stale(_ result: BuildResult) -> [String] {
        result.report.diagnostics.filter { $0.rule == "l10n.stale" }.map { "\($0.locale ?? "") \($0.message)" }
    }

    @Test func aHandEditedTranslationGoesStaleWhenItsSourceChangesUntilItIsEdited() async throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(SiteFixture.minimal, to: site.url)
        let lock = site.path("locales/translations.lock")
        #expect(stale(await build(site)).isEmpty)
        let recorded = try String(contentsOf: lock, encoding: .utf8)
        #expect(recorded.contains("\"landing.title\""))

        try edit(site, "locales/en-US.yml", "{inviter} invited you to {app}", "{inviter} wants you on {app}")
        #expect(stale(await build(site)) == ["de-DE `landing.title` in de-DE was translated from an older source text"])
        #expect(stale(await build(site)).count == 1, "the lock keeps it stale on the next build")

        try edit(site, "locales/de-DE.yml", "hat dich zu {app} eingeladen", "will dich bei {app} sehen")
        #expect(stale(await build(site)).isEmpty)
        #expect(stale(await build(site)).isEmpty)
    }

    @Test func checkingDoesNotWriteTheLockAndAnUnchangedSiteLeavesItAlone() async throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(SiteFixture.minimal, to: site.url)
        let lock = site.path("locales/translations.lock")
        _ = await build(site, write: false)
        #expect(!FileManager.default.fileExists(atPath: lock.path))
        _ = await build(site)
        let first = try Data(contentsOf: lock)
        let modified = try FileManager.default.attributesOfItem(atPath: lock.path)[.modificationDate] as? Date
        _ = await build(site)
        #expect(try Data(contentsOf: lock) == first)
        #expect(try FileManager.default.attributesOfItem(atPath: lock.path)[.modificationDate] as? Date == modified)
    }

    @Test func aBuildOfSomeLocalesKeepsTheOthersInTheLock() async throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(SiteFixture.minimal, to: site.url)
        _ = await build(site)
        try edit(site, "locales/en-US.yml", "{inviter} invited you to {app}", "{inviter} wants you on {app}")
        _ = await build(site, locales: ["en-US"])
        #expect(stale(await build(site)).count == 1, "the source-only build did not forget German's record")
    }
}
