import BeckonTestSupport
import Foundation
import InviteModel
import InviteSecurity
import Testing

@testable import BeckonServe

@Suite struct VerifiedLinksTests {
    static let policy = LinkPolicy(host: "join.playa.app", keyID: "k1")
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static let keyring = LinkKeyring(
        keys: [LinkKey(id: "k1", encodedSecret: String(repeating: "0123456789abcdef", count: 4))!], signingKeyID: "k1")

    static func signed(_ code: String, expiring expiry: TimeInterval = 86_400) -> String {
        keyring.sign(
            InviteLink(policy: policy, target: .code(InviteCode(code)!), expiresAt: now.addingTimeInterval(expiry))
        ).url
    }

    /// What a remembered link answers is what checking it again would: authentic while its time
    /// lasts, expired after, and every change to its text (a tampered signature, code or expiry,
    /// a link of another host) is checked in full and refused, however often it is asked.
    @Test func rememberedLinksAnswerAsTheKeyringDoes() {
        let links = VerifiedLinks(keyring: Self.keyring, policy: Self.policy)
        let url = Self.signed("7KQ2M9XJ4PW3HNT")
        var generator = SeededGenerator(seed: 5)
        var variants = [url, url, Self.signed("7KQ2M9XJ4PW3HNT", expiring: 60)]
        for _ in 0..<300 {
            var bytes = Array(url.utf8)
            let index = Int(generator.next() % UInt64(bytes.count))
            bytes[index] = Array("ABCxyz019-_?&=/%".utf8)[Int(generator.next() % 16)]
            variants.append(String(decoding: bytes, as: UTF8.self))
        }
        for date in [Self.now, Self.now.addingTimeInterval(3_600), Self.now.addingTimeInterval(90_000)] {
            for variant in variants + variants {
                let expected: (link: InviteLink, expired: Bool)?
                switch Self.keyring.verify(variant, policy: Self.policy, at: date) {
                case .success(let link): expected = (link, false)
                case .failure(.expired):
                    expected = (try? InviteLink(parsing: variant, policy: Self.policy)).map { ($0, true) }
                case .failure: expected = nil
                }
                let found = links.authentic(variant, at: date)
                #expect(found?.link == expected?.link, "\(variant)")
                #expect(found?.expired == expected?.expired, "\(variant)")
            }
        }
    }
}
