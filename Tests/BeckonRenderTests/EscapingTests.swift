import BeckonRender
import Foundation
import PropertyBased
import Testing

@Suite struct EscapingTests {
    /// Text of any Unicode scalars below the surrogates: markup characters, quotes, controls,
    /// Arabic, CJK and the rest.
    static let anyText = Gen.character(in: "\u{1}"..."\u{D7FF}").string(of: 0...40)

    /// Undoes the five escapes, to prove escaping loses nothing. It reads Unicode scalars, not
    /// characters: a combining mark after `&#39;` joins the `;` into one character.
    func unescape(_ text: String) -> String {
        let escapes: [(String, Unicode.Scalar)] = [
            ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&"),
        ]
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        scan: while index < scalars.count {
            for (escape, scalar) in escapes {
                let pattern = Array(escape.unicodeScalars)
                if scalars[index...].starts(with: pattern) {
                    result.append(scalar)
                    index += pattern.count
                    continue scan
                }
            }
            result.append(scalars[index])
            index += 1
        }
        return String(result)
    }

    @Test func attributeEscapingLeavesNoWayOutOfTheAttribute() async {
        await propertyCheck(input: Self.anyText) { text in
            let escaped = HTMLEscaping.attribute(text)
            #expect(!escaped.contains("\""))
            #expect(!escaped.contains("'"))
            #expect(!escaped.contains("<"))
            #expect(unescape(escaped) == text)
        }
    }

    /// A script string holds the value exactly (it reads back as JSON) and cannot close the
    /// script element or start a comment in it.
    @Test func scriptStringsCannotLeaveTheScript() async {
        await propertyCheck(input: Self.anyText) { text in
            let literal = ScriptEscaping.string(text)
            #expect(!literal.contains("<") && !literal.contains(">"))
            #expect(!literal.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" })
            let decoded = try? JSONDecoder().decode(String.self, from: Data(literal.utf8))
            #expect(decoded == text)
        }
    }

    @Test func textEscapingLeavesNoTags() async {
        await propertyCheck(input: Self.anyText) { text in
            let escaped = HTMLEscaping.text(text)
            #expect(!escaped.contains("<"))
            #expect(!escaped.contains(">"))
        }
    }

    @Test func componentsRoundTripThroughPercentDecoding() async {
        await propertyCheck(input: Self.anyText) { text in
            let encoded = URLEscaping.component(text)
            #expect(encoded.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-._~%".contains($0)) })
            #expect(encoded.removingPercentEncoding == text)
        }
    }

    @Test(arguments: [
        ("https://join.playa.app/invite/ABC", true), ("/de-DE/expired/", true), ("#top", true),
        ("mailto:help@playa.app", true), ("tel:+4930123456", true), ("sms:+4930123456?body=Hi", true),
        ("playa://invite/ABC", true), ("relative/page", true), ("javascript:alert(1)", false),
        ("JavaScript:alert(1)", false), ("data:text/html,x", false), ("http://example.com", false),
        ("//evil.example", false), ("https:evil", false), ("https://a b", false), ("vbscript:x", false),
    ])
    func onlySafeSchemesMayBeLinked(url: String, allowed: Bool) {
        #expect(URLEscaping.isAllowed(url, appSchemes: ["playa"]) == allowed)
    }

    @Test(arguments: [("Maya", false, false), ("ليلى", false, true), ("Maya", true, true), ("さくら", false, false)])
    func isolationIsAddedWhereDirectionCanFlip(value: String, rightToLeft: Bool, isolated: Bool) {
        #expect(Bidi.needsIsolation(value, inRightToLeft: rightToLeft) == isolated)
    }
}
