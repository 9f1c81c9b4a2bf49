import CryptoExtras
import Foundation
import InviteModel
import Testing

@testable import InviteSecurity

@Suite struct TokenAuthorityTests {
    static let policy = TokenPolicy(issuer: "https://app.selffull.io", audience: "selffull-accept", keyID: "sf-2026")
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    /// Generating a 2048-bit key cannot fail; `nil` would fail every test that uses it.
    static let privateKey = try? _RSA.Signing.PrivateKey(keySize: .bits2048)
    static var pem: String { privateKey?.pemRepresentation ?? "" }
    static let inviteID = UUID(uuidString: "5F0C1E52-94B3-4F3C-9E6A-2D1C0B9A8F7E")!

    static func authority(_ policy: TokenPolicy = policy) async throws -> TokenAuthority {
        try await TokenAuthority(privateKeyPEM: pem, policy: policy)
    }

    static func token(lifetime: TimeInterval = 7 * 86_400) async throws -> String {
        try await authority().sign(
            inviteID: inviteID, email: EmailAddress("client@example.com")!, courseRef: "course_42", issuedAt: now,
            expiresAt: now.addingTimeInterval(lifetime))
    }

    @Test func tokensRoundTripWithTheSeedPayload() async throws {
        let token = try await Self.token()
        let claims = try await Self.authority().verify(token, at: Self.now.addingTimeInterval(3600)).get()
        #expect(claims.inviteId == "5f0c1e52-94b3-4f3c-9e6a-2d1c0b9a8f7e")
        #expect(claims.email == "client@example.com")
        #expect(claims.courseRef == "course_42")
        #expect(claims.exp.value == Self.now.addingTimeInterval(7 * 86_400))
        let header = try #require(String(token.split(separator: ".")[0]).base64URLDecodedJSON)
        #expect(header["alg"] as? String == "RS256")
        #expect(header["kid"] as? String == "sf-2026")
    }

    @Test func aPublicKeyVerifiesButCannotSign() async throws {
        let token = try await Self.token()
        let verifier = try await TokenAuthority(
            publicKeyPEM: try #require(Self.privateKey).publicKey.pemRepresentation, policy: Self.policy)
        #expect((try? await verifier.verify(token, at: Self.now).get()) != nil)
        await #expect(throws: TokenError.self) {
            try await verifier.sign(
                inviteID: Self.inviteID, email: EmailAddress("a@b.test")!, courseRef: "c", issuedAt: Self.now,
                expiresAt: Self.now.addingTimeInterval(60))
        }
    }

    @Test func lifetimesOverSevenDaysAreRefused() async throws {
        await #expect(throws: TokenError.lifetimeTooLong(7 * 86_400 + 1)) {
            try await Self.token(lifetime: 7 * 86_400 + 1)
        }
    }

    @Test func expiryAndNotBeforeAllowOneMinuteOfSkew() async throws {
        let token = try await Self.token(lifetime: 3600)
        let authority = try await Self.authority()
        #expect((try? await authority.verify(token, at: Self.now.addingTimeInterval(3600 + 59)).get()) != nil)
        #expect(
            await authority.verify(token, at: Self.now.addingTimeInterval(3600 + 60))
                == .failure(.expired(Self.now.addingTimeInterval(3600))))
        #expect((try? await authority.verify(token, at: Self.now.addingTimeInterval(-59)).get()) != nil)
        #expect(await authority.verify(token, at: Self.now.addingTimeInterval(-61)) == .failure(.notYetValid(Self.now)))
    }

    @Test func issuerAndAudienceMustMatch() async throws {
        let token = try await Self.token()
        var otherAudience = Self.policy
        otherAudience.audience = "someone-else"
        let audienceResult = try await Self.authority(otherAudience).verify(token, at: Self.now)
        #expect(audienceResult == .failure(.wrongAudience(["selffull-accept"])))
        var otherIssuer = Self.policy
        otherIssuer.issuer = "https://evil.test"
        let issuerResult = try await Self.authority(otherIssuer).verify(token, at: Self.now)
        #expect(issuerResult == .failure(.wrongIssuer("https://app.selffull.io")))
    }

    @Test func unsignedAndDowngradedTokensAreRefused() async throws {
        let token = try await Self.token()
        let parts = token.split(separator: ".").map(String.init)
        let authority = try await Self.authority()
        let none = Self.encode(["alg": "none", "kid": "sf-2026", "typ": "JWT"]) + "." + parts[1] + "."
        #expect(
            await authority.verify(none, at: Self.now)
                == .failure(.malformed("a token has three non-empty parts separated by dots")))
        let noneSigned = Self.encode(["alg": "none", "kid": "sf-2026"]) + "." + parts[1] + "." + parts[2]
        #expect(await authority.verify(noneSigned, at: Self.now) == .failure(.algorithmNotAllowed("none")))
        let hmac = Self.encode(["alg": "HS256", "kid": "sf-2026"]) + "." + parts[1] + "." + parts[2]
        #expect(await authority.verify(hmac, at: Self.now) == .failure(.algorithmNotAllowed("HS256")))
        let foreignKey = Self.encode(["alg": "RS256", "kid": "attacker"]) + "." + parts[1] + "." + parts[2]
        #expect(await authority.verify(foreignKey, at: Self.now) == .failure(.unknownKey("attacker")))
        // One character of the claims changed, still canonical base64url: the signature fails.
        var claims = Array(parts[1])
        claims[10] = claims[10] == "A" ? "B" : "A"
        let tampered = parts[0] + "." + String(claims) + "." + parts[2]
        #expect(await authority.verify(tampered, at: Self.now) == .failure(.badSignature))
    }

    /// A token has one spelling: the same signature with bits set past its last byte (which a
    /// lenient decoder ignores) is refused, as are padding and other alphabets.
    @Test func onlyCanonicalBase64URLIsRead() async throws {
        let token = try await Self.token()
        let parts = token.split(separator: ".").map(String.init)
        let authority = try await Self.authority()
        let verified = await authority.verify(token, at: Self.now)
        #expect((try? verified.get()) != nil)
        // 256 signature bytes are 342 characters: the last holds 2 bits of the last byte and 4 unused.
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let signature = Array(parts[2])
        let lastValue = alphabet.firstIndex(of: signature.last!)!
        let sameBits = String(signature.dropLast()) + String(alphabet[lastValue | 0x01])
        let variants = [
            parts[0] + "." + parts[1] + "." + sameBits,
            parts[0] + "." + parts[1] + "." + parts[2] + "==",
            parts[0] + "." + parts[1].replacingOccurrences(of: "-", with: "+") + "+." + parts[2],
        ]
        for variant in variants {
            guard case .failure(.malformed(let reason)) = await authority.verify(variant, at: Self.now) else {
                Issue.record("accepted or refused for another reason: \(variant.suffix(12))")
                continue
            }
            #expect(reason.hasSuffix("is not canonical base64url"))
        }
        #expect(Base64URL.canonicalBytes("QQ") != nil)
        #expect(Base64URL.canonicalBytes("QR") == nil)
        #expect(Base64URL.canonicalBytes("QUE") != nil)
        #expect(Base64URL.canonicalBytes("QUF") == nil)
        #expect(Base64URL.canonicalBytes("QUFBQ") == nil)
    }

    @Test func keysUnder2048BitsAreRefused() async throws {
        let small = try _RSA.Signing.PrivateKey(unsafeKeySize: _RSA.Signing.KeySize(bitCount: 1024))
        await #expect(throws: TokenError.self) {
            try await TokenAuthority(privateKeyPEM: small.pemRepresentation, policy: Self.policy)
        }
    }

    static func encode(_ header: [String: String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: header, options: .sortedKeys)) ?? Data()
        return data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(
            of: "/", with: "_"
        )
        .replacingOccurrences(of: "=", with: "")
    }
}

extension String {
    fileprivate var base64URLDecodedJSON: [String: Any]? {
        var text = replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while !text.count.isMultiple(of: 4) { text += "=" }
        return Data(base64Encoded: text).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }
}

/// RFC 7519 §4: a token whose claims name a member twice is refused, whichever value a decoder
/// would keep.
@Suite struct DuplicateClaimTests {
    static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    @Test(arguments: [
        #"{"exp":1790003600,"exp":9999999999,"iat":1790000000}"#,
        #"{"exp":1,"nested":{"exp":2},"e\u0078p":3}"#,
    ])
    func aRepeatedClaimIsMalformed(claims: String) async throws {
        let token = try await TokenAuthorityTests.token()
        let parts = token.split(separator: ".").map(String.init)
        let forged = [parts[0], Self.base64URL(claims), parts[2]].joined(separator: ".")
        let result = try await TokenAuthorityTests.authority().verify(forged, at: TokenAuthorityTests.now)
        guard case .failure(.malformed(let reason)) = result else {
            Issue.record("expected a malformed token, got \(result)")
            return
        }
        #expect(reason.contains("twice"))
    }

    @Test func membersOnlyNestedDoNotCount() async throws {
        // `exp` inside another member is not a second claim.
        let names = JSONMemberNames.of(Array(#"{"a":{"exp":1},"exp":2,"b":[{"exp":3}]}"#.utf8))
        #expect(names == ["a", "exp", "b"])
    }

    /// Found by the `jwt` fuzz target: a comma between the items of a nested array (an `aud` list)
    /// never moved the reader on, and verifying such a token spun forever.
    @Test(arguments: [
        (#"{"aud":["other","selffull-accept"],"exp":1}"#, ["aud", "exp"] as [String]?),
        (#"{"a":[1, 2 ,3],"b":{"c":[{"d":[]} , {}]}}"#, ["a", "b"]),
        (#"{"a":[,,,]}"#, ["a"]), (#"{"a":[1,"#, nil), (#"{"a":{"b":1,,}"#, nil), (#"{"a":]}"#, nil),
    ])
    func nestedListsAreSkippedToTheirEnd(json: String, expected: [String]?) {
        #expect(JSONMemberNames.of(Array(json.utf8)) == expected)
    }
}
