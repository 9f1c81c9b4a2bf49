/// Quoted-printable (RFC 2045 §6.7) for UTF-8 text.
///
/// A CRLF in the input is a hard line break; a bare CR or LF is encoded (`=0D`, `=0A`) so the text
/// comes back exactly. `=`, control characters, non-ASCII bytes and a space or tab at the end of a
/// line are encoded; soft line breaks keep every line at 76 characters or fewer and never fall
/// inside a UTF-8 sequence.
enum QuotedPrintable {
    static let maximumLineLength = 76

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

    /// How each byte is written: `literal` always as itself, `blank` (space, tab) as itself unless
    /// it ends a line, `escaped` as `=XX`.
    private static let byteClass: [UInt8] = (0...255).map { byte in
        switch byte {
        case 0x21...0x7E where byte != 0x3D: literal
        case 0x20, 0x09: blank
        default: escaped
        }
    }
    private static let literal: UInt8 = 0
    private static let blank: UInt8 = 1
    private static let escaped: UInt8 = 2

    /// A lower bound of `encode`'s count: every byte outside ASCII takes three (a CRLF stays two
    /// bytes, and the escapes of other bytes and the soft breaks only add to it).
    static func minimumSize(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var high = 0
        var index = 0
        while index + 8 <= bytes.count {
            high += ByteWords.highCount(ByteWords.load(bytes, at: index))
            index += 8
        }
        for byte in bytes[index...] where byte >= 0x80 { high += 1 }
        return bytes.count + 2 * high
    }

    /// `bytes` encoded: each hard line (CRLF) as encoded lines, all but the last ending in a soft
    /// break `=`. A token is one byte, or an escaped UTF-8 sequence kept whole so a soft break never
    /// splits it.
    static func encode(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        // At most three bytes a byte, and a soft break (three bytes) after at least 64 written.
        [UInt8](unsafeUninitializedCapacity: bytes.count * 4 + 16) { buffer, count in
            guard let output = buffer.baseAddress else { return }
            byteClass.withUnsafeBufferPointer { classes in
                var written = 0
                var lineStart = 0
                while true {
                    let lineEnd = hardLineEnd(bytes, from: lineStart)
                    written = encodeLine(bytes, lineStart..<lineEnd, classes, into: output, at: written)
                    guard lineEnd < bytes.count else { break }
                    output[written] = 0x0D
                    output[written + 1] = 0x0A
                    written += 2
                    lineStart = lineEnd + 2
                }
                count = written
            }
        }
    }

    /// Writes one hard line's encoded lines at `written`, returning the new end.
    @inline(__always)
    private static func encodeLine(
        _ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, _ classes: UnsafeBufferPointer<UInt8>,
        into output: UnsafeMutablePointer<UInt8>, at start: Int
    ) -> Int {
        var written = start
        var length = 0
        var index = line.lowerBound
        let lineEnd = line.upperBound
        while index < lineEnd {
            // Eight bytes written as themselves at once, while they fit before the last column
            // (spaces too, unless the eighth ends the line).
            while index + 8 <= lineEnd, length + 8 <= maximumLineLength - 1,
                ByteWords.isQuotedPrintableLiteral(ByteWords.load(bytes, at: index), spaces: index + 8 < lineEnd)
            {
                (output + written).update(from: bytes.baseAddress! + index, count: 8)
                written += 8
                length += 8
                index += 8
            }
            guard index < lineEnd else { break }
            let byte = bytes[index]
            let byteClass = classes[Int(byte)]
            // The common case: a byte written as itself with room left on the line.
            if byteClass == literal && length < maximumLineLength - 1 {
                output[written] = byte
                written += 1
                length += 1
                index += 1
                continue
            }
            let tokenStart = index
            index += 1
            let isLiteral = byteClass == literal || (byteClass == blank && index != lineEnd)
            // The continuation bytes of a UTF-8 sequence travel with its first byte.
            if !isLiteral && byte >= 0xC0 {
                while index < lineEnd, bytes[index] & 0xC0 == 0x80 { index += 1 }
            }
            let tokenLength = isLiteral ? 1 : 3 * (index - tokenStart)
            let limit = index == lineEnd ? maximumLineLength : maximumLineLength - 1
            if length + tokenLength > limit {
                output[written] = UInt8(ascii: "=")
                output[written + 1] = 0x0D
                output[written + 2] = 0x0A
                written += 3
                length = 0
            }
            if isLiteral {
                output[written] = byte
                written += 1
            } else {
                for position in tokenStart..<index {
                    let escapedByte = bytes[position]
                    output[written] = UInt8(ascii: "=")
                    output[written + 1] = hexDigit(escapedByte >> 4)
                    output[written + 2] = hexDigit(escapedByte & 0x0F)
                    written += 3
                }
            }
            length += tokenLength
        }
        return written
    }

    /// The index of the CRLF ending the hard line that starts at `start`, or the end of `bytes`.
    private static func hardLineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index + 1 < bytes.count {
            // Eight bytes without a CR skipped at once.
            if index + 8 <= bytes.count, !ByteWords.has(ByteWords.load(bytes, at: index), 0x0D) {
                index += 8
                continue
            }
            if bytes[index] == 0x0D && bytes[index + 1] == 0x0A { return index }
            index += 1
        }
        return bytes.count
    }

    /// The upper-case hex digit of a value below 16.
    @inline(__always)
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x37 + value
    }

    static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
