import Foundation
import InviteModel
import InviteSecurity
import Testing

/// One-click unsubscribe tokens: each names its address by a keyed hash, reads back to the hash
/// the suppression list keeps, and is refused when this server did not make it.
@Suite struct UnsubscribeTokensTests {
    static var tokens: UnsubscribeTokens {
        get throws {
            UnsubscribeTokens(keyring: try LinkKeyringTests.keyring(["BECKON_LINK_KEY": LinkKeyringTests.hexSecret]))
        }
    }

    @Test func aTokenNamesItsAddressByItsKeyedHash() throws {
        let tokens = try Self.tokens
        let address = try #require(EmailAddress("Sam.Lee@Example.org"))
        let token = tokens.token(for: address)
        #expect(token.count == 43 && token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(!token.lowercased().contains("sam") && !token.lowercased().contains("example"))
        let hash = try #require(tokens.addressHash(token: token))
        #expect(hash == tokens.addressHashes(address)[0] && hash.count == 32)
        // The same person however the address is capitalized; another address another hash.
        #expect(tokens.addressHashes(try #require(EmailAddress("sam.lee@example.org")))[0] == hash)
        #expect(tokens.addressHashes(try #require(EmailAddress("sam.lee2@example.org")))[0] != hash)
    }

    @Test func anotherServersTokenIsRefused() throws {
        let tokens = try Self.tokens
        let address = try #require(EmailAddress("sam@example.org"))
        let other = UnsubscribeTokens(
            keyring: try LinkKeyringTests.keyring(["BECKON_LINK_KEY": String(repeating: "ab", count: 32)]))
        #expect(tokens.addressHash(token: other.token(for: address)) == nil)
    }

    /// Property: a token changed in any one character, cut or lengthened, or made up, is refused.
    @Test func aChangedOrMadeUpTokenIsRefused() throws {
        let tokens = try Self.tokens
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let token = Array(tokens.token(for: try #require(EmailAddress("sam@example.org"))))
        for index in token.indices {
            var changed = token
            changed[index] = alphabet.filter { $0 != token[index] }.randomElement(using: &generator)!
            #expect(tokens.addressHash(token: String(changed)) == nil, "\(String(changed))")
        }
        #expect(tokens.addressHash(token: String(token.dropLast())) == nil)
        #expect(tokens.addressHash(token: String(token) + "A") == nil)
        #expect(tokens.addressHash(token: String(token) + "=") == nil)
        for _ in 0..<1_000 {
            let made = String((0..<43).map { _ in alphabet.randomElement(using: &generator)! })
            #expect(tokens.addressHash(token: made) == nil)
        }
    }

    /// A rotation keeps the old key beside the new one: the links already sent still work, and
    /// an address suppressed under the old key is still found; a new link is the new key's.
    @Test func aRotationKeepsTheLinksSentAndTheList() throws {
        let address = try #require(EmailAddress("sam@example.org"))
        let old = UnsubscribeTokens(
            keyring: try LinkKeyringTests.keyring(["BECKON_LINK_KEYS": "k1:\(LinkKeyringTests.hexSecret)"], id: "k1"))
        let rotated = UnsubscribeTokens(
            keyring: try LinkKeyringTests.keyring([
                "BECKON_LINK_KEYS": "k1:\(LinkKeyringTests.hexSecret),k2:\(LinkKeyringTests.base64Secret)"
            ]))
        let sent = old.token(for: address)
        let suppressed = try #require(rotated.addressHash(token: sent))
        #expect(suppressed == old.addressHashes(address)[0])
        #expect(rotated.addressHashes(address).count == 2 && rotated.addressHashes(address).contains(suppressed))
        #expect(rotated.token(for: address) != sent)
        #expect(rotated.addressHash(token: rotated.token(for: address)) == rotated.addressHashes(address)[0])
        // The old key removed: what was suppressed under it is forgotten (documented).
        let newOnly = UnsubscribeTokens(
            keyring: try LinkKeyringTests.keyring(["BECKON_LINK_KEYS": "k2:\(LinkKeyringTests.base64Secret)"]))
        #expect(newOnly.addressHash(token: sent) == nil && !newOnly.addressHashes(address).contains(suppressed))
    }
}
