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
        guard !afterHost.utf8.contains(UInt8(ascii: "#")) else { throw fail("an invite link has no #fragment") }
        guard let path = PercentEncoding.decode(pathPart) else { throw fail("the path has a malformed escape") }
        let query = afterHost.dropFirst(pathPart.count).dropFirst()
        // Codes, keys, signatures and ids are written with plain letters, digits, `-` and `_`: a
        // link that percent-encodes them is not one Beckon or an invite service wrote.
        guard !pathPart.utf8.contains(UInt8(ascii: "%")),
            !query.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") })
        else {
            throw fail("the link is not in its canonical spelling: it percent-encodes its path or parameters")
        }
        guard let pairs = QueryString.parse(query) else { throw fail("the query has a malformed escape") }
        var values: [String: String] = [:]
        for (name, value) in pairs {
            guard values[name] == nil else { throw fail("the parameter `\(name)` appears twice") }
            values[name] = value
        }
        let known = policy.form == .path ? Self.pathFormParameters : Self.queryFormParameters
        if let unknown = values.keys.filter({ !known.contains($0) }).min() {
            throw fail("the link has an unknown parameter `\(unknown)`")
        }
        guard let exp = values["exp"], let seconds = Int64(exp), exp == String(seconds) else {
            throw fail("the link has no valid `exp`")
        }
        guard let keyID = values["kid"], !keyID.isEmpty else { throw fail("the link has no `kid`") }
        guard let signature = values["sig"], signature.utf8.count == 22, signature.utf8.allSatisfy(Self.isIDByte)
        else { throw fail("the link has no valid `sig`") }
        if let variant = values["v"], !Self.isOpaqueID(variant) { throw fail("the link's `v` is not an opaque id") }

        let target: Target
        switch policy.form {
        case .path:
            guard let (prefix, suffix) = policy.codeAffixes, path.hasPrefix(prefix), path.hasSuffix(suffix),
                path.utf8.count > prefix.utf8.count + suffix.utf8.count,
                let code = InviteCode(String(path.dropFirst(prefix.count).dropLast(suffix.count)))
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
            var code: InviteCode?
            if let value = values["code"] {
                guard let parsed = InviteCode(value) else { throw fail("the link's `code` is not a valid invite code") }
                code = parsed
            }
            target = .referral(senderID: sender, context: context, contentID: values["cid"], code: code)
        }
        self.host = host
        self.path = path
        self.target = target
        self.expiresAt = Date(timeIntervalSince1970: TimeInterval(seconds))
        self.keyID = keyID
        self.variant = values["v"]
        self.signature = signature
    }

    /// The parameters a link of each form may carry.
    private static let pathFormParameters: Set<String> = ["exp", "kid", "sig", "v"]
    private static let queryFormParameters: Set<String> = ["exp", "kid", "sig", "v", "ref", "ctx", "cid", "code"]
}
