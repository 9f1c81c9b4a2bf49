import BeckonDKIM
import BeckonTestSupport
import Foundation
import Testing

/// Signatures checked by a verifier nobody here wrote: dkimpy, through scripts/dkim-verify.py.
@Suite(.enabled(if: TestTool.dkimpy.isAvailable, "dkimpy (PyPI) verifies the signatures"))
struct DkimpyVerificationTests {
    static let algorithms = [DKIMKey.Algorithm.rsaSHA256, .ed25519SHA256]
    static let samples: [String: [UInt8]] = [
        "plain": SampleMessages.plain, "multipart": SampleMessages.multipart, "empty body": SampleMessages.emptyBody,
        "LF line ends": SampleMessages.withLineFeeds(SampleMessages.multipart),
    ]

    /// What the script says when the header hash, not the body hash, is wrong.
    static let headerMismatch = "the b= signature does not match the signed header fields"

    static func signer(_ algorithm: DKIMKey.Algorithm) throws -> DKIMSigner {
        try DKIMSigner(key: DKIMKey.generate(algorithm), domain: "mail.example.com", selector: "beckon2023")
    }

    static func sign(_ sample: String, with signer: DKIMSigner) throws -> String {
        String(decoding: try signer.sign(samples[sample] ?? [], at: Date()), as: UTF8.self)
    }

    @Test(arguments: algorithms, ["plain", "multipart", "empty body", "LF line ends"])
    func dkimpyVerifiesTheSignature(algorithm: DKIMKey.Algorithm, sample: String) throws {
        let signer = try Self.signer(algorithm)
        let signed = try signer.sign(Self.samples[sample] ?? [], at: Date())
        #expect(try DKIMVerifyScript.failure(of: signed, signer: signer) == nil)
    }

    /// Fields that are not signed may be added on the way, and signed ones refolded: relaxed
    /// canonicalization is made for that.
    @Test(arguments: algorithms)
    func addedUnsignedFieldsAndRefoldingStillVerify(algorithm: DKIMKey.Algorithm) throws {
        let signer = try Self.signer(algorithm)
        let signed = try Self.sign("multipart", with: signer)
            .replacingOccurrences(of: "Cc: other@example.org", with: "Cc:\r\n \t other@example.org  ")
        let relayed = "Received: from mx.example.org by inbox.example.org\r\nX-Spam-Score: 0\r\n" + signed
        #expect(try DKIMVerifyScript.failure(of: Array(relayed.utf8), signer: signer) == nil)
    }

    @Test(arguments: algorithms)
    func changingOneBodyByteFails(algorithm: DKIMKey.Algorithm) throws {
        let signer = try Self.signer(algorithm)
        let changed = try Self.sign("multipart", with: signer).replacingOccurrences(
            of: "J=C3=BCrgen!", with: "J=C3=BCrgen?")
        let failure = try DKIMVerifyScript.failure(of: Array(changed.utf8), signer: signer)
        #expect(failure?.contains("body hash mismatch") == true, "\(failure ?? "verified")")
    }

    @Test(arguments: algorithms)
    func changingTheFromFails(algorithm: DKIMKey.Algorithm) throws {
        let signer = try Self.signer(algorithm)
        let changed = try Self.sign("plain", with: signer)
            .replacingOccurrences(of: "From: Beckon <invites@example.com>", with: "From: Beckon <invites@example.net>")
        let failure = try DKIMVerifyScript.failure(of: Array(changed.utf8), signer: signer)
        #expect(failure?.contains(Self.headerMismatch) == true, "\(failure ?? "verified")")
    }

    /// From is signed once more than it occurs, so a second From added below the signature breaks it.
    @Test(arguments: algorithms)
    func anAddedFromFails(algorithm: DKIMKey.Algorithm) throws {
        let signer = try Self.signer(algorithm)
        let changed = try Self.sign("plain", with: signer)
            .replacingOccurrences(of: "To: guest@example.org", with: "To: guest@example.org\r\nFrom: ceo@example.com")
        let failure = try DKIMVerifyScript.failure(of: Array(changed.utf8), signer: signer)
        #expect(failure?.contains(Self.headerMismatch) == true, "\(failure ?? "verified")")
    }

    /// Signed fields that occur twice are signed bottom-up, so their order counts: swapping the
    /// two Resent blocks fails.
    @Test func reorderingRepeatedFieldsFails() throws {
        let signer = try Self.signer(.ed25519SHA256)
        let first = "Resent-Date: Wed, 15 Nov 2023 08:00:00 +0000\r\nResent-From: first@example.com\r\n"
        let second = "Resent-Date: Wed, 15 Nov 2023 09:00:00 +0000\r\nResent-From: second@example.com\r\n"
        let signed = try Self.sign("multipart", with: signer)
        #expect(signed.contains(first + second))
        let swapped = signed.replacingOccurrences(of: first + second, with: second + first)
        let failure = try DKIMVerifyScript.failure(of: Array(swapped.utf8), signer: signer)
        #expect(failure?.contains(Self.headerMismatch) == true, "\(failure ?? "verified")")
    }

    @Test(arguments: algorithms)
    func theRecordOfAnotherKeyFails(algorithm: DKIMKey.Algorithm) throws {
        let signer = try Self.signer(algorithm)
        let signed = try signer.sign(SampleMessages.plain, at: Date())
        let other = try DKIMKey.generate(algorithm).dnsRecord
        let failure = try DKIMVerifyScript.failure(of: signed, signer: signer, record: other)
        #expect(failure?.contains(Self.headerMismatch) == true, "\(failure ?? "verified")")
    }
}
