import Foundation
import Testing

@testable import BeckonDKIM

/// Reading, writing and publishing DKIM keys.
@Suite struct DKIMKeyTests {
    @Test(arguments: [DKIMKey.Algorithm.rsaSHA256, .ed25519SHA256])
    func aGeneratedKeyReadsBackFromItsPEM(algorithm: DKIMKey.Algorithm) throws {
        let key = try DKIMKey.generate(algorithm)
        #expect(key.algorithm == algorithm)
        #expect(key.pem.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        #expect(key.pem.hasSuffix("\n-----END PRIVATE KEY-----\n"))
        let read = try DKIMKey(pem: key.pem)
        #expect(read.algorithm == algorithm)
        #expect(read.pem == key.pem)
        #expect(read.dnsRecord == key.dnsRecord)
    }

    @Test func anRSARecordHoldsTheSubjectPublicKeyInfo() throws {
        let record = try DKIMKey.generate(.rsaSHA256).dnsRecord
        #expect(record.hasPrefix("v=DKIM1; k=rsa; p="))
        let der = try #require(Data(base64Encoded: String(record.dropFirst("v=DKIM1; k=rsa; p=".count))))
        // A SEQUENCE of 294 bytes starting with the rsaEncryption algorithm identifier.
        let rsaEncryption: [UInt8] = [0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]
        #expect(der.count == 294)
        #expect(Array(der[4..<17]) == rsaEncryption)
    }

    @Test func anEd25519RecordHoldsTheRaw32BytePublicKey() throws {
        let record = try DKIMKey.generate(.ed25519SHA256).dnsRecord
        #expect(record.hasPrefix("v=DKIM1; k=ed25519; p="))
        let raw = try #require(Data(base64Encoded: String(record.dropFirst("v=DKIM1; k=ed25519; p=".count))))
        #expect(raw.count == 32)
        #expect(record.count == "v=DKIM1; k=ed25519; p=".count + 44)
    }

    @Test(arguments: [
        "", "not a key", "-----BEGIN PRIVATE KEY-----\nnot base64!\n-----END PRIVATE KEY-----\n",
        "-----BEGIN PRIVATE KEY-----\nMIIB\n", "-----BEGIN PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----\n",
    ])
    func textWithoutAPEMPrivateKeyIsRefused(text: String) {
        #expect(throws: DKIMKeyError(.notPEM)) { try DKIMKey(pem: text) }
    }

    @Test func aPEMBlockOfBytesThatAreNoKeyIsRefused() {
        let bytes = Data("no key at all".utf8).base64EncodedString()
        let pem = "-----BEGIN PRIVATE KEY-----\n\(bytes)\n-----END PRIVATE KEY-----"
        #expect(throws: DKIMKeyError(.unsupportedKey)) { try DKIMKey(pem: pem) }
    }

    @Test func aPublicKeyIsRefusedAsNotPrivate() throws {
        let pem = "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----\n"
        #expect(throws: DKIMKeyError(.notAPrivateKey(label: "PUBLIC KEY"))) { try DKIMKey(pem: pem) }
        let error = DKIMKeyError(.notAPrivateKey(label: "PUBLIC KEY"))
        #expect(error.description.contains("DNS record"))
    }

    @Test func anEncryptedKeyIsRefused() {
        let pem = "-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIB\n-----END ENCRYPTED PRIVATE KEY-----\n"
        #expect(throws: DKIMKeyError(.encrypted)) { try DKIMKey(pem: pem) }
    }

    @Test func keyBlocksAreFoundAmongOtherText() throws {
        let key = try DKIMKey.generate(.ed25519SHA256)
        let text =
            "A comment\r\n-----BEGIN PUBLIC KEY-----\r\nAAAA\r\n-----END PUBLIC KEY-----\r\n"
            + key.pem.replacingOccurrences(of: "\n", with: "\r\n") + "trailing words\r\n"
        #expect(try DKIMKey(pem: text).dnsRecord == key.dnsRecord)
    }

    /// The key's description, and what `dump` shows of it, name the algorithm and nothing secret.
    @Test func printingAKeyShowsNoKeyMaterial() throws {
        let key = try DKIMKey.generate(.ed25519SHA256)
        #expect(String(describing: key) == "DKIMKey(ed25519-sha256)")
        var dumped = ""
        dump(key, to: &dumped)
        let secret = key.pem.split(separator: "\n")[1]
        #expect(!dumped.contains(secret) && !dumped.contains("ed25519(") && dumped.contains("ed25519SHA256"))
    }

    @Test func errorsSayHowToFixTheKey() {
        #expect(DKIMKeyError(.rsaKeyTooSmall(bits: 1024)).description.contains("1024 bits"))
        #expect(DKIMKeyError(.rsaKeyTooSmall(bits: 1024)).description.contains("RFC 8301"))
        #expect(DKIMKeyError(.notPEM).description.contains("beckon dkim keygen"))
        #expect(DKIMKeyError(.encrypted).description.contains("openssl pkey"))
    }
}
