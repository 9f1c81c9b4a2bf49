import Crypto
import Foundation

/// A secret that signs invite links, with its id. Secrets are at least 32 bytes, written as hex
/// or base64 (standard or URL-safe).
public struct LinkKey: Sendable {
    public let id: String
    let secret: SymmetricKey

    /// The fewest bytes a secret may have.
    public static let minimumBytes = 32

    /// Reads a secret; `nil` when it is neither hex nor base64, or shorter than 32 bytes.
    public init?(id: String, encodedSecret text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let bytes = Self.hex(trimmed) ?? Self.base64(trimmed), bytes.count >= Self.minimumBytes else {
            return nil
        }
        self.id = id
        self.secret = SymmetricKey(data: bytes)
    }

    static func hex(_ text: String) -> [UInt8]? {
        guard text.count.isMultiple(of: 2), text.allSatisfy(\.isHexDigit) else { return nil }
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }

    static func base64(_ text: String) -> [UInt8]? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while !standard.count.isMultiple(of: 4) { standard += "=" }
        return Data(base64Encoded: standard).map(Array.init)
    }
}
