/// One of the URL Standard's percent-encode sets: the bytes that are written as `%XX` in a URL component.
///
/// Every set contains the C0 controls and every byte above U+007E, so non-ASCII text is always
/// percent-encoded as its UTF-8 bytes.
struct PercentEncodeSet: Sendable {
    /// Membership of the bytes 0x00 to 0x3F.
    private var low: UInt64 = 0
    /// Membership of the bytes 0x40 to 0x7F.
    private var high: UInt64 = 0

    /// The C0 control percent-encode set (used for opaque paths and opaque hosts).
    static let c0Control = PercentEncodeSet()
    /// The fragment percent-encode set.
    static let fragment = c0Control.adding(" \"<>`")
    /// The query percent-encode set (queries of URLs that are not special).
    static let query = c0Control.adding(" \"#<>")
    /// The special-query percent-encode set (queries of special URLs): the query set and `'`.
    static let specialQuery = query.adding("'")
    /// The path percent-encode set.
    static let path = query.adding("?^`{}")
    /// The userinfo percent-encode set (username and password).
    static let userinfo = path.adding("/:;=@[\\]|")
    /// Every byte but RFC 3986's unreserved characters (`A–Z a–z 0–9 - . _ ~`): what Beckon's own
    /// `PercentEncoding` writes as `%XX` (not one of the URL Standard's sets).
    static let allButUnreserved = c0Control.adding(" !\"#$%&'()*+,/:;<=>?@[\\]^`{|}")

    /// Whether `byte` is percent-encoded by this set.
    func contains(_ byte: UInt8) -> Bool {
        if byte < 0x20 || byte > 0x7E { return true }
        return byte < 0x40 ? low >> UInt64(byte) & 1 == 1 : high >> UInt64(byte - 0x40) & 1 == 1
    }

    /// This set with the ASCII characters of `characters` added.
    private func adding(_ characters: String) -> PercentEncodeSet {
        var result = self
        for byte in characters.utf8 where byte < 0x80 {
            if byte < 0x40 { result.low |= 1 << UInt64(byte) } else { result.high |= 1 << UInt64(byte - 0x40) }
        }
        return result
    }
}
