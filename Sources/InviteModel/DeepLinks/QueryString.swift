import BeckonURL

/// Splits and joins `name=value&…` query strings with RFC 3986 encoding.
enum QueryString {
    /// Name/value pairs in order; `nil` when an escape is malformed.
    /// Split at the bytes `&` and `=`, never inside a character: `&` and `=` are ASCII, so a
    /// split never cuts a UTF-8 sequence. The query is read in one contiguous copy of its UTF-8
    /// (a share message's link is checked once per channel), not through a substring's indices.
    static func parse(_ query: some StringProtocol) -> [(String, String)]? {
        var query = String(query)
        return query.withUTF8 { bytes -> [(String, String)]? in
            var pairs: [(String, String)] = []
            for item in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
                let equals = item.firstIndex(of: UInt8(ascii: "="))
                guard let name = PercentEncoding.decode(bytes: item[..<(equals ?? item.endIndex)]),
                    let value = PercentEncoding.decode(
                        bytes: equals.map { item[($0 + 1)...] } ?? item[item.endIndex...])
                else { return nil }
                pairs.append((name, value))
            }
            return pairs
        }
    }

    /// `a=1&b=two%20words`, in the given order.
    static func build(_ pairs: [(String, String)]) -> String {
        var query = ""
        for (name, value) in pairs {
            if !query.isEmpty { query += "&" }
            query += PercentEncoding.encode(name)
            query += "="
            query += PercentEncoding.encode(value)
        }
        return query
    }
}
