import Testing

@testable import BeckonMIME

@Suite struct QuotedPrintableTests {
    static let a74 = String(repeating: "a", count: 74)
    static let a75 = String(repeating: "a", count: 75)
    static let a76 = String(repeating: "a", count: 76)

    @Test(
        arguments: [
            ("", [""]),
            ("plain text", ["plain text"]),
            ("a=b", ["a=3Db"]),
            ("space before break \r\nnext", ["space before break=20", "next"]),
            ("tab before break\t\r\n", ["tab before break=09", ""]),
            ("ends in a space ", ["ends in a space=20"]),
            ("inner  spaces\tand tabs", ["inner  spaces\tand tabs"]),
            ("line\r\n\r\nafter a blank", ["line", "", "after a blank"]),
            ("bare\nfeed and bare\rreturn", ["bare=0Afeed and bare=0Dreturn"]),
            ("NUL\u{0}", ["NUL=00"]),
            ("Grüße", ["Gr=C3=BC=C3=9Fe"]),
            (a76, [a76]),
            (a76 + "a", [a75 + "=", "aa"]),
            (a74 + "é", [a74 + "=", "=C3=A9"]),
            (a74 + "éa", [a74 + "=", "=C3=A9a"]),
            (a75 + " bc", [a75 + "=", " bc"]),
            (a74 + "🏆", [a74 + "=", "=F0=9F=8F=86"]),
        ])
    func encodesEdgeCases(text: String, lines: [String]) {
        #expect(Self.encodedLines(text) == lines)
        #expect(QuotedPrintable.decode(lines: lines.map { Array($0.utf8) }) == Array(text.utf8))
    }

    @Test func softBreaksKeepLinesAt76AndNeverSplitAUTF8Sequence() {
        for prefix in 60...80 {
            let text = String(repeating: "x", count: prefix) + String(repeating: "日本", count: 20)
            let lines = Self.encodedLines(text)
            #expect(lines.allSatisfy { $0.utf8.count <= 76 })
            for line in lines.dropLast() {
                #expect(line.hasSuffix("="))
                let body = line.dropLast()
                // A line ends on a whole three-byte sequence: its escapes after the x's come in nines.
                let escapes = body.drop { $0 == "x" }
                #expect(escapes.count % 9 == 0, "\(line)")
            }
            #expect(QuotedPrintable.decode(lines: lines.map { Array($0.utf8) }) == Array(text.utf8))
        }
    }

    @Test(
        arguments: [
            ["a=3d"], ["a=4"], ["a=XY"], ["trailing "], ["trailing\t"], [a76 + "b"], ["caf\u{E9}"], ["bell\u{7}"],
        ])
    func decoderRejectsWhatTheEncoderNeverWrites(lines: [String]) {
        #expect(QuotedPrintable.decode(lines: lines.map { Array($0.utf8) }) == nil)
    }

    /// The encoded text's lines, without line ends.
    static func encodedLines(_ text: String) -> [String] {
        var text = text
        return String(decoding: text.withUTF8(QuotedPrintable.encode), as: UTF8.self).components(separatedBy: "\r\n")
    }

    @Test func aTrailingSoftBreakJoinsWithoutALineBreak() {
        #expect(QuotedPrintable.decode(lines: ["ab=", "cd", "ef="].map { Array($0.utf8) }) == Array("abcd\r\nef".utf8))
    }
}
