import BeckonTestSupport
import Foundation
import Testing

/// An `l10n import` killed between its renames leaves a journal; the next `build` finishes it
/// before reading any bundle, so the build sees every new bundle, never a mix.
@Suite struct InterruptedImportBuildTests {
    @Test func aBuildFinishesAnInterruptedImportFirst() throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(SiteFixture.minimal, to: site.url)
        let bundle = site.path("locales/de-DE.yml")
        let old = try String(contentsOf: bundle, encoding: .utf8)
        let new = old.replacingOccurrences(
            of: "Diese Einladung ist abgelaufen", with: "Diese Einladung gilt nicht mehr")
        #expect(new != old)
        let temporary = ".de-DE.yml.beckon-0A1B2C3D.tmp"
        try Data(new.utf8).write(to: site.path("locales/\(temporary)"))
        try Data("beckon-import-journal 1\n\(temporary) de-DE.yml\nend\n".utf8).write(
            to: site.path("locales/.beckon-import.journal"))

        let run = try BeckonBinary.run(
            ["build", "--site", site.url.path], environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(try String(contentsOf: bundle, encoding: .utf8) == new)
        let page = try String(contentsOf: site.path("output/de-DE/expired/index.html"), encoding: .utf8)
        #expect(page.contains("Diese Einladung gilt nicht mehr"))
        let left = try FileManager.default.contentsOfDirectory(atPath: site.path("locales").path)
        #expect(left.allSatisfy { !$0.hasPrefix(".") }, "\(left)")
    }
}
