import BeckonURL

/// Splits and joins `name=value&…` query strings with RFC 3986 encoding.
enum QueryString {
    /// Name/value pairs in order; `nil` when an escape is malformed.
    static func parse(_ query: some StringProtocol) -> [(String, String)]? {
        var pairs: [(String, String)] = []
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = PercentEncoding.decode(parts[0]),
                let value = PercentEncoding.decode(parts.count > 1 ? parts[1] : "")
            else { return nil }
            pairs.append((name, value))
        }
        return pairs
    }

    /// `a=1&b=two%20words`, in the given order.
    static func build(_ pairs: [(String, String)]) -> String {
        pairs.map { "\(PercentEncoding.encode($0.0))=\(PercentEncoding.encode($0.1))" }.joined(separator: "&")
    }
}
