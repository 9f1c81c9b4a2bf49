import BeckonDiagnostics
import BeckonLocalization
import BeckonSite
import BeckonTestSupport
import Foundation
import Testing

/// Loading a site for a hand-off, and writing bundles safely.
@Suite struct HandoffFileTests {
    static func site(_ fixture: String = SiteFixture.minimal) throws -> TemporaryDirectory {
        let folder = TemporaryDirectory()
        try SiteFixture.write(fixture, to: folder.url)
        return folder
    }

    static func change(_ path: String = "locales/de-DE.yml", old: String, new: String) -> BundleChange {
        BundleChange(locale: LocaleID("de-DE")!, path: path, oldText: old, newText: new, keys: ["common.friend"])
    }

    @Test func aBundleWithAnErrorStopsAHandoff() throws {
        let folder = try Self.site(
            SiteFixture.replacing("  friend: Jemand\n", with: "  friend: \"{oops\"\n", in: SiteFixture.minimal))
        let (catalog, diagnostics) = Catalog.loadForHandoff(root: folder.url, sources: SourceStore())
        #expect(catalog == nil)
        #expect(diagnostics.map(\.rule) == ["l10n.icu-syntax"])
        #expect(diagnostics.first?.location?.file == "locales/de-DE.yml")
    }

    @Test func problemsOutsideTheBundlesAndAMissingBundleDoNot() throws {
        let folder = try Self.site()
        try FileManager.default.removeItem(at: folder.path("templates/pages/gone.md"))
        try FileManager.default.removeItem(at: folder.path("locales/de-DE.yml"))
        let (catalog, diagnostics) = Catalog.loadForHandoff(root: folder.url, sources: SourceStore())
        #expect(diagnostics.isEmpty)
        #expect(catalog?.bundles.keys.map(\.rawValue) == ["en-US"])
        #expect(catalog?.locales.list.map(\.rawValue) == ["en-US", "de-DE"])
    }

    @Test func anUnreadableConfigurationStopsAHandoff() throws {
        let folder = try Self.site(
            SiteFixture.replacing("  name: Minimo", with: "  name: [Minimo", in: SiteFixture.minimal))
        let (catalog, diagnostics) = Catalog.loadForHandoff(root: folder.url, sources: SourceStore())
        #expect(catalog == nil)
        #expect(diagnostics.map(\.rule) == ["yaml.syntax"])
    }

    @Test func writingReplacesTheBundleAndKeepsItsMarkAndPermissions() throws {
        let folder = try Self.site()
        let url = folder.path("locales/de-DE.yml")
        let old = try String(contentsOf: url, encoding: .utf8)
        try Data([0xEF, 0xBB, 0xBF] + Array(old.utf8)).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        try BundleWriter.write([Self.change(old: old, new: "common:\n  friend: Wer\n")], siteRoot: folder.url)
        #expect(try Data(contentsOf: url) == Data([0xEF, 0xBB, 0xBF] + Array("common:\n  friend: Wer\n".utf8)))
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path("locales").path)
        #expect(leftovers.sorted() == ["de-DE.yml", "en-US.yml"])
    }

    @Test func aBundleThatChangedOnDiskIsNotOverwritten() throws {
        let folder = try Self.site()
        let url = folder.path("locales/de-DE.yml")
        let before = try Data(contentsOf: url)
        let english = try String(contentsOf: folder.path("locales/en-US.yml"), encoding: .utf8)
        let changes = [
            Self.change("locales/en-US.yml", old: english, new: english + "# edited\n"),
            Self.change(old: "common:\n  friend: Jemand\n", new: "common:\n  friend: Wer\n"),
        ]
        #expect(throws: Diagnostic.self) { try BundleWriter.write(changes, siteRoot: folder.url) }
        do {
            try BundleWriter.write(changes, siteRoot: folder.url)
        } catch {
            #expect(error.rule == HandoffRule.write)
            #expect(error.message == "locales/de-DE.yml could not be written: it changed on disk while the import ran")
        }
        // Nothing was written: not the bundle that changed, not the one checked before it.
        #expect(try Data(contentsOf: url) == before)
        #expect(try String(contentsOf: folder.path("locales/en-US.yml"), encoding: .utf8) == english)
    }

    @Test func aMissingBundleIsCreated() throws {
        let folder = try Self.site()
        try FileManager.default.removeItem(at: folder.path("locales/de-DE.yml"))
        try BundleWriter.write([Self.change(old: "", new: "common:\n  friend: Wer\n")], siteRoot: folder.url)
        #expect(try String(contentsOf: folder.path("locales/de-DE.yml"), encoding: .utf8) == "common:\n  friend: Wer\n")
    }
}
