import BeckonDiagnostics
import BeckonSite
import Foundation
import InviteModel
import InviteSecurity

/// `invite-json`: an invite file, as `beckon render --invite FILE.json` and an invite service read it.
///
/// Reads the input as a sample invite (`InviteValues.parse`: JSON or YAML with the keys of
/// `samples[]`, or what `beckon invite new` prints) and prints its diagnostics; and as a stored
/// invite (`InviteJSON.decode`, schema versions 1 and 2), checking that an invite it reads is
/// written and read back unchanged.
enum InviteJSONTarget {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let source = SourceText(path: "invite.json", text: String(fuzzInput: bytes))
        let (invite, diagnostics) = InviteValues.parse(source, now: Date(timeIntervalSince1970: 0))
        if let invite {
            _ = (invite.code.rawValue, invite.inviteeEmail.normalized, invite.fieldLocations.count)
        }
        Trace.note(diagnostics, invite == nil ? "sample: not read" : "sample: \(invite!.id)")
        DiagnosticsOutput.render(diagnostics, sources: [source])

        let data = Data(buffer: bytes)
        let decoded: Invite
        do {
            decoded = try InviteJSON.decode(data)
        } catch {
            Trace.note("stored invite: \(error)")
            return
        }
        Trace.note("stored invite: \(decoded.status) \(decoded.code)")
        let encoded = InviteJSON.encode(decoded)
        let again = try? InviteJSON.decode(encoded)
        Invariant.expect(
            again == decoded,
            "an invite read from JSON is not read back the same after writing: \(String(decoding: encoded, as: UTF8.self))"
        )
    }
}

/// `invite-link`: a signed invite link, as `beckon link verify URL` and the landing page read it.
///
/// Parses the input with two fixed policies (the path form and the query form) and verifies it with
/// a fixed keyring whose key ids are `p1` and `old` (`LinkKeyring.fromEnvironment`). A link that
/// parses is re-signed and must then verify (unless expired); a link that verifies must parse to
/// the same link.
/// The input is also read as a share deep link (`DeepLink.parse`), which must round-trip.
enum InviteLinkTarget {
    static let policies = [
        LinkPolicy(host: "join.playa.app", form: .path, keyID: "p1"),
        LinkPolicy(host: "join.playa.app", form: .query, keyID: "p1"),
    ]

    /// Two keys, as during a rotation: `p1` signs, `old` still verifies.
    static let keyring: LinkKeyring = {
        let environment = [
            LinkKeyring.keysVariable:
                "p1:\(String(repeating: "0f1e2d3c4b5a6978", count: 4)),old:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"
        ]
        guard let keyring = try? LinkKeyring.fromEnvironment(environment, signingKeyID: "p1") else {
            fatalError("fixture keyring")
        }
        return keyring
    }()

    /// The moment links are verified at: 2026-01-15.
    static let now = Date(timeIntervalSince1970: 1_768_435_200)

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let text = String(fuzzInput: bytes)
        for policy in policies {
            Trace.note("\(policy.form): \(keyring.verify(text, policy: policy, at: now))")
            if let link = try? InviteLink(parsing: text, policy: policy) {
                _ = (link.url, link.parameters)
                let signed = keyring.sign(link)
                switch keyring.verify(signed.url, policy: policy, at: now) {
                case .success(let verified):
                    Invariant.expect(verified == signed, "a re-signed link verifies as another link: \(signed.url)")
                case .failure(.expired):
                    break
                case .failure(let failure):
                    Invariant.expect(false, "a re-signed link does not verify: \(signed.url) → \(failure)")
                }
            }
            if case .success(let link) = keyring.verify(text, policy: policy, at: now) {
                Invariant.expect(
                    (try? InviteLink(parsing: link.url, policy: policy)) == link,
                    "a verified link does not parse back from its URL: \(text.debugDescription) → \(link.url)")
            }
        }

        Trace.note("deep link: \(DeepLink.parse(text).map { "\($0)" } ?? "none")")
        if let deepLink = DeepLink.parse(text) {
            let url = deepLink.url
            Invariant.expect(
                DeepLink.parse(url) == deepLink,
                "a deep link does not round-trip: \(text.debugDescription) → \(url.debugDescription)")
        }
    }
}
