import BeckonDiagnostics
import BeckonTestSupport
import Testing

@Suite struct SourceTextTests {
    let source = SourceText(path: "a.yml", text: "first\nzwölf: ä\r\n日本語 x\n")

    @Test(
        arguments: [
            (0, 1, 1), (5, 1, 6), (6, 2, 1), (10, 2, 4),
            // "zwölf: " is 8 bytes (ö is 2) and 7 characters.
            (14, 2, 8),
            // "日本語 " is 10 bytes and 4 characters.
            (18 + 10, 3, 5),
        ] as [(Int, Int, Int)])
    func offsetsBecomeCharacterColumns(offset: Int, line: Int, column: Int) {
        let location = source.location(ofUTF8Offset: offset)
        #expect(location.line == line)
        #expect(location.column == column)
    }

    @Test func linesDropTheirTerminators() {
        #expect(source.line(1) == "first")
        #expect(source.line(2) == "zwölf: ä")
        #expect(source.line(3) == "日本語 x")
        #expect(source.line(5) == nil)
    }

    @Test func byteColumnsAsCmarkReportsThem() {
        #expect(source.location(line: 3, byteColumn: 11) == SourceLocation(file: "a.yml", line: 3, column: 5))
    }

    @Test(arguments: 0..<200 as Range<UInt64>)
    func linesAreTheTextBetweenItsTerminators(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let text = generator.text(from: ["a", "ö", "日本", " ", "\n", "\r\n", "\t"], upTo: 40)
        let source = SourceText(path: "a.html", text: text)
        // Every "\n" ends a line; a final one starts no empty line; "\r" before it is no part of it.
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0, as: UTF8.self)
        }
        if lines.count > 1, lines.last == "" { lines.removeLast() }
        #expect(source.lineCount == lines.count)
        #expect((1...lines.count).map { source.line($0) } == lines)
        #expect(source.line(lines.count + 1) == nil)
    }
}
