import BeckonDKIM
import Foundation
import Testing

/// The DKIM-Signature field the signer writes, read back here (dkimpy checks it against the
/// standard in `DkimpyVerificationTests`).
@Suite struct DKIMSignerTests {
    static let date = Date(timeIntervalSince1970: 1_700_000_000.75)

    static func signer(_ algorithm: DKIMKey.Algorithm) throws -> DKIMSigner {
        try DKIMSigner(key: DKIMKey.generate(algorithm), domain: "example.com", selector: "beckon2023")
    }

    @Test(arguments: [DKIMKey.Algorithm.rsaSHA256, .ed25519SHA256])
    func theSignatureComesFirstInLinesOfAtMost78(algorithm: DKIMKey.Algorithm) throws {
        let signed = SignedMessage(try Self.signer(algorithm).sign(SampleMessages.multipart, at: Self.date))
        #expect(signed.signatureLines[0].hasPrefix("DKIM-Signature: v=1; a=\(algorithm.rawValue); c=relaxed/relaxed;"))
        #expect(signed.signatureLines.count > 1)
        #expect(signed.signatureLines.allSatisfy { $0.utf8.count <= 78 })
        #expect(signed.rest == SampleMessages.multipart)
        #expect(signed.tags["v"] == "1" && signed.tags["a"] == algorithm.rawValue)
        #expect(signed.tags["d"] == "example.com" && signed.tags["s"] == "beckon2023")
        #expect(signed.tags["t"] == "1700000000")
        #expect(signed.tags["b"].map { Data(base64Encoded: $0)?.count } == (algorithm == .rsaSHA256 ? 256 : 64))
    }

    /// The recommended fields the message has, in the order they first occur, each as often as
    /// it occurs and From and the one-click unsubscribe fields once more; the Received fields are
    /// not signed.
    @Test func signsTheRecommendedFieldsWithFromAndUnsubscribeOversigned() throws {
        let signed = SignedMessage(try Self.signer(.ed25519SHA256).sign(SampleMessages.multipart, at: Self.date))
        let expected = [
            "from", "from", "reply-to", "to", "cc", "subject", "date", "message-id", "resent-date", "resent-date",
            "resent-from", "resent-from", "list-unsubscribe", "list-unsubscribe", "list-unsubscribe-post",
            "list-unsubscribe-post", "mime-version", "content-type",
        ]
        #expect(signed.tags["h"] == expected.joined(separator: ":"))
        let plain = SignedMessage(try Self.signer(.ed25519SHA256).sign(SampleMessages.plain, at: Self.date))
        #expect(
            plain.tags["h"]
                == "from:from:to:subject:date:message-id:mime-version:content-type:content-transfer-encoding")
    }

    /// The body hashes as relaxed canonicalization says (worked out with Python's hashlib), and an
    /// empty body as nothing at all.
    @Test func theBodyHashIsOfTheRelaxedBody() throws {
        let signer = try Self.signer(.ed25519SHA256)
        let plain = SignedMessage(try signer.sign(SampleMessages.plain, at: Self.date))
        #expect(plain.tags["bh"] == "Qqpv/753PPC8Jc931OelCZH6+o4/DU6FzXHUnYBZ6Bw=")
        let empty = SignedMessage(try signer.sign(SampleMessages.emptyBody, at: Self.date))
        #expect(empty.tags["bh"] == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
    }

    /// PKCS#1 v1.5 is deterministic everywhere; Ed25519 is where swift-crypto signs with
    /// BoringSSL, not on Apple platforms, where CryptoKit adds randomness to Ed25519 signatures.
    #if canImport(Darwin)
        static let deterministicAlgorithms = [DKIMKey.Algorithm.rsaSHA256]
    #else
        static let deterministicAlgorithms = [DKIMKey.Algorithm.rsaSHA256, .ed25519SHA256]
    #endif

    @Test(arguments: deterministicAlgorithms)
    func theSameMessageAtTheSameTimeGetsTheSameSignature(algorithm: DKIMKey.Algorithm) throws {
        let signer = try Self.signer(algorithm)
        let first = try signer.sign(SampleMessages.multipart, at: Self.date)
        #expect(try signer.sign(SampleMessages.multipart, at: Self.date) == first)
        #expect(try signer.sign(SampleMessages.multipart, at: Self.date.addingTimeInterval(1)) != first)
    }

    /// Bare LF line ends are signed, and written, as CRLF; a last line without a line end gets one.
    @Test func bareLineFeedsBecomeCRLF() throws {
        let signer = try Self.signer(.rsaSHA256)
        let crlf = try signer.sign(SampleMessages.multipart, at: Self.date)
        #expect(try signer.sign(SampleMessages.withLineFeeds(SampleMessages.multipart), at: Self.date) == crlf)
        let unterminated = SampleMessages.lines("From: a@example.com", "", "Last line")
        let terminated = SampleMessages.lines("From: a@example.com", "", "Last line", "")
        #expect(try signer.sign(unterminated, at: Self.date) == signer.sign(terminated, at: Self.date))
    }

    @Test(arguments: [
        (SampleMessages.lines("To: a@example.org", "", "Hi", ""), DKIMSignError.Problem.noFrom),
        (SampleMessages.lines("From: a@example.com", "To: b@example.org"), .noEndOfHeader),
        (SampleMessages.lines(" folded: before any field", "From: a@example.com", "", ""), .malformedHeaderLine(1)),
        (SampleMessages.lines("From: a@example.com", "Not a header", "", ""), .malformedHeaderLine(2)),
        (SampleMessages.lines("From: a@example.com", ": no name", "", ""), .malformedHeaderLine(2)),
        (SampleMessages.lines("From: a@example.com", "Bad Name: x", "", ""), .malformedHeaderLine(2)),
    ])
    func malformedMessagesAreRefused(message: [UInt8], problem: DKIMSignError.Problem) throws {
        #expect(throws: DKIMSignError(problem)) { try Self.signer(.ed25519SHA256).sign(message, at: Self.date) }
        #expect(!DKIMSignError(problem).description.isEmpty)
    }
}
