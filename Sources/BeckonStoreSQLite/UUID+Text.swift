import Foundation

extension UUID {
    /// Reads a UUID written as `uuidString` writes it (8-4-4-4-12 hex digits, either case), as
    /// `UUID(uuidString:)` does, without its `sscanf`: every link's lookup reads one.
    init?(storedText text: String) {
        var text = text
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let read = text.withUTF8 { utf8 in
            guard utf8.count == 36 else { return false }
            return withUnsafeMutableBytes(of: &bytes) { value in
                var index = 0
                var high: UInt8?
                for (offset, byte) in utf8.enumerated() {
                    if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                        guard byte == UInt8(ascii: "-") else { return false }
                        continue
                    }
                    guard let digit = Self.hexDigit(byte) else { return false }
                    if let first = high {
                        value[index] = first << 4 | digit
                        index += 1
                        high = nil
                    } else {
                        high = digit
                    }
                }
                return true
            }
        }
        guard read else { return nil }
        self.init(uuid: bytes)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
