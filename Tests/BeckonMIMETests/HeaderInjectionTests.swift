import Foundation
import Testing

@testable import BeckonMIME

@Suite struct HeaderInjectionTests {
    static let attacks = [
        "Maya\r\nBcc: x@evil.com", "Maya\nBcc: x@evil.com", "Maya\rX", "Maya\u{0}", "Maya\t", "Maya\u{85}",
        "Maya\u{2028}",
    ]

    func refusal(_ change: (inout EmailMessage) -> Void) -> EmailError? {
        var message = Fixtures.message()
        change(&message)
        do {
            _ = try message.encoded(stamp: Fixtures.stamp)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: attacks)
    func controlCharactersAreRefusedInEveryFieldWithItsName(attack: String) {
        #expect(refusal { $0.subject = attack } == EmailError(field: "Subject", problem: .controlCharacter))
        #expect(refusal { $0.from.displayName = attack } == EmailError(field: "From", problem: .controlCharacter))
        #expect(refusal { $0.to.displayName = attack } == EmailError(field: "To", problem: .controlCharacter))
        #expect(
            refusal { $0.replyTo?.displayName = attack } == EmailError(field: "Reply-To", problem: .controlCharacter))
        #expect(
            refusal { $0.to.address = "maya@example.com" + attack }
                == EmailError(field: "To", problem: .controlCharacter))
        #expect(
            refusal { $0.extraHeaders = [HeaderField("X-Entity-Ref-ID", attack)] }
                == EmailError(field: "X-Entity-Ref-ID", problem: .controlCharacter))
    }

    /// The byte-level check agrees with its definition (general category Cc, U+2028, U+2029) on
    /// every scalar of the first three planes, alone and between letters.
    @Test func controlCharactersAreExactlyCcAndTheSeparators() {
        for value in UInt32(0)...0x2_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = scalar.properties.generalCategory == .control || value == 0x2028 || value == 0x2029
            let text = String(scalar)
            if HeaderValue.hasControlCharacter(text) != expected
                || HeaderValue.hasControlCharacter("a\(text)b") != expected
            {
                Issue.record("U+\(String(value, radix: 16))")
                return
            }
        }
    }

    @Test(arguments: [
        (HeaderField("Bcc\r\nX", "y"), EmailError.Problem.invalidFieldName),
        (HeaderField("Bad Name", "y"), .invalidFieldName),
        (HeaderField("", "y"), .invalidFieldName), (HeaderField("X:Y", "y"), .invalidFieldName),
        (HeaderField("subject", "y"), .reservedFieldName),
        (HeaderField("Content-Type", "text/plain"), .reservedFieldName),
        (HeaderField("X-Name", "Grüße"), .nonASCII),
        (HeaderField("X-Long", String(repeating: "a", count: 991)), .lineTooLong),
    ])
    func extraFieldsMustBeSafeASCII(field: HeaderField, problem: EmailError.Problem) {
        #expect(refusal { $0.extraHeaders = [field] } == EmailError(field: field.name, problem: problem))
    }

    @Test(arguments: ["<id@example.com>", "id", "id@exa mple.com", "a@b@c", "id@example.com\r\nBcc: x@evil.com"])
    func liveMessageIDsMustBeBareLeftAtRight(id: String) {
        let stamp = MessageStamp.live(date: Fixtures.date, messageID: id)
        #expect(throws: EmailError(field: "Message-ID", problem: .invalidMessageID)) {
            _ = try Fixtures.message().encoded(stamp: stamp)
        }
    }

    @Test(arguments: ["localhost", "bad domain.com", "evil.com>\r\nBcc: x@evil.com", ""])
    func deterministicDomainsMustBeHostNames(domain: String) {
        let stamp = MessageStamp.deterministic(date: Fixtures.date, domain: domain)
        #expect(throws: EmailError(field: "Message-ID", problem: .invalidDomain)) {
            _ = try Fixtures.message().encoded(stamp: stamp)
        }
    }
}
