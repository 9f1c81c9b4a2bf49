import BeckonBase64
import Crypto
import Foundation

/// Signs messages for one domain and selector (RFC 6376, RFC 8463), with relaxed/relaxed
/// canonicalization, before they go to an SMTP relay.
public struct DKIMSigner: Sendable {
    /// The key signatures are made with; its public half is published at
    /// `SELECTOR._domainkey.DOMAIN`.
    public let key: DKIMKey
    /// The signing domain, the `d=` tag.
    public let domain: String
    /// The selector, the `s=` tag.
    public let selector: String

    /// A signer for `domain` (two or more labels, such as `example.com`) and `selector` (one or
    /// more labels, such as `beckon2025`); names in other scripts go in their `xn--` form.
    public init(key: DKIMKey, domain: String, selector: String) throws(DKIMSignerError) {
        guard DomainName.isValid(domain, minimumLabels: 2) else { throw DKIMSignerError(.invalidDomain(domain)) }
        guard DomainName.isValid(selector, minimumLabels: 1) else {
            throw DKIMSignerError(.invalidSelector(selector))
        }
        self.key = key
        self.domain = domain
        self.selector = selector
    }

    /// The message (RFC 5322 bytes: header fields, an empty line, the body) with a
    /// `DKIM-Signature:` field put first. The signature has `c=relaxed/relaxed`, `a=` the key's
    /// algorithm, `t=` the signing time, and `h=` the fields `SignedHeaders` chooses, From
    /// oversigned. Its lines are at most 78 characters, but for a `d=` or `s=` name too long for
    /// one line.
    ///
    /// Lines should end with CRLF. A bare LF is taken as a line end too, and is written as CRLF
    /// in the returned message, which the signature covers; a message whose last line has no line
    /// end gets a CRLF. Refuses a message without From, without the empty line after the header,
    /// or with a header line that is not a field.
    public func sign(_ message: [UInt8], at date: Date) throws(DKIMSignError) -> [UInt8] {
        let message = LineEnds.crlf(message)
        let layout = try MessageLayout(message)
        let signed = try SignedHeaders(layout, in: message)
        let bodyHash = SHA256.hash(data: RelaxedCanonicalization.body(message[layout.bodyStart...]))

        var field = unsignedField(names: signed.names, bodyHash: bodyHash, date: date)
        let headerData = signed.canonical + RelaxedCanonicalization.header(field.bytes)
        let signature: [UInt8]
        do {
            signature = try key.material.signature(of: SHA256.hash(data: headerData))
        } catch {
            throw DKIMSignError(.signingFailed)
        }
        field.append(breakable: Base64.encode(signature))

        var output = field.bytes
        output.reserveCapacity(output.count + 2 + message.count)
        output += CanonicalText.crlf
        output += message
        return output
    }

    /// The signature field with every tag but the `b=` value, which comes last: the form the
    /// signature itself covers (RFC 6376 §3.7).
    private func unsignedField(names: [String], bodyHash: SHA256Digest, date: Date) -> FoldedField {
        var field = FoldedField(name: "DKIM-Signature")
        let seconds = Int64(max(0, date.timeIntervalSince1970.rounded(.down)))
        let tags = [
            "v=1;", "a=\(key.algorithm.rawValue);", "c=relaxed/relaxed;", "d=\(domain);", "s=\(selector);",
            "t=\(seconds);",
        ]
        for tag in tags { field.append(word: tag) }
        // From is always there, so the list has a first name.
        field.append(word: "h=" + names[0] + (names.count == 1 ? ";" : ":"))
        for (index, name) in names.enumerated().dropFirst() {
            field.append(joined: name + (index == names.count - 1 ? ";" : ":"))
        }
        field.append(word: "bh=")
        field.append(breakable: Base64.encode(Array(bodyHash)) + ";")
        field.append(word: "b=")
        return field
    }
}
