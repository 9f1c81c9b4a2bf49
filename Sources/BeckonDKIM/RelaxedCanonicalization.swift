/// The "relaxed" canonicalizations of RFC 6376, on bytes: header fields (§3.4.2) and bodies
/// (§3.4.4).
enum RelaxedCanonicalization {
    static let colon: UInt8 = 0x3A

    /// One header field (name, colon, and value with its folds, without the final line end) as
    /// `name:value`: the name lowercased, the field unfolded, each run of spaces and tabs made one
    /// space, and the spaces and tabs before and after the colon and at the end removed.
    static func header(_ field: some Collection<UInt8>) -> [UInt8] {
        let colon = field.firstIndex(of: colon) ?? field.endIndex
        var name: [UInt8] = []
        for byte in field[..<colon] where byte != CanonicalText.space && byte != CanonicalText.tab {
            name.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        name.append(Self.colon)
        var text = CanonicalText(unfolds: true, prefix: name, capacity: field.count + 1)
        for byte in field[colon...].dropFirst() { text.append(byte) }
        return text.finish()
    }

    /// A body with the spaces and tabs at the ends of lines removed, each other run of them made
    /// one space, the empty lines at the end removed, and each line left ended with CRLF: a body
    /// without text becomes empty, and any other ends with CRLF.
    static func body(_ body: some Collection<UInt8>) -> [UInt8] {
        var text = CanonicalText(unfolds: false, capacity: body.count + 2)
        for byte in body { text.append(byte) }
        return text.finish()
    }
}
