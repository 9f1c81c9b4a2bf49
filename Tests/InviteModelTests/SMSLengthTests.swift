import InviteModel
import Testing

@Suite struct SMSLengthTests {
    @Test(
        arguments: [
            ("Hello", SMSLength.Encoding.gsm7, 5, 1),
            (String(repeating: "a", count: 160), .gsm7, 160, 1),
            (String(repeating: "a", count: 161), .gsm7, 161, 2),
            (String(repeating: "a", count: 306), .gsm7, 306, 2),
            (String(repeating: "a", count: 307), .gsm7, 307, 3),
            ("Preis: 5€ [inkl.]", .gsm7, 20, 1),
            (String(repeating: "€", count: 80), .gsm7, 160, 1),
            (String(repeating: "a", count: 152) + "€", .gsm7, 154, 1),
            (String(repeating: "a", count: 159) + "€", .gsm7, 161, 2),
            ("Ça coûte 5 €", .ucs2, 12, 1),
            ("Hi 👋", .ucs2, 5, 1),
            (String(repeating: "ж", count: 70), .ucs2, 70, 1),
            (String(repeating: "ж", count: 71), .ucs2, 71, 2),
            (String(repeating: "ж", count: 66) + "😀", .ucs2, 68, 1),
            (String(repeating: "ж", count: 69) + "😀", .ucs2, 71, 2),
            ("ليلى دعتك", .ucs2, 9, 1),
            ("", .gsm7, 0, 1),
        ] as [(String, SMSLength.Encoding, Int, Int)])
    func measuredAsAPhoneWould(text: String, encoding: SMSLength.Encoding, units: Int, segments: Int) {
        let length = SMSLength(text)
        #expect(length.encoding == encoding)
        #expect(length.units == units)
        #expect(length.segments == segments)
    }

    @Test func extensionCharactersAreNotSplitAcrossParts() {
        // 152 septets, then a two-septet € that cannot start in the 153rd slot of part one.
        let text = String(repeating: "a", count: 152) + "€" + String(repeating: "a", count: 10)
        #expect(SMSLength(text).segments == 2)
        #expect(SMSLength(text).remainingInSegment == 153 - 12)
    }

    @Test func everyBasicCharacterIsOneSeptet() {
        let basic =
            "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
        #expect(basic.unicodeScalars.count == 127)
        #expect(SMSLength(basic).units == 127)
        #expect(SMSLength("^{}\\[~]|€").units == 18)
    }

    @Test func everyASCIICharacterTakesTheWidthOfItsTable() {
        // Every printable ASCII character but the backtick is in GSM-7, those of the extension
        // table taking two septets; of the control characters only the line breaks (one septet)
        // and the form feed (two).
        for value in UInt8(0)..<128 {
            let scalar = Unicode.Scalar(value)
            let expected: Int? =
                "^{}\\[~]|\u{0C}".unicodeScalars.contains(scalar)
                ? 2 : (scalar == "\n" || scalar == "\r" || (0x20..<0x7F).contains(value) && scalar != "`") ? 1 : nil
            #expect(SMSLength.septets(scalar) == expected, "U+\(String(value, radix: 16))")
            #expect(SMSLength.septets(String(scalar)) == expected.map { [$0] }, "U+\(String(value, radix: 16))")
        }
    }
}
