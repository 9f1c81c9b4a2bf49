/// The URL Standard's IPv4 parser and serializer, which accept the legacy forms browsers accept
/// (`0x7f.1`, `2130706433`, octal `0177.0.0.1`).
enum IPv4Parser {
    /// The address written in `input`, a domain that ends in a number.
    static func parse(_ input: [UInt8]) throws(URLParseFailure) -> UInt32 {
        var parts = input.split(separator: .period, omittingEmptySubsequences: false)
        if parts.count > 1, parts.last?.isEmpty == true {
            parts.removeLast()
        }
        guard parts.count <= 4 else { throw .invalidIPv4("it has more than four parts") }
        var numbers: [UInt64] = []
        for part in parts {
            guard let number = parseNumber(part) else { throw .invalidIPv4("a part is not a number") }
            numbers.append(number)
        }
        guard let last = numbers.popLast() else { throw .invalidIPv4("it is empty") }
        guard numbers.allSatisfy({ $0 <= 255 }) else { throw .invalidIPv4("a part is greater than 255") }
        guard last < 1 << (8 * (4 - numbers.count)) else { throw .invalidIPv4("its last part is too large") }
        var address = last
        for (counter, number) in numbers.enumerated() {
            address += number << (8 * (3 - counter))
        }
        return UInt32(address)
    }

    /// The IPv4 number parser: decimal, `0x` hex or `0` octal; `nil` for failure. Values are capped at 2³²,
    /// which no address part can reach.
    static func parseNumber(_ part: ArraySlice<UInt8>) -> UInt64? {
        guard !part.isEmpty else { return nil }
        var digits = part
        var radix: UInt64 = 10
        if digits.count >= 2, digits.first == .digitZero, digits[digits.startIndex + 1] | 0x20 == 0x78 {
            digits = digits.dropFirst(2)
            radix = 16
        } else if digits.count >= 2, digits.first == .digitZero {
            digits = digits.dropFirst()
            radix = 8
        }
        var value: UInt64 = 0
        for byte in digits {
            guard let digit = byte.hexDigitValue, UInt64(digit) < radix else { return nil }
            value = Swift.min(value * radix + UInt64(digit), 1 << 32)
        }
        return value
    }

    /// `address` in dotted decimal, e.g. `127.0.0.1`.
    static func serialize(_ address: UInt32) -> String {
        (0..<4).map { String(address >> (24 - 8 * $0) & 0xFF) }.joined(separator: ".")
    }
}
