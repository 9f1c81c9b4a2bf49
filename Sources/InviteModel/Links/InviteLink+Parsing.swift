import BeckonURL
import Foundation

/// Why a URL is not a well-formed invite link of a site.
public struct LinkParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
}

extension InviteLink {
    /// Reads a signed invite link; the signature is read, not verified.
    /// - Parameters:
    ///   - url: The link.
    ///   - policy: The site's link policy, which the link must match.
    public init(parsing url: String, policy: LinkPolicy) throws(LinkParseError) {
        func fail(_ reason: String) -> LinkParseError { LinkParseError(description: reason) }
        guard url.hasPrefix("https://") else { throw fail("an invite link starts with https://") }
        let rest = url.dropFirst("https://".count)
        guard let slash = rest.firstIndex(of: "/") else { throw fail("the link has no path") }
        let host = rest[..<slash].lowercased()
        guard host == policy.host else { throw fail("the link's host is \(host), not \(policy.host)") }
        let afterHost = rest[slash...]
        let pathPart = afterHost.prefix { $0 != "?" && $0 != "#" }
        guard !afterHost.contains("#") else { throw fail("an invite link has no #fragment") }
        guard let path = PercentEncoding.decode(pathPart) else { throw fail("the path has a malformed escape") }
        let query = afterHost.dropFirst(pathPart.count).dropFirst()
        // Codes, keys, signatures and ids are written with plain letters, digits, `-` and `_`: a
        // link that percent-encodes them is not one Beckon or an invite service wrote.
        guard !pathPart.contains("%"), !query.contains("%"), !query.contains("+") else {
            throw fail("the link is not in its canonical spelling: it percent-encodes its path or parameters")
        }
        guard let pairs = QueryString.parse(query) else { throw fail("the query has a malformed escape") }
        var values: [String: String] = [:]
        for (name, value) in pairs {
            guard values[name] == nil else { throw fail("the parameter `\(name)` appears twice") }
            values[name] = value
        }
        let known: Set<String> =
            policy.form == .path ? ["exp", "kid", "sig", "v"] : ["exp", "kid", "sig", "v", "ref", "ctx", "cid"]
        if let unknown = values.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail("the link has an unknown parameter `\(unknown)`")
        }
        guard let exp = values["exp"], let seconds = Int64(exp), exp == String(seconds) else {
            throw fail("the link has no valid `exp`")
        }
        guard let keyID = values["kid"], !keyID.isEmpty else { throw fail("the link has no `kid`") }
        guard let signature = values["sig"], signature.count == 22,
            signature.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { throw fail("the link has no valid `sig`") }
        if let variant = values["v"], !Self.isOpaqueID(variant) { throw fail("the link's `v` is not an opaque id") }

        let target: Target
        switch policy.form {
        case .path:
            let pieces = policy.path.components(separatedBy: "{code}")
            guard pieces.count == 2, path.hasPrefix(pieces[0]), path.hasSuffix(pieces[1]),
                path.count > pieces[0].count + pieces[1].count,
                let code = InviteCode(String(path.dropFirst(pieces[0].count).dropLast(pieces[1].count)))
            else { throw fail("the path is not \(policy.path) with a valid code") }
            target = .code(code)
        case .query:
            guard path == policy.path else { throw fail("the path is \(path), not \(policy.path)") }
            guard let sender = values["ref"], Self.isOpaqueID(sender) else { throw fail("the link has no valid `ref`") }
            if let content = values["cid"], !Self.isOpaqueID(content) {
                throw fail("the link's `cid` is not an opaque id")
            }
            guard let context = values["ctx"].flatMap(InviteContext.init(rawValue:)) else {
                throw fail("the link has no valid `ctx`")
            }
            target = .referral(senderID: sender, context: context, contentID: values["cid"])
        }
        self.host = host
        self.path = path
        self.target = target
        self.expiresAt = Date(timeIntervalSince1970: TimeInterval(seconds))
        self.keyID = keyID
        self.variant = values["v"]
        self.signature = signature
    }
}
