extension ProvenanceMap {
    /// A map for `text` made from another rendering of the same content: each span of `html` whose
    /// text (tags removed, character references decoded) or link (`href`) occurs in `text` gives
    /// those bytes its origin. The plain-text part of an email is written from the same template and strings as
    /// its HTML part, so a link or sentence in it traces to where the HTML part's came from.
    /// - Parameters:
    ///   - html: The marked-up rendering's bytes.
    ///   - map: Its provenance.
    ///   - text: The plain rendering's bytes.
    ///   - minimumLength: Shorter texts (a comma, a name) are left out: they match too much.
    public static func borrowed(
        from html: [UInt8], map: ProvenanceMap, into text: [UInt8], minimumLength: Int = 8
    ) -> ProvenanceMap {
        var spans: [Span] = []
        struct Seen: Hashable {
            var plain: [UInt8]
            var origin: Int
        }
        var seen: Set<Seen> = []
        for span in map.spans where span.depth > 0 && span.end <= html.count && span.start < span.end {
            let bytes = html[span.start..<span.end]
            for plain in [Self.plainText(bytes)] + Self.hrefs(in: bytes) {
                guard plain.count >= minimumLength, seen.insert(Seen(plain: plain, origin: span.origin)).inserted
                else { continue }
                var from = 0
                while let found = Self.find(plain, in: text, from: from) {
                    spans.append(Span(start: found, end: found + plain.count, origin: span.origin, depth: span.depth))
                    from = found + plain.count
                }
            }
        }
        spans.sort { ($0.start, $0.depth) < ($1.start, $1.depth) }
        return ProvenanceMap(origins: map.origins, spans: spans)
    }

    /// The bytes without tags, with `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;` and `&#NN;` decoded and
    /// runs of white space as one space, trimmed.
    static func plainText(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        var inTag = false
        while index < bytes.endIndex {
            let byte = bytes[index]
            if inTag {
                if byte == UInt8(ascii: ">") { inTag = false }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "<"):
                inTag = true
                index += 1
            case UInt8(ascii: "&"):
                let end = bytes[index...].prefix(10).firstIndex(of: UInt8(ascii: ";"))
                if let end, let decoded = Self.reference(bytes[(index + 1)..<end]) {
                    out += decoded
                    index = end + 1
                } else {
                    out.append(byte)
                    index += 1
                }
            case 0x20, 0x09, 0x0A, 0x0D:
                if let last = out.last, last != 0x20 { out.append(0x20) }
                index += 1
            default:
                out.append(byte)
                index += 1
            }
        }
        while out.last == 0x20 { out.removeLast() }
        return out
    }

    /// The decoded values of the `href="…"` attributes in `bytes`.
    static func hrefs(in bytes: ArraySlice<UInt8>) -> [[UInt8]] {
        let marker = Array("href=\"".utf8)
        var found: [[UInt8]] = []
        var index = bytes.startIndex
        while index + marker.count <= bytes.endIndex {
            guard bytes[index..<(index + marker.count)].elementsEqual(marker) else {
                index += 1
                continue
            }
            let start = index + marker.count
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { break }
            found.append(plainText(bytes[start..<end]))
            index = end + 1
        }
        return found
    }

    /// The UTF-8 of a character reference's name (`amp`, `#39`, `#x27`).
    private static func reference(_ name: ArraySlice<UInt8>) -> [UInt8]? {
        switch String(decoding: name, as: UTF8.self) {
        case "amp": return [UInt8(ascii: "&")]
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        case let numeric where numeric.hasPrefix("#"):
            let digits = numeric.dropFirst()
            let value =
                digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, let scalar = Unicode.Scalar(value) else { return nil }
            return Array(String(Character(scalar)).utf8)
        default: return nil
        }
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, bytes.count - start >= needle.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
