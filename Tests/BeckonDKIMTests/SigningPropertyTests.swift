import BeckonDKIM
import Foundation
import PropertyBased
import Testing

/// Properties of whole signatures over generated bodies.
@Suite struct SigningPropertyTests {
    static let line = Gen<String?>.element(of: ["Hello", "  indented", "tab\there", "=C3=BC=", "ü", "", " ", "\t"])
        .map { $0! }
    static let body = line.array(of: 0...12)
    static let trailing = Gen<String?>.element(of: ["", " ", "\t", " \t "]).map { $0! }.array(of: 0...5)
    static let header = "From: a@example.com\nTo: b@example.org\nSubject: Hi\n\n"

    static func signer() throws -> DKIMSigner {
        try DKIMSigner(key: DKIMKey.generate(.ed25519SHA256), domain: "example.com", selector: "s")
    }

    @Test func lfAndCRLFMessagesGetTheSameSignedMessage() async throws {
        let signer = try Self.signer()
        let date = Date()
        await propertyCheck(input: Self.body) { lines in
            let lf = Self.header + lines.map { $0 + "\n" }.joined()
            let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
            let fromLF = try signer.sign(Array(lf.utf8), at: date)
            #expect(fromLF == (try signer.sign(Array(crlf.utf8), at: date)))
        }
    }

    @Test func trailingWhitespaceAndEmptyLinesNeverChangeTheBodyHash() async throws {
        let signer = try Self.signer()
        await propertyCheck(input: Self.body, Self.trailing) { lines, trailing in
            let body = lines.map { $0 + "\r\n" }.joined()
            let padded = lines.map { $0 + " \t\r\n" }.joined() + trailing.map { $0 + "\r\n" }.joined()
            let plain = SignedMessage(try signer.sign(Array((Self.header + body).utf8), at: Date()))
            let changed = SignedMessage(try signer.sign(Array((Self.header + padded).utf8), at: Date()))
            #expect(plain.tags["bh"] == changed.tags["bh"])
        }
    }
}
