import BeckonDKIM
import BeckonTestSupport

/// scripts/dkim-verify.py for a signer's messages.
enum DKIMVerifyScript {
    /// Why dkimpy finds the first signature of `message` wrong, given the DNS record of `key` (the
    /// signer's own by default) at the signer's selector and domain; `nil` when it verifies.
    static func failure(of message: [UInt8], signer: DKIMSigner, record: String? = nil) throws -> String? {
        try DKIMVerifier.failure(
            of: message, name: "\(signer.selector)._domainkey.\(signer.domain)", record: record ?? signer.key.dnsRecord)
    }
}
