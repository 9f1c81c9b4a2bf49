/// A fixed-seed xorshift64* generator, so the property tests see the same inputs on every run.
struct XorShiftGenerator: RandomNumberGenerator {
    /// The state; never zero.
    private var state: UInt64

    /// A generator starting from `seed` (zero is replaced, as xorshift would stay at zero).
    init(seed: UInt64) {
        state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}
