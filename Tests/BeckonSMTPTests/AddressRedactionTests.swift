import Testing

@testable import BeckonSMTP

@Suite("Addresses taken out of replies")
struct AddressRedactionTests {
    @Test(arguments: [
        ("5.1.1 <guest@example.com> User unknown", "5.1.1 <recipient> User unknown"),
        ("5.1.1 guest@example.com: Recipient address rejected.", "5.1.1 <recipient>: Recipient address rejected."),
        ("mailbox full for guest.name+tag@mail.example.com.", "mailbox full for <recipient>."),
        ("to:<a@b.test>, cc:<c@d.test>", "to:<recipient>, cc:<recipient>"),
        ("(\"odd\"@example.com) unknown", "(<recipient>) unknown"),
        ("2.0.0 Ok: queued as 4ABCD", "2.0.0 Ok: queued as 4ABCD"),
        ("", ""),
    ])
    func redacts(reply: String, expected: String) {
        #expect(AddressRedaction.redact(reply) == expected)
    }
}
