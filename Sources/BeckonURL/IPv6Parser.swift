/// The URL Standard's IPv6 parser and serializer (the text between `[` and `]`).
enum IPv6Parser {
    /// The eight pieces of the address written in `text`.
    static func parse(_ text: ArraySlice<UInt8>) throws(URLParseFailure) -> [UInt16] {
        let input = Array(text)
        func byte(at index: Int) -> UInt8? { index < input.count ? input[index] : nil }
        var address = [UInt16](repeating: 0, count: 8)
        var pieceIndex = 0
        var compress: Int?
        var pointer = 0
        if byte(at: 0) == .colon {
            guard byte(at: 1) == .colon else { throw .invalidIPv6("it starts with a single \":\"") }
            pointer = 2
            pieceIndex = 1
            compress = 1
        }
        pieces: while let current = byte(at: pointer) {
            guard pieceIndex != 8 else { throw .invalidIPv6("it has more than eight pieces") }
            if current == .colon {
                guard compress == nil else { throw .invalidIPv6("it has more than one \"::\"") }
                pointer += 1
                pieceIndex += 1
                compress = pieceIndex
                continue
            }
            var value: UInt16 = 0
            var length = 0
            while length < 4, let digit = byte(at: pointer)?.hexDigitValue {
                value = value << 4 | UInt16(digit)
                pointer += 1
                length += 1
            }
            switch byte(at: pointer) {
            case .period:
                guard length != 0 else { throw .invalidIPv6("an embedded IPv4 address has an empty part") }
                pointer -= length
                guard pieceIndex <= 6 else { throw .invalidIPv6("an embedded IPv4 address comes too late") }
                try parseEmbeddedIPv4(input, pointer: &pointer, into: &address, at: &pieceIndex)
                break pieces
            case .colon:
                pointer += 1
                guard byte(at: pointer) != nil else { throw .invalidIPv6("it ends with a single \":\"") }
            case nil:
                break
            default:
                throw .invalidIPv6("it has a character that is not a hex digit, \":\" or \".\"")
            }
            address[pieceIndex] = value
            pieceIndex += 1
        }
        if let compress {
            var swaps = pieceIndex - compress
            pieceIndex = 7
            while pieceIndex != 0, swaps > 0 {
                address.swapAt(pieceIndex, compress + swaps - 1)
                pieceIndex -= 1
                swaps -= 1
            }
        } else if pieceIndex != 8 {
            throw .invalidIPv6("it has fewer than eight pieces and no \"::\"")
        }
        return address
    }

    /// Parses the dotted IPv4 address that ends an IPv6 address into two pieces.
    private static func parseEmbeddedIPv4(
        _ input: [UInt8], pointer: inout Int, into address: inout [UInt16], at pieceIndex: inout Int
    ) throws(URLParseFailure) {
        var numbersSeen = 0
        while pointer < input.count {
            if numbersSeen > 0 {
                guard input[pointer] == .period, numbersSeen < 4 else {
                    throw .invalidIPv6("the embedded IPv4 address is malformed")
                }
                pointer += 1
            }
            guard pointer < input.count, input[pointer].isASCIIDigit else {
                throw .invalidIPv6("the embedded IPv4 address has a part that is not a decimal number")
            }
            var piece: UInt16?
            while pointer < input.count, input[pointer].isASCIIDigit {
                let number = UInt16(input[pointer] - .digitZero)
                if let current = piece {
                    guard current != 0 else { throw .invalidIPv6("the embedded IPv4 address has a leading zero") }
                    piece = current * 10 + number
                } else {
                    piece = number
                }
                guard let value = piece, value <= 255 else {
                    throw .invalidIPv6("the embedded IPv4 address has a part greater than 255")
                }
                pointer += 1
            }
            address[pieceIndex] = address[pieceIndex] << 8 | (piece ?? 0)
            numbersSeen += 1
            if numbersSeen == 2 || numbersSeen == 4 {
                pieceIndex += 1
            }
        }
        guard numbersSeen == 4 else { throw .invalidIPv6("the embedded IPv4 address has fewer than four parts") }
    }

    /// The pieces in the standard's text form: lower-case hex, the first longest run of two or more zero
    /// pieces written as `::`.
    static func serialize(_ pieces: [UInt16]) -> String {
        let compress = compressedPieceIndex(pieces)
        var output = ""
        var ignoreZero = false
        for (index, piece) in pieces.enumerated() {
            if ignoreZero, piece == 0 { continue }
            ignoreZero = false
            if compress == index {
                output += index == 0 ? "::" : ":"
                ignoreZero = true
                continue
            }
            output += String(piece, radix: 16)
            if index != pieces.count - 1 { output += ":" }
        }
        return output
    }

    /// The index of the first longest run of at least two zero pieces, or `nil`.
    private static func compressedPieceIndex(_ pieces: [UInt16]) -> Int? {
        var longestIndex: Int?
        var longestSize = 1
        var foundIndex: Int?
        var foundSize = 0
        for (index, piece) in pieces.enumerated() {
            if piece != 0 {
                if foundSize > longestSize {
                    longestIndex = foundIndex
                    longestSize = foundSize
                }
                foundIndex = nil
                foundSize = 0
            } else {
                if foundIndex == nil { foundIndex = index }
                foundSize += 1
            }
        }
        return foundSize > longestSize ? foundIndex : longestIndex
    }
}
