import BeckonTestSupport
import Testing

@testable import BeckonMIME

/// The encoder, with its eight-bytes-at-once paths, writes what a plain byte-by-byte reading of
/// RFC 2045 §6.7 (as `QuotedPrintable` documents it) writes, for text of every kind; and the CRLF
/// conversion agrees with a plain one.
@Suite struct QuotedPrintableReferenceTests {
    /// The documented rules, one byte at a time.
    static func reference(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var lines: [[UInt8]] = [[]]
        var index = 0
        while index < bytes.count {
            if index + 1 < bytes.count, bytes[index] == 0x0D, bytes[index + 1] == 0x0A {
                lines.append([])
                index += 2
            } else {
                lines[lines.count - 1].append(bytes[index])
                index += 1
            }
        }
        for (number, line) in lines.enumerated() {
            if number > 0 { output += [0x0D, 0x0A] }
            var length = 0
            var position = 0
            while position < line.count {
                let start = position
                let byte = line[position]
                position += 1
                let isLast = position == line.count
                let literal =
                    ((0x21...0x7E).contains(byte) && byte != 0x3D) || ((byte == 0x20 || byte == 0x09) && !isLast)
                if !literal && byte >= 0xC0 {
                    while position < line.count, line[position] & 0xC0 == 0x80 { position += 1 }
                }
                let token: [UInt8] =
                    literal
                    ? [byte]
                    : line[start..<position].flatMap {
                        Array("=\(String($0, radix: 16, uppercase: true).leftPadded)".utf8)
                    }
                let limit = position == line.count ? 76 : 75
                if length + token.count > limit {
                    output += Array("=\r\n".utf8)
                    length = 0
                }
                output += token
                length += token.count
            }
        }
        return output
    }

    static let pieces: [String] = [
        "a", "abcdefgh", "<td style=\"padding:0\">", " ", "\t", "=", "é", "日本", "👩🏾‍🚀", "\r\n", "\n", "\r", "\u{7F}",
        "\u{1}", String(repeating: "x", count: 90), "  \r\n", "=\r\n",
    ]

    @Test func agreesWithTheByteByByteRulesOnEveryKindOfText() {
        var generator = SeededGenerator(seed: 2045)
        for _ in 0..<3_000 {
            let text = generator.text(from: Self.pieces, upTo: 40)
            let bytes = Array(text.utf8)
            let encoded = bytes.withUnsafeBufferPointer { QuotedPrintable.encode($0) }
            #expect(encoded == Self.reference(bytes), "\(text.debugDescription)")
            let crlf = bytes.withUnsafeBufferPointer { EmailMessage.crlfLineEnds($0) }
            #expect(crlf == Array(text.replacingLineEnds.utf8), "\(text.debugDescription)")
        }
    }
}

extension String {
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }

    /// Every CRLF, LF and CR as CRLF, by characters and scalars.
    fileprivate var replacingLineEnds: String {
        var result = ""
        var previousWasCR = false
        for scalar in unicodeScalars {
            if scalar == "\n" && previousWasCR {
                previousWasCR = false
                continue
            }
            if scalar == "\r" || scalar == "\n" {
                result += "\r\n"
                previousWasCR = scalar == "\r"
            } else {
                result.unicodeScalars.append(scalar)
                previousWasCR = false
            }
        }
        return result
    }
}
