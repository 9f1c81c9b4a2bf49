import BeckonTestSupport
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

    /// The byte-wise reading agrees with the rule read a character at a time (letters and digits
    /// of `Character`), on generated addresses: a local part and labels drawn mostly from what
    /// the rule allows, mixed with dots, hyphens, spaces, line breaks, accented letters, CJK,
    /// Arabic-Indic digits and long runs.
    @Test func readsAsTheCharacterRuleDoes() {
        var generator = SeededGenerator(seed: 5322)
        let local = [
            "maya", "Z", "7", "b", "Q", "2", "k", ".", "-", "_", "+", "'", "!", "~", "%", " ", "\r\n", "é", "\"",
            String(repeating: "x", count: 30),
        ]
        let label = [
            "example", "Mail", "co", "9", "de", "ab", "z", "-", "xn--", "ü", "例", "e\u{301}", "١", "_", " ",
            String(repeating: "y", count: 31),
        ]
        var valid = 0
        func part(_ pieces: [String], _ count: ClosedRange<Int>) -> String {
            (0..<Int.random(in: count, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
        }
        for _ in 0..<5_000 {
            let labels = (0..<Int.random(in: 1...4, using: &generator)).map { _ in part(label, 1...2) }
            let text = part(local, 1...3) + "@" + labels.joined(separator: ".")
            let read = EmailAddress(text)?.address
            #expect(read == Self.characterRule(text), "\(text.debugDescription)")
            if read != nil { valid += 1 }
        }
        // Both outcomes are exercised.
        #expect(valid > 500 && valid < 4_500, "\(valid) of 5,000 read as addresses")
    }

    /// The address rule written with `Character` properties: what the byte-wise reading must match.
    private static func characterRule(_ text: String) -> String? {
        guard let at = text.lastIndex(of: "@") else { return nil }
        let local = String(text[..<at])
        let symbols = Set("!#$%&'*+/=?^_`{|}~-")
        guard !local.isEmpty, local.utf8.count <= 64, !local.hasPrefix("."), !local.hasSuffix("."),
            !local.contains(".."),
            local.allSatisfy({ $0 == "." || ($0.isASCII && ($0.isLetter || $0.isNumber || symbols.contains($0))) })
        else { return nil }
        let labels = text[text.index(after: at)...].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return nil }
        var ascii: [String] = []
        for label in labels.map(String.init) {
            guard !label.isEmpty, !label.hasPrefix("-"), !label.hasSuffix("-"),
                label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" })
            else { return nil }
            if label.allSatisfy(\.isASCII) {
                ascii.append(label.lowercased())
            } else {
                // Non-ASCII labels go through Punycode in both readings: taken from the type itself.
                guard let domain = EmailAddress("x@" + label + ".test")?.domain else { return nil }
                ascii.append(String(domain.dropLast(".test".count)))
            }
        }
        guard ascii.allSatisfy({ $0.count <= 63 }), let last = ascii.last, !last.allSatisfy(\.isNumber) else {
            return nil
        }
        let domain = ascii.joined(separator: ".")
        return domain.count <= 253 ? local + "@" + domain : nil
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
