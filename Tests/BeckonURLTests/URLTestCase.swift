import Testing

/// One row of the tables in the style of the standard's URL test data: an input, an optional base URL and
/// the expected serialization, or `nil` when the parser must fail.
struct URLTestCase: Sendable, CustomTestStringConvertible {
    /// The input, as found in an attribute after character references are decoded.
    let input: String
    /// The base URL, or `nil` to parse without one.
    let base: String?
    /// The expected `href`, or `nil` for failure.
    let expectedHref: String?

    /// How the row reads in test output.
    var testDescription: String {
        let against = base.map { " against \($0.debugDescription)" } ?? ""
        return "\(input.debugDescription)\(against) → \(expectedHref?.debugDescription ?? "failure")"
    }

    /// A row where `input` parses to `href`.
    static func parses(_ input: String, base: String? = nil, to href: String) -> URLTestCase {
        URLTestCase(input: input, base: base, expectedHref: href)
    }

    /// A row where parsing `input` fails.
    static func fails(_ input: String, base: String? = nil) -> URLTestCase {
        URLTestCase(input: input, base: base, expectedHref: nil)
    }
}
