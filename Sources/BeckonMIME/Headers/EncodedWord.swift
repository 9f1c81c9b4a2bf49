import BeckonBase64

/// RFC 2047 encoded-words in UTF-8: `=?UTF-8?B?…?=` and `=?UTF-8?Q?…?=`.
enum EncodedWord {
    /// The longest encoded-word RFC 2047 §2 allows.
    static let maximumLength = 75
    private static let overhead = "=?UTF-8?B??=".utf8.count

    private enum Scheme: String { case b = "B", q = "Q" }

    /// The text as encoded-words, in whichever of B and Q is shorter (Q on a tie). Each word holds
    /// whole grapheme clusters where they fit and always whole UTF-8 sequences, and is at most 75
    /// characters; the first is at most `firstLength`, so it fits after a field name.
    /// - Parameters:
    ///   - text: Non-empty text.
    ///   - firstLength: The most characters the first word may take, at least 24.
    static func encode(_ text: String, firstLength: Int) -> [String] {
        let bytes = Array(text.utf8)
        // Where each grapheme cluster ends in the bytes.
        var ends: [Int] = []
        var end = 0
        for character in text {
            end += character.utf8.count
            ends.append(end)
        }
        let q = words(bytes, ends, .q, firstLength: firstLength)
        let b = words(bytes, ends, .b, firstLength: firstLength)
        func width(_ words: [String]) -> Int { words.reduce(words.count - 1) { $0 + $1.utf8.count } }
        return width(b) < width(q) ? b : q
    }

    /// The words of a text's bytes, whose grapheme clusters end at `ends`. A word is always a run
    /// of whole units (clusters, or the scalars of a cluster too long for one word).
    private static func words(_ bytes: [UInt8], _ ends: [Int], _ scheme: Scheme, firstLength: Int) -> [String] {
        let firstBudget = min(firstLength, maximumLength) - overhead
        var words: [String] = []
        var current = 0..<0
        // The Q payload's length so far (B's follows from the byte count).
        var currentQ = 0
        func add(_ unit: Range<Int>) {
            let budget = words.isEmpty ? firstBudget : maximumLength - overhead
            let unitQ = scheme == .q ? qLength(bytes[unit]) : 0
            let joined = scheme == .b ? (current.count + unit.count + 2) / 3 * 4 : currentQ + unitQ
            if !current.isEmpty, joined > budget {
                words.append(word(bytes[current], scheme))
                current = unit.lowerBound..<unit.lowerBound
                currentQ = 0
            }
            current = (current.isEmpty ? unit.lowerBound : current.lowerBound)..<unit.upperBound
            currentQ += unitQ
        }
        var start = 0
        for end in ends {
            let cluster = start..<end
            start = end
            guard payloadLength(bytes[cluster], scheme) > firstBudget else {
                add(cluster)
                continue
            }
            // A cluster too long for one word goes scalar by scalar.
            var scalarStart = cluster.lowerBound
            for index in cluster.dropFirst() where bytes[index] & 0xC0 != 0x80 {
                add(scalarStart..<index)
                scalarStart = index
            }
            add(scalarStart..<cluster.upperBound)
        }
        if !current.isEmpty { words.append(word(bytes[current], scheme)) }
        return words
    }

    private static func payloadLength(_ bytes: ArraySlice<UInt8>, _ scheme: Scheme) -> Int {
        switch scheme {
        case .b: (bytes.count + 2) / 3 * 4
        case .q: qLength(bytes)
        }
    }

    private static func qLength(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 + (isQLiteral($1) || $1 == 0x20 ? 1 : 3) }
    }

    /// Whether Q writes the byte as it is: letters, digits and `!*+-/`.
    private static func isQLiteral(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x21, 0x2A, 0x2B, 0x2D, 0x2F: true
        default: false
        }
    }

    private static func word(_ bytes: ArraySlice<UInt8>, _ scheme: Scheme) -> String {
        var word = Array("=?UTF-8?\(scheme.rawValue)?".utf8)
        switch scheme {
        case .b: word += Base64.encode(Array(bytes)).utf8
        case .q:
            word.reserveCapacity(word.count + bytes.count * 3 + 2)
            for byte in bytes {
                if byte == 0x20 {
                    word.append(UInt8(ascii: "_"))
                } else if isQLiteral(byte) {
                    word.append(byte)
                } else {
                    word += [
                        UInt8(ascii: "="), QuotedPrintable.hexDigit(byte >> 4), QuotedPrintable.hexDigit(byte & 0x0F),
                    ]
                }
            }
        }
        word += "?=".utf8
        return String(decoding: word, as: UTF8.self)
    }

}

extension EncodedWord {
    /// Whether a whitespace-delimited token has the shape of an encoded-word, `=?…?=`.
    static func looksEncoded(_ token: some StringProtocol) -> Bool {
        token.utf8.count >= 8 && token.hasPrefix("=?") && token.hasSuffix("?=")
    }

    /// The text of an encoded-word in UTF-8 or US-ASCII, or `nil` when it is longer than 75
    /// characters or malformed.
    static func decode(_ token: some StringProtocol) -> String? {
        guard looksEncoded(token), token.utf8.count <= maximumLength else { return nil }
        let fields = token.dropFirst(2).dropLast(2).split(separator: "?", omittingEmptySubsequences: false)
        guard fields.count == 3 else { return nil }
        let charset = fields[0].split(separator: "*", maxSplits: 1).first?.lowercased()
        guard charset == "utf-8" || charset == "us-ascii" else { return nil }
        let payload = Array(fields[2].utf8)
        let bytes: [UInt8]?
        switch fields[1] {
        case "B", "b": bytes = Base64.decode(payload)
        case "Q", "q": bytes = decodeQ(payload)
        default: return nil
        }
        return bytes.flatMap(String.init(strictUTF8:))
    }

    /// Unstructured header text with its encoded-words decoded; the whitespace between two adjacent
    /// encoded-words is dropped (RFC 2047 §6.2). `nil` when a token shaped like an encoded-word
    /// does not decode.
    static func decodeText(_ text: String) -> String? {
        var result = ""
        var pendingSpace = ""
        var previousWasEncoded = false
        for run in whitespaceRuns(text) {
            if run.first == " " || run.first == "\t" {
                pendingSpace = String(run)
                continue
            }
            let isEncoded = looksEncoded(run)
            if !(isEncoded && previousWasEncoded) { result += pendingSpace }
            pendingSpace = ""
            if isEncoded {
                guard let decoded = decode(run) else { return nil }
                result += decoded
            } else {
                result += run
            }
            previousWasEncoded = isEncoded
        }
        return result + pendingSpace
    }

    /// The text cut into alternating runs of whitespace and of everything else.
    private static func whitespaceRuns(_ text: String) -> [Substring] {
        var runs: [Substring] = []
        var start = text.startIndex
        for index in text.indices where index != start {
            let isSpace = { (character: Character) in character == " " || character == "\t" }
            if isSpace(text[index]) != isSpace(text[text.index(before: index)]) {
                runs.append(text[start..<index])
                start = index
            }
        }
        if start < text.endIndex { runs.append(text[start...]) }
        return runs
    }

    private static func decodeQ(_ payload: [UInt8]) -> [UInt8]? {
        var bytes: [UInt8] = []
        var index = 0
        while index < payload.count {
            switch payload[index] {
            case UInt8(ascii: "_"):
                bytes.append(0x20)
                index += 1
            case UInt8(ascii: "="):
                guard index + 2 < payload.count, let high = QuotedPrintable.hexValue(payload[index + 1]),
                    let low = QuotedPrintable.hexValue(payload[index + 2])
                else { return nil }
                bytes.append(high << 4 | low)
                index += 3
            case 0x21...0x7E:
                bytes.append(payload[index])
                index += 1
            default: return nil
            }
        }
        return bytes
    }
}
