/// Why a `DKIMSigner` could not be made. The description says what is wrong and how to fix it.
public struct DKIMSignerError: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Equatable, Sendable {
        /// The signing domain (`d=`) is not a domain name of two labels or more.
        case invalidDomain(String)
        /// The selector (`s=`) is not one or more dot-separated labels.
        case invalidSelector(String)
    }

    /// What is wrong.
    public let problem: Problem

    /// An error for `problem`.
    public init(_ problem: Problem) {
        self.problem = problem
    }

    /// What is wrong and how to fix it.
    public var description: String {
        let rule =
            "labels of letters, digits and hyphens (not at either end of a label), 63 characters at most "
            + "each, separated by dots; a name in another script goes in its `xn--` form."
        switch problem {
        case .invalidDomain(let domain):
            return "The DKIM domain `\(domain)` is not a domain name such as `example.com`: give two or more \(rule)"
        case .invalidSelector(let selector):
            return "The DKIM selector `\(selector)` is not a selector such as `beckon2025`: give one or more \(rule)"
        }
    }
}
