import InviteModel
import Testing

@Suite struct AddressTests {
    @Test(arguments: [
        ("maya@example.com", "maya@example.com"),
        ("first.last+tag@sub.example.co.uk", "first.last+tag@sub.example.co.uk"),
        ("o'brien@example.ie", "o'brien@example.ie"), ("user@münchen.de", "user@xn--mnchen-3ya.de"),
        ("user@EXAMPLE.com", "user@example.com"), ("x@例え.テスト", "x@xn--r8jz45g.xn--zckzah"),
    ])
    func acceptsPracticalAddresses(text: String, normalized: String) {
        #expect(EmailAddress(text)?.address == normalized)
    }

    @Test(arguments: [
        "plain", "@example.com", "maya@", "maya@localhost", ".maya@example.com", "ma..ya@example.com",
        "maya.@example.com", "ma ya@example.com", "maya@-example.com", "maya@example..com", "maya@example.123",
        "\"quoted\"@example.com", "maya@[127.0.0.1]", "maya@exam_ple.com", "maya@example.com\r\nBcc: x@y.z",
        String(repeating: "a", count: 65) + "@example.com",
    ])
    func refusesEverythingElse(text: String) {
        #expect(EmailAddress(text) == nil)
    }

    @Test(arguments: [
        ("+4915123456789", "+4915123456789"), ("+1 (415) 555-0100", "+14155550100"),
        ("0044 20 7946 0018", "+442079460018"),
    ])
    func phoneNumbersNormaliseToE164(text: String, e164: String) {
        #expect(PhoneNumber(parsing: text)?.e164 == e164)
    }

    @Test(arguments: ["4915123456789", "+0123456", "+1", "+1234567890123456", "+49 151 abc", ""])
    func refusesNonE164Numbers(text: String) {
        #expect(PhoneNumber(parsing: text) == nil)
    }

    @Test(arguments: [
        ("maya.schneider", true), ("@maya_s", true), ("Maya.S", true), (".maya", false), ("maya.", false),
        ("ma..ya", false), ("maya-s", false), (String(repeating: "a", count: 31), false), ("", false),
    ])
    func instagramUsernames(text: String, valid: Bool) {
        #expect((InstagramUsername(text) != nil) == valid)
    }
}
