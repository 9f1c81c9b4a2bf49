import BeckonBase64
import Foundation
import PropertyBased
import Testing

/// The one base64 the provenance map's JSON and email messages share.
@Suite struct Base64Tests {
    @Test(
        arguments: [
            ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"), ("🏆", "8J+Phg=="),
        ])
    func matchesRFC4648Vectors(text: String, encoded: String) {
        #expect(Base64.encode(Array(text.utf8)) == encoded)
        #expect(Base64.decode(Array(encoded.utf8)) == Array(text.utf8))
        #expect(Base64.decode(encoded) == Array(text.utf8))
    }

    @Test(arguments: [(0, 0), (57, 1), (58, 2), (114, 2), (1000, 18)])
    func linesAre76CharactersExceptTheLast(byteCount: Int, lineCount: Int) {
        let bytes = (0..<byteCount).map { UInt8($0 % 256) }
        let lines = Base64.encodeLines(bytes)
        #expect(lines.count == lineCount)
        #expect(lines.dropLast().allSatisfy { $0.utf8.count == 76 })
        #expect(lines.last.map { (1...76).contains($0.utf8.count) } ?? true)
        #expect(Base64.decode(Array(lines.joined().utf8)) == bytes)
    }

    /// Outside the alphabet, not a multiple of four, padding in the middle or too much of it, and
    /// padding bits that are not zero (`Zh==` would be a second spelling of `Zg==`).
    @Test(arguments: [
        "A", "Zg=", "Zh==", "Zm8=Zm8=", "Z===", "AB=C", "====", "A@==", "Zm9v!A==", "Zg==Zg==", "Zm9=v", "Zm 9v",
        "Zm9\n",
    ])
    func malformedTextIsRefused(text: String) {
        #expect(Base64.decode(text) == nil)
    }

    /// Any bytes encode as Foundation encodes them, and read back as themselves.
    @Test func anyBytesEncodeAsFoundationDoesAndReadBack() async {
        await propertyCheck(input: Gen.int(in: 0...255).map { UInt8($0) }.array(of: 0...200)) { bytes in
            let encoded = Base64.encode(bytes)
            #expect(encoded == Data(bytes).base64EncodedString())
            #expect(Base64.decode(encoded) == bytes)
        }
    }
}
