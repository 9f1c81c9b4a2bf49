/// Quoted-printable (RFC 2045 §6.7) for UTF-8 text.
///
/// A CRLF in the input is a hard line break; a bare CR or LF is encoded (`=0D`, `=0A`) so the text
/// comes back exactly. `=`, control characters, non-ASCII bytes and a space or tab at the end of a
/// line are encoded; soft line breaks keep every line at 76 characters or fewer and never fall
/// inside a UTF-8 sequence.
enum QuotedPrintable {
    static let maximumLineLength = 76

    /// The encoded lines, without line ends.
    static func encodeLines(_ text: String) -> [String] {
        hardLines(Array(text.utf8)).flatMap(encodeLine)
    }

    /// The bytes of encoded lines, or `nil` when a line is longer than 76 characters, ends in a
    /// space or tab, has a character outside printable ASCII, space and tab, or an `=` that is
    /// neither a soft line break nor followed by two upper-case hex digits.
    static func decode(lines: [some Collection<UInt8>]) -> [UInt8]? {
        var output: [UInt8] = []
        for (number, line) in lines.enumerated() {
            let line = Array(line)
            guard line.count <= maximumLineLength, line.last != 0x20, line.last != 0x09 else { return nil }
            var index = 0
            var softBreak = false
            while index < line.count {
                let byte = line[index]
                if byte == UInt8(ascii: "=") {
                    if index == line.count - 1 {
                        softBreak = true
                        break
                    }
                    guard index + 2 < line.count, let high = hexValue(line[index + 1]),
                        let low = hexValue(line[index + 2])
                    else { return nil }
                    output.append(high << 4 | low)
                    index += 3
                } else {
                    guard (0x21...0x7E).contains(byte) || byte == 0x20 || byte == 0x09 else { return nil }
                    output.append(byte)
                    index += 1
                }
            }
            if !softBreak && number < lines.count - 1 { output += [0x0D, 0x0A] }
        }
        return output
    }

    private static func hardLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                lines.append(bytes[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        lines.append(bytes[start..<bytes.count])
        return lines
    }

    /// One hard line as encoded lines: all but the last end in a soft break `=`. A token is one
    /// byte, or an escaped UTF-8 sequence kept whole so a soft break never splits it.
    private static func encodeLine(_ line: ArraySlice<UInt8>) -> [String] {
        var lines: [String] = []
        var current: [UInt8] = []
        current.reserveCapacity(maximumLineLength + 1)
        var index = line.startIndex
        while index < line.endIndex {
            let start = index
            let byte = line[index]
            index += 1
            let literal: Bool
            switch byte {
            case 0x21...0x7E where byte != UInt8(ascii: "="): literal = true
            case 0x20 where index != line.endIndex, 0x09 where index != line.endIndex: literal = true
            default:
                literal = false
                // The continuation bytes of a UTF-8 sequence travel with its first byte.
                if byte >= 0xC0 {
                    while index < line.endIndex, (0x80...0xBF).contains(line[index]) { index += 1 }
                }
            }
            let length = literal ? 1 : 3 * (index - start)
            let limit = index == line.endIndex ? maximumLineLength : maximumLineLength - 1
            if current.count + length > limit {
                current.append(UInt8(ascii: "="))
                lines.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
            if literal {
                current.append(byte)
            } else {
                for escaped in line[start..<index] { appendEscape(escaped, to: &current) }
            }
        }
        lines.append(String(decoding: current, as: UTF8.self))
        return lines
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func appendEscape(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "="))
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0x0F)])
    }

    static func escape(_ byte: UInt8) -> String {
        let hex = Array("0123456789ABCDEF")
        return "=" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
    }

    static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
