import Testing

@testable import BeckonDiagnostics

@Suite struct RedactTests {
    @Test(arguments: [
        ("jane.doe@example.com", "j…@e….com"), ("a@b", "a…@b…"), ("not-an-address", "n…"),
    ])
    func emailAddressesAreMasked(address: String, masked: String) {
        #expect(Redact.email(address) == masked)
    }

    @Test(arguments: [
        ("sms:+491701234567?body=Hi%20Jane%20join%20me", "sms:+49…67?body=…"),
        ("sms:?&body=Hi%20Jane", "sms:?&body=…"),
        ("mailto:jane@example.com?subject=Hi%20Jane&body=Come", "mailto:j…@e….com?subject=…&body=…"),
        ("mailto:a@x.test,b@y.test", "mailto:a…@x….test,b…@y….test"),
        ("tel:+491701234567", "tel:+49…67"),
        ("https://wa.me/491701234567?text=Hi%20Jane", "https://wa.me/491…67?text=…"),
        ("https://wa.me/?text=Hi", "https://wa.me/?text=…"),
        ("https://www.instagram.com/jane.doe/", "https://www.instagram.com/j…/"),
        ("whatsapp://send?phone=491701234567&text=Hi", "whatsapp://send?phone=…&text=…"),
        ("instagram://user?username=jane.doe", "instagram://user?username=…"),
        (
            "https://join.playa.app/invite/ABC?exp=1&kid=p1&sig=x#top",
            "https://join.playa.app/invite/ABC?exp=1&kid=p1&sig=x#top"
        ),
        ("/de-DE/nowhere/", "/de-DE/nowhere/"),
    ])
    func linksKeepTheirShapeButNotThePerson(url: String, redacted: String) {
        #expect(Redact.url(url) == redacted)
    }
}
