/// The member names of a JSON object's top level, read without decoding the values — so a token
/// whose header or claims name a member twice (RFC 7519 §4: parsers must reject them, or keep the
/// last) can be refused before a decoder quietly keeps one of them.
enum JSONMemberNames {
    /// The top-level member names in order, or `nil` when the bytes are not a JSON object.
    static func of(_ bytes: [UInt8]) -> [String]? {
        var index = 0
        func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
        /// A string at `index` (which is a quote), decoded, with `index` after its closing quote.
        func string() -> String? {
            guard index < bytes.count, bytes[index] == 0x22 else { return nil }
            index += 1
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x22 {
                    index += 1
                    scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                    return String(scalars)
                }
                if byte == 0x5C {
                    guard index + 1 < bytes.count else { return nil }
                    let escaped = bytes[index + 1]
                    index += 2
                    switch escaped {
                    case 0x75:  // \uXXXX
                        guard index + 4 <= bytes.count,
                            let value = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
                        else { return nil }
                        index += 4
                        scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                        raw = []
                        scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                    case 0x62: raw.append(0x08)
                    case 0x66: raw.append(0x0C)
                    case 0x6E: raw.append(0x0A)
                    case 0x72: raw.append(0x0D)
                    case 0x74: raw.append(0x09)
                    default: raw.append(escaped)
                    }
                    continue
                }
                raw.append(byte)
                index += 1
            }
            return nil
        }
        /// Skips one value (of any depth, without recursion).
        func skipValue() -> Bool {
            var depth = 0
            repeat {
                skipSpace()
                guard index < bytes.count else { return false }
                switch bytes[index] {
                case 0x22:
                    guard string() != nil else { return false }
                case 0x7B, 0x5B:
                    depth += 1
                    index += 1
                case 0x7D, 0x5D:
                    depth -= 1
                    index += 1
                case 0x2C, 0x3A:
                    // Between the items of a nested array or object.
                    index += 1
                default:
                    // A number or literal runs to the next delimiter.
                    while index < bytes.count, ![0x2C, 0x7D, 0x5D, 0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                        index += 1
                    }
                }
            } while depth > 0
            return depth == 0
        }
        skipSpace()
        guard index < bytes.count, bytes[index] == 0x7B else { return nil }
        index += 1
        var names: [String] = []
        skipSpace()
        if index < bytes.count, bytes[index] == 0x7D { return names }
        while true {
            skipSpace()
            guard let name = string() else { return nil }
            names.append(name)
            skipSpace()
            guard index < bytes.count, bytes[index] == 0x3A else { return nil }
            index += 1
            guard skipValue() else { return nil }
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == 0x2C {
                index += 1
                continue
            }
            return bytes[index] == 0x7D ? names : nil
        }
    }
}
