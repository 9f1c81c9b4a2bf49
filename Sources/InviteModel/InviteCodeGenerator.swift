import Foundation

/// Makes invite codes from a random number generator. The default draws from the operating
/// system's cryptographically secure generator; tests pass a seeded one.
public struct InviteCodeGenerator: Sendable {
    public init() {}

    /// A fresh code from the system CSPRNG.
    public func next() -> InviteCode {
        var generator = SystemRandomNumberGenerator()
        return next(using: &generator)
    }

    /// A code from any generator. Each symbol takes five random bits, and the one value of 32 that
    /// has no symbol is drawn again, so every symbol is equally likely (no modulo bias) and fifteen
    /// symbols carry 15 × log2(31) ≈ 74.3 bits. One 64-bit draw yields up to twelve symbols.
    public func next(using generator: inout some RandomNumberGenerator) -> InviteCode {
        let alphabet = InviteCode.alphabet
        var symbols: [Character] = []
        symbols.reserveCapacity(InviteCode.length)
        var bits: UInt64 = 0
        var available = 0
        while symbols.count < InviteCode.length {
            if available < 5 {
                bits = generator.next()
                available = 64
            }
            let value = Int(bits & 0b11111)
            bits >>= 5
            available -= 5
            if value < alphabet.count { symbols.append(alphabet[value]) }
        }
        return InviteCode(String(symbols))!
    }

    /// The entropy of a generated code, in bits.
    public static var entropyBits: Double {
        Double(InviteCode.length) * log2(Double(InviteCode.alphabet.count))
    }
}
