import Testing

@testable import BeckonMIME

/// A header value loses the spaces and tabs around it that are characters of their own; a space
/// joined to a combining mark after it, or to a prepended mark before it, stays.
@Suite struct HeaderTrimTests {
    @Test(arguments: [
        ("  value  ", "value"), ("\t a b \t", "a b"), ("value", "value"), ("", ""), (" \t ", ""),
        (" \u{301}x ", " \u{301}x"), ("x\u{600} ", "x\u{600} "), ("\u{600} x ", "\u{600} x"), (" é ", "é"),
        (" =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=", "=?UTF-8?Q?Gr=C3=BC=C3=9Fe?="),
    ])
    func trimsWholeCharacters(value: String, expected: String) {
        #expect(HeaderSection.trimmed(value).unicodeScalars.elementsEqual(expected.unicodeScalars))
    }
}
