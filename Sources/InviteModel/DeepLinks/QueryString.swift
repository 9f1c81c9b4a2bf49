import BeckonURL

/// Splits and joins `name=value&…` query strings with RFC 3986 encoding.
enum QueryString {
    /// Name/value pairs in order; `nil` when an escape is malformed.
    /// Split at the bytes `&` and `=`, never inside a character: `&` and `=` are ASCII, so a
    /// split never cuts a UTF-8 sequence.
    static func parse(_ query: some StringProtocol) -> [(String, String)]? {
        var pairs: [(String, String)] = []
        let query = Substring(query)
        for item in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = item.firstIndex(of: UInt8(ascii: "="))
            guard let name = PercentEncoding.decode(Substring(item[..<(equals ?? item.endIndex)])),
                let value = PercentEncoding.decode(
                    equals.map { Substring(item[item.index(after: $0)...]) } ?? "")
            else { return nil }
            pairs.append((name, value))
        }
        return pairs
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
