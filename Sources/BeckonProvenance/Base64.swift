/// Standard base64 (RFC 4648, with padding), for packing spans into one JSON string.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, character) in alphabet.enumerated() { table[Int(character)] = UInt8(index) }
        return table
    }()

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let a = bytes[index]
            let b = index + 1 < bytes.count ? bytes[index + 1] : 0
            let c = index + 2 < bytes.count ? bytes[index + 2] : 0
            out.append(alphabet[Int(a >> 2)])
            out.append(alphabet[Int((a & 0x03) << 4 | b >> 4)])
            out.append(index + 1 < bytes.count ? alphabet[Int((b & 0x0F) << 2 | c >> 6)] : UInt8(ascii: "="))
            out.append(index + 2 < bytes.count ? alphabet[Int(c & 0x3F)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func decode(_ text: String) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard characters.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(characters.count / 4 * 3)
        var index = 0
        while index < characters.count {
            var quad: [UInt8] = []
            var padding = 0
            for character in characters[index..<(index + 4)] {
                if character == UInt8(ascii: "=") {
                    padding += 1
                    quad.append(0)
                } else {
                    let value = values[Int(character)]
                    guard value != 0xFF, padding == 0 else { return nil }
                    quad.append(value)
                }
            }
            guard padding <= 2, padding == 0 || index + 4 == characters.count else { return nil }
            out.append(quad[0] << 2 | quad[1] >> 4)
            if padding < 2 { out.append((quad[1] & 0x0F) << 4 | quad[2] >> 2) }
            if padding < 1 { out.append((quad[2] & 0x03) << 6 | quad[3]) }
            index += 4
        }
        return out
    }
}
