import BeckonDiagnostics
import BeckonSite
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
