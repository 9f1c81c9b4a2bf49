/// A seeded SplitMix64 generator, so a property test sees the same inputs on every run.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

extension SeededGenerator {
    /// A text of up to `maximum` pieces, each drawn from `pieces`: a property test's input.
    public mutating func text(from pieces: [String], upTo maximum: Int) -> String {
        (0..<Int.random(in: 0...maximum, using: &self)).map { _ in pieces.randomElement(using: &self)! }.joined()
    }
}
