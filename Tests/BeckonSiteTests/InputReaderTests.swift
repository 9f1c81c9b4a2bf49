import BeckonDiagnostics
import BeckonSite
import BeckonTestSupport
import Foundation
import Testing

@Suite struct InputReaderTests {
    @Test func invalidUTF8IsLocated() {
        let bytes = Array("line one\nzwei: ".utf8) + [0xC3, 0x28] + Array("\n".utf8)
        guard case .failure(let diagnostic) = InputReader.decode(bytes, path: "locales/de-DE.yml") else {
            Issue.record("invalid UTF-8 was accepted")
            return
        }
        #expect(diagnostic.rule == "input.invalid-utf8")
        #expect(diagnostic.location == SourceLocation(file: "locales/de-DE.yml", line: 2, column: 7))
    }

    @Test func nulBytesAreRefused() {
        guard case .failure(let diagnostic) = InputReader.decode([0x61, 0x00, 0x62], path: "x.md") else {
            Issue.record("a NUL byte was accepted")
            return
        }
        #expect(diagnostic.message.contains("NUL"))
    }

    @Test func byteOrderMarksAreDropped() throws {
        #expect(try InputReader.decode([0xEF, 0xBB, 0xBF, 0x61], path: "x").get() == "a")
    }
}

/// Files a site folder holds that Beckon must not read as they are.
@Suite struct SiteFileSafetyTests {
    @Test func aBundleLinkedFromOutsideTheSiteIsNotRead() throws {
        let site = TemporaryDirectory()
        let outside = TemporaryDirectory()
        try SiteFixture.write(SiteFixture.minimal, to: site.url)
        try Data("secret: text from elsewhere\n".utf8).write(to: outside.path("de-DE.yml"))
        try FileManager.default.removeItem(at: site.path("locales/de-DE.yml"))
        try FileManager.default.createSymbolicLink(
            at: site.path("locales/de-DE.yml"), withDestinationURL: outside.path("de-DE.yml"))
        let (_, diagnostics) = SiteLoader(root: site.url, sources: SourceStore()).load()
        let finding = try #require(diagnostics.first { $0.rule == "input.symlink" }, "\(diagnostics)")
        #expect(finding.severity == .error)
        #expect(finding.location?.file == "locales/de-DE.yml")
    }

    @Test func aStaticFileWithANameThatIsNotUTF8IsReported() throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(SiteFixture.minimal, to: site.url)
        try FileManager.default.createDirectory(at: site.path("static/assets"), withIntermediateDirectories: true)
        // "caf\xE9.png": Latin-1, not UTF-8.
        let name = Array(site.path("static/assets").path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".png".utf8)
        let created = (name + [0]).withUnsafeBytes { raw in
            creat(raw.baseAddress!.assumingMemoryBound(to: CChar.self), 0o644)
        }
        try #require(created >= 0)
        close(created)
        let (_, diagnostics) = SiteLoader(root: site.url, sources: SourceStore()).load()
        let finding = try #require(diagnostics.first { $0.rule == "input.file-name" }, "\(diagnostics)")
        #expect(finding.message.contains("caf"))
    }
}
