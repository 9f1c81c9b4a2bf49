import Foundation
import InviteModel
import InviteSecurity
import PropertyBased
import Testing

@Suite struct LinkKeyringTests {
    static let policy = LinkPolicy(host: "join.playa.app", keyID: "k2")
    static let hexSecret = String(repeating: "0123456789abcdef", count: 4)
    static let base64Secret = Data((0..<32).map { UInt8($0) }).base64EncodedString()
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    static func keyring(_ environment: [String: String], id: String = "k2") throws -> LinkKeyring {
        try #require(try LinkKeyring.fromEnvironment(environment, signingKeyID: id))
    }

    static func link(expiring expiry: TimeInterval = 86_400) -> InviteLink {
        InviteLink(
            policy: policy, target: .code(InviteCode("7KQ2M9XJ4PW3HNT")!), expiresAt: now.addingTimeInterval(expiry))
    }

    @Test(arguments: [
        ["BECKON_LINK_KEY": hexSecret], ["BECKON_LINK_KEY": base64Secret],
        ["BECKON_LINK_KEYS": "k1:\(hexSecret),k2:\(base64Secret)"],
    ])
    func signedLinksVerify(environment: [String: String]) throws {
        let ring = try Self.keyring(environment)
        let signed = ring.sign(Self.link())
        #expect(signed.url.hasPrefix("https://join.playa.app/invite/7KQ2M9XJ4PW3HNT?exp="))
        #expect(signed.signature?.count == 22)
        #expect(try ring.verify(signed.url, policy: Self.policy, at: Self.now).get() == signed)
    }

    /// The stand-in measured without a key is as long as the signed link, variant and all.
    @Test(arguments: [nil, "context-rich"])
    func aPlaceholderSignedLinkIsAsLongAsTheSignedOne(variant: String?) throws {
        var link = Self.link()
        link.variant = variant
        let signed = try Self.keyring(["BECKON_LINK_KEY": Self.hexSecret]).sign(link)
        let placeholder = LinkKeyring.placeholderSigned(link)
        #expect(placeholder.url.count == signed.url.count)
        #expect(placeholder.keyID == signed.keyID && placeholder.parameters.map(\.0) == signed.parameters.map(\.0))
        #expect(signed.signature?.count == LinkKeyring.signatureLength)
    }

    @Test(arguments: [
        ["BECKON_LINK_KEY": "too-short"], ["BECKON_LINK_KEY": String(repeating: "ab", count: 31)],
        ["BECKON_LINK_KEYS": "k2"], ["BECKON_LINK_KEYS": "k1:\(hexSecret)"],
        ["BECKON_LINK_KEYS": "k2:\(hexSecret),k2:\(base64Secret)"],
    ])
    func badEnvironmentsAreExplained(environment: [String: String]) {
        #expect(throws: LinkKeyring.ConfigurationError.self) {
            try LinkKeyring.fromEnvironment(environment, signingKeyID: "k2")
        }
    }

    @Test func noKeyMeansNoKeyring() throws {
        #expect(try LinkKeyring.fromEnvironment([:], signingKeyID: "k2") == nil)
    }

    @Test func errorsNeverShowTheSecret() {
        do {
            _ = try LinkKeyring.fromEnvironment(
                ["BECKON_LINK_KEYS": "k2:\(Self.hexSecret.dropLast(2))"], signingKeyID: "k2")
        } catch {
            #expect(!error.description.contains(Self.hexSecret.prefix(16)))
        }
    }

    @Test func rotationKeepsOldLinksWorking() throws {
        let old = try Self.keyring(["BECKON_LINK_KEYS": "k1:\(Self.hexSecret)"], id: "k1")
        let oldLink = old.sign(Self.link()).url
        let rotated = try Self.keyring(["BECKON_LINK_KEYS": "k2:\(Self.base64Secret),k1:\(Self.hexSecret)"])
        #expect((try? rotated.verify(oldLink, policy: Self.policy, at: Self.now).get()) != nil)
        #expect(rotated.sign(Self.link()).keyID == "k2")
        let retired = try Self.keyring(["BECKON_LINK_KEYS": "k2:\(Self.base64Secret)"])
        #expect(retired.verify(oldLink, policy: Self.policy, at: Self.now) == .failure(.unknownKey("k1")))
    }

    @Test func expiryIsCheckedAfterTheSignature() throws {
        let ring = try Self.keyring(["BECKON_LINK_KEY": Self.hexSecret])
        let signed = ring.sign(Self.link(expiring: 60))
        #expect(
            ring.verify(signed.url, policy: Self.policy, at: Self.now.addingTimeInterval(61))
                == .failure(.expired(signed.expiresAt)))
    }

    @Test func anySingleChangedCharacterFailsVerification() throws {
        let ring = try Self.keyring(["BECKON_LINK_KEY": Self.hexSecret])
        let url = Array(ring.sign(Self.link()).url)
        let hostRange = 8..<(8 + Self.policy.host.count)
        let replacements: [Character] = ["A", "a", "0", "-", "_", "%", "/", "?", "&", "="]
        for index in url.indices {
            for replacement in replacements where replacement != url[index] {
                // Host names are case-insensitive (RFC 3986 §3.2.2): `join.plAya.app` is the same link.
                if hostRange.contains(index), replacement.lowercased() == url[index].lowercased() { continue }
                var tampered = url
                tampered[index] = replacement
                let result = ring.verify(String(tampered), policy: Self.policy, at: Self.now)
                guard case .failure = result else {
                    Issue.record("changing position \(index) to \(replacement) still verifies: \(String(tampered))")
                    return
                }
            }
        }
    }

    /// The A/B variant is signed: swapping it, adding one or removing it breaks the link.
    @Test func theVariantCannotBeForged() throws {
        let ring = try Self.keyring(["BECKON_LINK_KEY": Self.hexSecret])
        var link = Self.link()
        link.variant = "control"
        let url = ring.sign(link).url
        #expect(url.contains("v=control"))
        #expect((try? ring.verify(url, policy: Self.policy, at: Self.now).get())?.variant == "control")
        let plain = ring.sign(Self.link()).url
        for forged in [
            url.replacingOccurrences(of: "v=control", with: "v=context-rich"),
            url.replacingOccurrences(of: "&v=control", with: ""),
            plain.replacingOccurrences(of: "&sig=", with: "&v=control&sig="),
        ] {
            #expect(forged != url)
            guard case .failure = ring.verify(forged, policy: Self.policy, at: Self.now) else {
                Issue.record("\(forged) verifies")
                continue
            }
        }
        // A variant is an opaque id like every other value in a link.
        #expect(throws: LinkParseError.self) {
            try InviteLink(parsing: url.replacingOccurrences(of: "v=control", with: "v=a.b"), policy: Self.policy)
        }
    }

    @Test func linksFromAnotherSecretFail() throws {
        let ours = try Self.keyring(["BECKON_LINK_KEY": Self.hexSecret])
        let theirs = try Self.keyring(["BECKON_LINK_KEY": Self.base64Secret])
        #expect(ours.verify(theirs.sign(Self.link()).url, policy: Self.policy, at: Self.now) == .failure(.badSignature))
    }
}

@Suite struct LinkRoundTripTests {
    @Test func signedLinksParseBackToWhatWasSigned() async throws {
        let ring = try #require(
            try LinkKeyring.fromEnvironment(["BECKON_LINK_KEY": LinkKeyringTests.hexSecret], signingKeyID: "k1"))
        let path = LinkPolicy(host: "join.playa.app", keyID: "k1")
        let query = LinkPolicy(host: "app.example.com", form: .query, keyID: "k1")
        let seconds = Gen.int(in: 1_700_000_000...2_000_000_000)
        let id = Gen<Character?>.element(of: Array("abcXYZ019-_")).map { $0! }.string(of: 1...20)
        let context = Gen<InviteContext?>.element(of: InviteContext.allCases).map { $0! }
        await propertyCheck(input: seconds, id, context) { seconds, id, context in
            let expiry = Date(timeIntervalSince1970: TimeInterval(seconds))
            let code = InviteCodeGenerator().next()
            for (policy, target) in [
                (path, InviteLink.Target.code(code)), (query, .referral(senderID: id, context: context, contentID: id)),
            ] {
                for variant in [nil, id] {
                    let signed = ring.sign(
                        InviteLink(policy: policy, target: target, expiresAt: expiry, variant: variant))
                    let parsed = try? InviteLink(parsing: signed.url, policy: policy)
                    #expect(parsed == signed)
                    #expect(parsed?.variant == variant)
                    #expect(
                        (try? ring.verify(signed.url, policy: policy, at: expiry.addingTimeInterval(-1)).get())
                            == signed)
                }
            }
        }
    }

    /// In both forms, with and without content and a variant, an invite's own link verifies,
    /// names that invite (its code, and in the query form its sender, context and content), and
    /// differs from the link of another invite by the same sender, in the same context, expiring
    /// at the same second.
    @Test func everyInvitesOwnLinkNamesItAndNoOther() async throws {
        let ring = try #require(
            try LinkKeyring.fromEnvironment(["BECKON_LINK_KEY": LinkKeyringTests.hexSecret], signingKeyID: "k1"))
        let policies = [
            LinkPolicy(host: "join.playa.app", keyID: "k1"),
            LinkPolicy(host: "join.playa.app", path: "/i/{code}/open", keyID: "k1"),
            LinkPolicy(host: "app.example.com", form: .query, keyID: "k1"),
            LinkPolicy(host: "app.example.com", form: .query, path: "/join", keyID: "k1"),
        ]
        let id = Gen<Character?>.element(of: Array("abcXYZ019-_")).map { $0! }.string(of: 1...20)
        let context = Gen<InviteContext?>.element(of: InviteContext.allCases).map { $0! }
        let created = Date(timeIntervalSince1970: 1_790_000_000)
        await propertyCheck(input: id, context, Gen.bool) { sender, context, hasContent in
            let generator = InviteCodeGenerator()
            let invites = (0..<2).map { _ in
                Invite(
                    senderID: sender, code: generator.next(), context: context,
                    contextID: hasContent ? sender : nil, createdAt: created)
            }
            for policy in policies {
                for variant in [nil, "context-rich"] {
                    let links = invites.map { invite in
                        ring.sign(
                            InviteLink(
                                policy: policy, target: InviteLink.Target(for: invite, form: policy.form),
                                expiresAt: invite.expiresAt, variant: variant))
                    }
                    #expect(links[0].url != links[1].url)
                    for (invite, link) in zip(invites, links) {
                        let verified = try? ring.verify(link.url, policy: policy, at: created).get()
                        #expect(verified == link, "\(link.url)")
                        #expect(verified?.target.code == invite.code)
                        if case .referral(let ref, let ctx, let cid, _)? = verified?.target {
                            #expect(ref == invite.senderID && ctx == invite.context && cid == invite.contextID)
                        }
                    }
                }
            }
        }
    }
}
