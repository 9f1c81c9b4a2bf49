import Testing

@testable import BeckonMIME

@Suite struct Base64Tests {
    @Test(
        arguments: [
            ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"), ("🏆", "8J+Phg=="),
        ])
    func matchesRFC4648Vectors(text: String, encoded: String) {
        #expect(Base64.encode(Array(text.utf8)) == encoded)
        #expect(Base64.decode(Array(encoded.utf8)) == Array(text.utf8))
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

    @Test(arguments: ["Zg=", "Zh==", "Z===", "Zm9v!A==", "Zg==Zg==", "Zm9=v", "====", "Zm 9v"])
    func decoderRejectsMalformedText(text: String) {
        #expect(Base64.decode(Array(text.utf8)) == nil)
    }
}
