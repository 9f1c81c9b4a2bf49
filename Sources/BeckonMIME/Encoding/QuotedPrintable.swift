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

    /// One hard line as encoded lines: all but the last end in a soft break `=`.
    private static func encodeLine(_ line: ArraySlice<UInt8>) -> [String] {
        let tokens = characterTokens(line)
        var lines: [String] = []
        var current = ""
        for (offset, token) in tokens.enumerated() {
            let isLast = offset == tokens.count - 1
            let limit = isLast ? maximumLineLength : maximumLineLength - 1
            if current.utf8.count + token.utf8.count > limit {
                lines.append(current + "=")
                current = ""
            }
            current += token
        }
        lines.append(current)
        return lines
    }

    /// The encoded form of each UTF-8 sequence of a line, kept whole so a soft break never splits one.
    private static func characterTokens(_ line: ArraySlice<UInt8>) -> [String] {
        var tokens: [String] = []
        for index in line.indices {
            let byte = line[index]
            let isLastByte = index == line.index(before: line.endIndex)
            let text: String
            switch byte {
            case 0x21...0x7E where byte != UInt8(ascii: "="): text = String(UnicodeScalar(byte))
            case 0x20 where !isLastByte, 0x09 where !isLastByte: text = String(UnicodeScalar(byte))
            default: text = escape(byte)
            }
            if (0x80...0xBF).contains(byte), let last = tokens.last, last.hasPrefix("=") {
                tokens[tokens.count - 1] = last + text
            } else {
                tokens.append(text)
            }
        }
        return tokens
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
